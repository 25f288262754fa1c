import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { infra, needs } from './infra.ts'

/** The versions scripts/infra.sh pins, read from the script itself. */
const script = readFileSync(new URL('../../../scripts/infra.sh', import.meta.url), 'utf8')
function pinned(tool: string): string {
  const version = new RegExp(`"${tool}\\|[^|]+\\|v([^"|]+)`).exec(script)?.[1]
  if (!version) throw new Error(`scripts/infra.sh pins no version for ${tool}`)
  return version
}

/** The INFO line a NATS server sends every new connection. */
function natsInfo(): Promise<{ version: string; jetstream?: boolean }> {
  const { hostname, port } = new URL(infra.natsUrl)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port || 4222) })
    socket.once('data', (chunk: Buffer) => {
      socket.destroy()
      const line = chunk.toString()
      resolve(JSON.parse(line.slice(line.indexOf('{'), line.lastIndexOf('}') + 1)) as { version: string; jetstream?: boolean })
    })
    socket.once('error', reject)
  })
}

const run = promisify(execFile)

describe('the addresses the tests use', () => {
  it('are the ones scripts/infra.sh starts (its `env` command), unless the environment moves them', async () => {
    const { stdout } = await run('bash', [fileURLToPath(new URL('../../../scripts/infra.sh', import.meta.url)), 'env'])
    const exported = Object.fromEntries([...stdout.matchAll(/^export (\w+)=(.*)$/gm)].map(([, name = '', value = '']) => [name, value]))
    const expected = (name: string) => process.env[name] ?? exported[name]
    expect(infra).toMatchObject({
      postgresUrl: expected('TEST_DATABASE_URL'),
      natsUrl: expected('TEST_NATS_URL'),
      natsServerBinary: expected('NATS_SERVER_BIN'),
      s3: { endpoint: expected('TEST_S3_ENDPOINT'), accessKey: expected('TEST_S3_ACCESS_KEY'), secretKey: expected('TEST_S3_SECRET_KEY') },
      stripeMockUrl: expected('TEST_STRIPE_MOCK_URL'),
      smtpUrl: expected('TEST_SMTP_URL'),
      mailpitUrl: expected('TEST_MAILPIT_URL'),
      helmBinary: expected('HELM_BIN'),
      k6Binary: expected('K6_BIN'),
      kubeconformBinary: expected('KUBECONFORM_BIN'),
    })
    // The four above the infra object's: the project's own Go tools (tools/*), read by tests/deploy.
    expect(Object.keys(exported)).toHaveLength(15)
  })
})

describe.skipIf(!(await needs('nats', 'nats-server-binary', 'minio', 'stripe-mock', 'helm', 'k6')))(
  'the infrastructure scripts/infra.sh provides',
  () => {
    it('serves NATS with JetStream from the pinned nats-server, and the tests start the same binary', async () => {
      const info = await natsInfo()
      expect(info).toMatchObject({ version: pinned('nats-server'), jetstream: true })
      const { stdout } = await run(infra.natsServerBinary, ['--version'])
      expect(stdout.trim()).toBe(`nats-server: v${pinned('nats-server')}`)
    })

    it('runs MinIO, which refuses an unsigned request', async () => {
      const response = await fetch(new URL('/', infra.s3.endpoint))
      expect(response.status).toBe(403)
      expect(await response.text()).toContain('<Code>AccessDenied</Code>')
    })

    it('runs stripe-mock, which answers the Stripe API with its shapes and checks the key', async () => {
      const customers = await fetch(new URL('/v1/customers', infra.stripeMockUrl), { headers: { authorization: 'Bearer sk_test_123' } })
      expect(customers.status).toBe(200)
      expect(await customers.json()).toMatchObject({ object: 'list', url: '/v1/customers' })
      const unauthenticated = await fetch(new URL('/v1/customers', infra.stripeMockUrl))
      expect(unauthenticated.status).toBe(401)
    })

    it('has built the pinned helm and k6', async () => {
      expect((await run(infra.helmBinary, ['version', '--template', '{{.Version}}'])).stdout.trim()).toBe(`v${pinned('helm')}`)
      expect((await run(infra.k6Binary, ['version'])).stdout).toContain(`v${pinned('k6')}`)
    })
  },
)

describe.skipIf(!(await needs('mailpit')))('Mailpit, the SMTP server of the e-mail tests', () => {
  it('is the pinned version, and the tests read its inbox over its HTTP API', async () => {
    const response = await fetch(new URL('/api/v1/info', infra.mailpitUrl))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ Version: `v${pinned('mailpit')}` })
  })
})
