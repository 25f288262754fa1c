import { env, secretEnv } from '@valueproof/http-kit'
import { outboundEnv } from '@valueproof/outbound-http'
import { infrastructureEnv } from '@valueproof/service-runtime'
import { z } from 'zod'

/**
 * Identity's limits on logins and registrations and the key their rows are hashed with, spread into
 * the embedded stack's schema too (docs/decisions/091).
 */
export const identityEnv = {
  /** Failed logins of one account from one address before each further attempt must wait 1 s, 2 s, 4 s … */
  LOGIN_FREE_FAILURES: env.positiveInt(3),
  /** The longest such wait. */
  LOGIN_MAX_DELAY_SECONDS: env.positiveInt(300),
  /** Login attempts per account from all addresses within the window (a correct one gives its slot back). */
  LOGIN_ACCOUNT_ATTEMPTS: env.positiveInt(10),
  LOGIN_ACCOUNT_WINDOW_SECONDS: env.positiveInt(60),
  /** Distinct usernames with failed logins from one address within the window. */
  LOGIN_ADDRESS_USERNAMES: env.positiveInt(20),
  LOGIN_ADDRESS_WINDOW_MINUTES: env.positiveInt(60),
  /** Registrations per address per hour. */
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: env.positiveInt(10),
  /** HMAC-SHA256 key of the addresses and usernames in the throttle tables (generated under DATA_DIR when unset). */
  ADDRESS_HASH_KEY: secretEnv,
  /** Exact host:port pairs the outgoing client reaches without its address check (an external logo's fetch; tests only). */
  ...outboundEnv,
}

/** Identity's environment (one schema per deployable; every variable is in README and .env.example). */
export const identityConfigSchema = z.object({
  ...infrastructureEnv,
  ...identityEnv,
  PORT: env.port(4001),
  SESSION_TTL_HOURS: env.positiveInt(24 * 14),
  /** scrypt cost: N = 2^PASSWORD_HASH_COST. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
})
export type IdentityConfig = z.infer<typeof identityConfigSchema>

/** What createIdentityService reads: a deployable's config or the embedded stack's. */
export type IdentitySettings = Pick<IdentityConfig, 'DATA_DIR' | 'SESSION_TTL_HOURS' | 'PASSWORD_HASH_COST' | keyof typeof identityEnv>
