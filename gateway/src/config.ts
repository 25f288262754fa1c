import { env, secretEnv } from '@valueproof/http-kit'
import { z } from 'zod'
import { DEFAULT_TIMEOUTS } from './timeouts.ts'

const serviceUrl = (fallback: string) => z.url().default(fallback)

/** How long a client may take to send its request (docs/decisions/121); the embedded stack's schema spreads these too. */
export const clientTimeoutEnv = {
  /** A request's headers must arrive within this; then 408 and the connection is closed. */
  HEADERS_TIMEOUT_MS: env.positiveInt(DEFAULT_TIMEOUTS.headersMs),
  /** A request body that stops arriving for this long is cut (408); a slow but steady one is not. */
  BODY_IDLE_TIMEOUT_MS: env.positiveInt(DEFAULT_TIMEOUTS.bodyIdleMs),
  /** The whole request must arrive within this (a backstop to the idle limit). */
  REQUEST_TIMEOUT_MS: env.positiveInt(DEFAULT_TIMEOUTS.requestMs),
}

/** The gateway's environment (README's configuration table lists every variable). */
export const gatewayConfigSchema = z.object({
  PORT: env.port(3000),
  /** Loopback unless a deployment names another interface (containers: 0.0.0.0). */
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: env.logLevel,
  NATS_URL: env.optionalUrl,
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/)
    .default(''),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: env.optionalUrl,
  IDENTITY_URL: serviceUrl('http://127.0.0.1:4001'),
  CALCULATOR_URL: serviceUrl('http://127.0.0.1:4002'),
  PROPOSAL_URL: serviceUrl('http://127.0.0.1:4003'),
  BILLING_URL: serviceUrl('http://127.0.0.1:4004'),
  ANALYTICS_URL: serviceUrl('http://127.0.0.1:4005'),
  NOTIFICATION_URL: serviceUrl('http://127.0.0.1:4006'),
  /** The built web app (web/dist). */
  WEB_DIST_DIR: z.string().default('web/dist'),
  /** The site's public origin (e.g. https://app.valueproof.example); state-changing requests must come from it. Defaults to the request's own origin. */
  PUBLIC_ORIGIN: env.optionalUrl,
  /** Trust X-Forwarded-For/-Proto from the ingress in front of the gateway. */
  TRUST_PROXY: env.boolean(false),
  /** With TRUST_PROXY: proxies in front of the gateway that each append to X-Forwarded-For; the client is that many entries from the right. */
  TRUST_PROXY_HOPS: env.positiveInt(1),
  /** Signs the identity forwarded to services (the same value in every service); generated under DATA_DIR when unset. */
  GATEWAY_SIGNING_KEY: secretEnv,
  /** Where a generated GATEWAY_SIGNING_KEY is kept (secrets/). */
  DATA_DIR: z.string().default('.data'),
  /** How long the gateway may reuse a session lookup (revocations evict at once). */
  SESSION_CACHE_TTL_MS: env.positiveInt(60_000),
  SHUTDOWN_TIMEOUT_MS: env.positiveInt(15_000),
  /** A service must start answering an ordinary call within this; past it the client gets 504. */
  SERVICE_TIMEOUT_MS: env.positiveInt(DEFAULT_TIMEOUTS.serviceMs),
  /** The same for generation and writing (document parsing, the model's answer). */
  GENERATION_TIMEOUT_MS: env.positiveInt(DEFAULT_TIMEOUTS.generationMs),
  ...clientTimeoutEnv,
})
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>
