import { env, infrastructureEnv } from '@valueproof/service-kit'
import { z } from 'zod'

/** Billing's environment (every variable is in README and .env.example). */
export const billingConfigSchema = z.object({
  ...infrastructureEnv,
  PORT: env.port(4004),
})
export type BillingConfig = z.infer<typeof billingConfigSchema>
