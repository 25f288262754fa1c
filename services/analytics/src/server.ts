import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-runtime'
import type { PrismaClient } from './db.ts'
import { subscribeUserRegistered } from './events/user-registered.ts'

export { PrismaClient } from './db.ts'
export { analyticsConfigSchema, type AnalyticsConfig } from './config.ts'

export const SERVICE_NAME = 'analytics'

/** Event ingest and aggregates: for now, sign-ups per day from identity's user-registered events. */
export function createAnalyticsService(deps: ServiceDeps<PrismaClient>): ServiceInstance {
  return createService({ name: SERVICE_NAME, deps, consumers: [subscribeUserRegistered] })
}
