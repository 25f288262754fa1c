import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-kit'
import type { PrismaClient } from './db.ts'

export { PrismaClient } from './db.ts'
export { billingConfigSchema, type BillingConfig } from './config.ts'

export const SERVICE_NAME = 'billing'

/**
 * Plans, checkout and subscriptions arrive with their own issue; for now the service runs with its database, bus and health checks.
 */
export function createBillingService(deps: ServiceDeps<PrismaClient>): ServiceInstance {
  return createService({ name: SERVICE_NAME, deps })
}
