import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { analyticsEnv } from '@valueproof/analytics'
import { billingEnv, checkBillingConfig } from '@valueproof/billing'
import { generationEnv } from '@valueproof/calculator'
import { identityEnv } from '@valueproof/identity'
import { clientTimeoutEnv, DEFAULT_TIMEOUTS } from '@valueproof/gateway'
import { notificationEnv } from '@valueproof/notification'
import { proposalEnv } from '@valueproof/proposal'
import { env } from '@valueproof/http-kit'
import { infrastructureEnv } from '@valueproof/service-runtime'
import { z } from 'zod'

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The one-process product (`npm start`). Every default is embedded: PGlite per service under
 * DATA_DIR, the in-process bus, the file system as object store. NATS_URL and S3_* swap in the
 * real components; DATABASE_URL puts each service in its own schema of that PostgreSQL database.
 */
const embeddedSettings = z.object({
  ...infrastructureEnv,
  ...generationEnv,
  ...identityEnv,
  ...proposalEnv,
  ...billingEnv,
  ...analyticsEnv,
  ...notificationEnv,
  /** `npm start` lists the e-mails written to DATA_DIR/mailbox at /dev/mailbox (decision 137; never with SMTP_URL). */
  DEV_MAILBOX_PAGE: env.boolean(true),
  /** `npm start` takes test-mode payments (no Stripe key needed) and says so once at start (docs/decisions/120). */
  PAYMENTS_TEST_MODE: env.boolean(true),
  /** `npm start` on a laptop: warnings and errors only, so start-up shows the one line with the URL. */
  LOG_LEVEL: env.logLevel.unwrap().default('warn'),
  PORT: env.port(3000),
  /** Interface to listen on; localhost by default so a laptop does not expose the product. */
  HOST: z.string().default('localhost'),
  DATA_DIR: z
    .string()
    .default(resolve(repositoryRoot, '.data'))
    .transform((dir) => resolve(dir)),
  WEB_DIST_DIR: z.string().default(resolve(repositoryRoot, 'web/dist')),
  /** The product's public origin; unset: the gateway's own address (e-mail links, the PDF's share link). */
  PUBLIC_ORIGIN: env.optionalUrl,
  TRUST_PROXY: env.boolean(false),
  TRUST_PROXY_HOPS: env.positiveInt(1),
  SERVICE_TIMEOUT_MS: env.positiveInt(DEFAULT_TIMEOUTS.serviceMs),
  GENERATION_TIMEOUT_MS: env.positiveInt(DEFAULT_TIMEOUTS.generationMs),
  ...clientTimeoutEnv,
  SESSION_CACHE_TTL_MS: env.positiveInt(60_000),
  SESSION_TTL_HOURS: env.positiveInt(24 * 14),
  /** How the gateway reaches the services in this process: calling them directly, or over loopback HTTP as separate deployments do. */
  SERVICE_TRANSPORT: z.enum(['in-process', 'http']).default('in-process'),
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
})

/** Every variable at once; a Stripe key also needs its webhook secret and PUBLIC_ORIGIN (billing). */
export const embeddedConfigSchema = embeddedSettings.superRefine(checkBillingConfig)
export type EmbeddedConfig = z.infer<typeof embeddedConfigSchema>
