import { env } from '@valueproof/http-kit'
import { infrastructureEnv } from '@valueproof/service-runtime'
import { z } from 'zod'

/** Analytics's environment (every variable is in README and .env.example). */
export const analyticsConfigSchema = z.object({
  ...infrastructureEnv,
  PORT: env.port(4005),
})
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>
