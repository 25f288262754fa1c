import { join } from 'node:path'
import { z } from 'zod'
import { env, secretEnv } from '@valueproof/http-kit'

/**
 * Variables every service reads to find its infrastructure. Unset means the embedded default:
 * PGlite under DATA_DIR, the in-process event transport, the file system as object store.
 */
export const infrastructureEnv = {
  /** Loopback unless a deployment names another interface (containers: 0.0.0.0); services are never public. */
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: env.logLevel,
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: env.optionalUrl,
  NATS_URL: env.optionalUrl,
  /** Prefix for NATS subjects and streams, so several environments can share one NATS server. */
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/)
    .default(''),
  S3_ENDPOINT: env.optionalUrl,
  S3_ACCESS_KEY: z.string().default(''),
  S3_SECRET_KEY: z.string().default(''),
  S3_BUCKET: z.string().default('valueproof'),
  S3_REGION: z.string().default('us-east-1'),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: env.optionalUrl,
  SHUTDOWN_TIMEOUT_MS: env.positiveInt(15_000),
  /** Apply pending migrations at start-up; set false where a `migrate` job runs them instead. */
  MIGRATE_ON_START: env.boolean(true),
  /** The key the gateway signs forwarded identities with (the same value in the gateway and every service). */
  GATEWAY_SIGNING_KEY: secretEnv,
}

export type InfrastructureConfig = z.infer<z.ZodObject<typeof infrastructureEnv>>

export function pgliteDirFor(config: Pick<InfrastructureConfig, 'DATA_DIR'>, serviceName: string): string {
  return join(config.DATA_DIR, 'db', serviceName)
}

export function objectStoreDirFor(config: Pick<InfrastructureConfig, 'DATA_DIR'>): string {
  return join(config.DATA_DIR, 'objects')
}
