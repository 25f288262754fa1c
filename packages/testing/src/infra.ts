import { existsSync } from 'node:fs'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'

/** Where scripts/infra.sh builds the Go tools (VP_INFRA_DIR, default .infra at the project root). */
const infraDir = process.env.VP_INFRA_DIR ?? fileURLToPath(new URL('../../../.infra', import.meta.url))

/**
 * Real components the integration tests talk to, as `scripts/infra.sh up` starts them
 * (`scripts/infra.sh env` prints the same addresses); each can be moved by its variable.
 */
export const infra = {
  postgresUrl: process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
  natsServerBinary: process.env.NATS_SERVER_BIN ?? `${infraDir}/bin/nats-server`,
  minioServerBinary: process.env.MINIO_SERVER_BIN ?? `${infraDir}/bin/minio`,
  s3: {
    endpoint: process.env.TEST_S3_ENDPOINT ?? 'http://127.0.0.1:9000',
    accessKey: process.env.TEST_S3_ACCESS_KEY ?? 'valueproof',
    secretKey: process.env.TEST_S3_SECRET_KEY ?? 'valueproof-test-secret',
    region: 'us-east-1',
  },
  stripeMockUrl: process.env.TEST_STRIPE_MOCK_URL ?? 'http://127.0.0.1:12111',
  /** Mailpit: the SMTP server e-mail tests send to, and its HTTP API they read the inbox from. */
  smtpUrl: process.env.TEST_SMTP_URL ?? 'smtp://127.0.0.1:1025',
  mailpitUrl: process.env.TEST_MAILPIT_URL ?? 'http://127.0.0.1:8025',
  helmBinary: process.env.HELM_BIN ?? `${infraDir}/bin/helm`,
  k6Binary: process.env.K6_BIN ?? `${infraDir}/bin/k6`,
  kubeconformBinary: process.env.KUBECONFORM_BIN ?? `${infraDir}/bin/kubeconform`,
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
} as const

export type Component =
  | 'postgres'
  | 'nats'
  | 'nats-server-binary'
  | 'minio'
  | 'minio-server-binary'
  | 'stripe-mock'
  | 'mailpit'
  | 'helm'
  | 'k6'
  | 'kubeconform'
  | 'chromium'

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || defaultPort) })
    socket.setTimeout(1000)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(false))
  })
}

async function answersOk(url: string, init: RequestInit = {}): Promise<boolean> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2000) })
    await response.body?.cancel()
    return response.ok
  } catch {
    return false
  }
}

async function isAvailable(component: Component): Promise<boolean> {
  switch (component) {
    case 'postgres':
      return reachable(infra.postgresUrl, 5432)
    case 'nats':
      return reachable(infra.natsUrl, 4222)
    case 'nats-server-binary':
      return existsSync(infra.natsServerBinary)
    case 'minio-server-binary':
      return existsSync(infra.minioServerBinary)
    case 'minio':
      return answersOk(new URL('/minio/health/ready', infra.s3.endpoint).href)
    case 'stripe-mock':
      return answersOk(new URL('/v1/customers', infra.stripeMockUrl).href, { headers: { authorization: 'Bearer sk_test_123' } })
    case 'mailpit':
      return (await answersOk(new URL('/api/v1/info', infra.mailpitUrl).href)) && reachable(infra.smtpUrl, 1025)
    case 'helm':
      return existsSync(infra.helmBinary)
    case 'k6':
      return existsSync(infra.k6Binary)
    case 'kubeconform':
      return existsSync(infra.kubeconformBinary)
    case 'chromium':
      return existsSync(infra.chromiumPath)
  }
}

/**
 * Tells whether a suite can run. A missing component is reported loudly; under CI=true it is a
 * failure (throws), never a silent skip. Use as: `const ok = await needs('postgres'); describe.skipIf(!ok)(...)`.
 */
export async function needs(...components: Component[]): Promise<boolean> {
  const missing: Component[] = []
  for (const component of components) if (!(await isAvailable(component))) missing.push(component)
  if (missing.length === 0) return true
  const message = `Missing test infrastructure: ${missing.join(', ')} (run scripts/infra.sh up; README "Tests")`
  if (process.env.CI === 'true') throw new Error(`${message}; CI=true makes this a failure`)
  console.warn(`SKIPPED: ${message}`)
  return false
}
