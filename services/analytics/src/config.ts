import { env, secretEnv } from '@valueproof/http-kit'
import { infrastructureEnv } from '@valueproof/service-runtime'
import { z } from 'zod'

/** Analytics' own settings, spread into the embedded stack's schema too. */
export const analyticsEnv = {
  /** Days raw engagement events are kept; the hourly sweep deletes older ones (aggregates stay). */
  ANALYTICS_RAW_RETENTION_DAYS: env.positiveInt(90),
  /**
   * The product owner's bearer token for GET /analytics/operator (at least 32 characters). Unlike
   * the deployment's keys it is never generated: unset, the operator view does not exist (404).
   */
  ANALYTICS_OPERATOR_TOKEN: secretEnv,
}

/** Analytics's environment (every variable is in README and .env.example). */
export const analyticsConfigSchema = z.object({
  ...infrastructureEnv,
  ...analyticsEnv,
  PORT: env.port(4005),
})
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>

/** What createAnalyticsService reads: a deployable's config or the embedded stack's. */
export type AnalyticsSettings = Pick<AnalyticsConfig, keyof typeof analyticsEnv>

export const defaultAnalyticsSettings: AnalyticsSettings = { ANALYTICS_RAW_RETENTION_DAYS: 90, ANALYTICS_OPERATOR_TOKEN: undefined }
