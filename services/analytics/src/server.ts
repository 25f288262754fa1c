import { beaconTokenKey } from '@valueproof/http-kit'
import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-runtime'
import { defaultAnalyticsSettings, type AnalyticsSettings } from './config.ts'
import type { PrismaClient } from './db.ts'
import { conversionLimit, demoInteractionLimit } from './domain/demo-interaction-limit.ts'
import { engagementLimit } from './domain/engagement-limit.ts'
import { EngagementRecorder } from './domain/engagement-recorder.ts'
import { deleteExpiredEngagement, deleteExpiredTokenBindings } from './domain/retention.ts'
import { subscribeCalculatorGenerated } from './events/calculator-generated.ts'
import { subscribeProposalAgreed } from './events/proposal-agreed.ts'
import { subscribeAgreementReleased } from './events/proposal-agreement-released.ts'
import { subscribeProposalCreated } from './events/proposal-created.ts'
import { subscribeProposalDeleted } from './events/proposal-deleted.ts'
import { subscribeProposalPdfDownloaded } from './events/proposal-pdf-downloaded.ts'
import { subscribeProposalShared } from './events/proposal-shared.ts'
import { subscribeProposalViewed } from './events/proposal-viewed.ts'
import { subscribeSubscriptionChanged } from './events/subscription-changed.ts'
import { subscribeUserRegistered } from './events/user-registered.ts'
import { analyticsRouter } from './routes/analytics/index.ts'
import { trackRouter } from './routes/track/index.ts'

export { PrismaClient } from './db.ts'
export { analyticsConfigSchema, analyticsEnv, type AnalyticsConfig, type AnalyticsSettings } from './config.ts'

export const SERVICE_NAME = 'analytics'

const SWEEP_MS = 60 * 60_000

export interface AnalyticsServiceOptions {
  /** The clock the daily aggregates are keyed by (tests move it). */
  now?: () => Date
  /** Extra time engagement beacons are gathered before one transaction writes them (none by default: group commit). */
  engagementBatchDelayMs?: number
}

/**
 * Event ingest and aggregates: sign-ups, demo interactions, conversions and the product's events
 * per day; prospects' views and engagement per proposal (issue 19), their agreements and PDF
 * downloads (issue 20), read by the Pro dashboard and the product owner's view.
 */
export function createAnalyticsService(
  deps: ServiceDeps<PrismaClient>,
  config: AnalyticsSettings = defaultAnalyticsSettings,
  options: AnalyticsServiceOptions = {},
): ServiceInstance {
  const now = options.now ?? (() => new Date())
  const limit = demoInteractionLimit({ prisma: deps.prisma, signingKey: deps.signingKey })
  const recorder = new EngagementRecorder({
    prisma: deps.prisma,
    dbSchema: deps.dbSchema,
    logger: deps.logger,
    batchDelayMs: options.engagementBatchDelayMs,
  })
  // Hourly: ended limiter windows, bindings of expired tokens, raw events past their retention.
  const sweep = async () => {
    const sweptAt = new Date()
    await limit.deleteEnded(sweptAt)
    await deleteExpiredTokenBindings(deps.prisma, { now: sweptAt })
    await deleteExpiredEngagement(deps.prisma, {
      dbSchema: deps.dbSchema,
      now: sweptAt,
      retentionDays: config.ANALYTICS_RAW_RETENTION_DAYS,
    })
  }
  const sweeper = setInterval(() => {
    sweep().catch((error: unknown) => deps.logger.warn({ err: error }, 'analytics sweep failed'))
  }, SWEEP_MS)
  sweeper.unref()
  return createService({
    name: SERVICE_NAME,
    deps,
    routers: [
      trackRouter({
        prisma: deps.prisma,
        limit,
        conversions: conversionLimit({ prisma: deps.prisma, signingKey: deps.signingKey }),
        engagement: { beaconKey: beaconTokenKey(deps.signingKey), limit: engagementLimit(), recorder, now },
        now,
      }),
      analyticsRouter({ prisma: deps.prisma, sql: deps.sql, dbSchema: deps.dbSchema, now, operatorToken: config.ANALYTICS_OPERATOR_TOKEN }),
    ],
    consumers: [
      subscribeUserRegistered,
      subscribeSubscriptionChanged,
      subscribeProposalCreated,
      subscribeProposalShared,
      subscribeProposalViewed,
      subscribeProposalDeleted,
      subscribeProposalAgreed,
      subscribeAgreementReleased,
      subscribeProposalPdfDownloaded,
      subscribeCalculatorGenerated,
    ],
    onStop: async () => {
      clearInterval(sweeper)
      await recorder.stop()
    },
  })
}
