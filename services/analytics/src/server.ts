import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-runtime'
import type { PrismaClient } from './db.ts'
import { demoInteractionLimit } from './domain/demo-interaction-limit.ts'
import { subscribeUserRegistered } from './events/user-registered.ts'
import { trackRouter } from './routes/track/index.ts'

export { PrismaClient } from './db.ts'
export { analyticsConfigSchema, type AnalyticsConfig } from './config.ts'

export const SERVICE_NAME = 'analytics'

const SWEEP_MS = 60 * 60_000

export interface AnalyticsServiceOptions {
  /** The clock the daily aggregates are keyed by (tests move it). */
  now?: () => Date
}

/**
 * Event ingest and aggregates: sign-ups per day from identity's user-registered events, and the
 * landing page's demo interactions per day (limited per client address).
 */
export function createAnalyticsService(deps: ServiceDeps<PrismaClient>, options: AnalyticsServiceOptions = {}): ServiceInstance {
  const now = options.now ?? (() => new Date())
  const limit = demoInteractionLimit({ prisma: deps.prisma, signingKey: deps.signingKey })
  const sweeper = setInterval(() => {
    limit.deleteEnded(new Date()).catch((error: unknown) => deps.logger.warn({ err: error }, 'demo-interaction limit sweep failed'))
  }, SWEEP_MS)
  sweeper.unref()
  return createService({
    name: SERVICE_NAME,
    deps,
    routers: [trackRouter({ prisma: deps.prisma, limit, now })],
    consumers: [subscribeUserRegistered],
    onStop: () => clearInterval(sweeper),
  })
}
