import { env, infrastructureEnv } from '@valueproof/service-kit'
import { z } from 'zod'

/** Identity's environment (one schema per deployable; every variable is in README and .env.example). */
export const identityConfigSchema = z.object({
  ...infrastructureEnv,
  PORT: env.port(4001),
  SESSION_TTL_HOURS: env.positiveInt(24 * 14),
  /** scrypt cost: N = 2^PASSWORD_HASH_COST. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
})
export type IdentityConfig = z.infer<typeof identityConfigSchema>
