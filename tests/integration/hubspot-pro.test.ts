// Issue 39: "a Free seller cannot connect HubSpot (403)", on PostgreSQL and NATS JetStream. The
// notification service runs as its own process; it learns each seller's plan from identity's and
// billing's events over NATS, and calls a local fake HubSpot with the real client. A Free seller is
// refused (403 with its code) and nothing is kept; a Pro seller connects (the token encrypted at rest);
// a subscription that ends refuses the next call, and an older event delivered late changes nothing.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { HUBSPOT_PRO_REQUIRED_CODE } from '@valueproof/contracts'
import { createNatsEventBus, encodeEvent, subscriptionChanged, userRegistered, type EventBus } from '@valueproof/event-bus'
import { IDENTITY_HEADER, signIdentity } from '@valueproof/http-kit'
import { createTestDatabase, eventually, infra, needs, type TestDatabase } from '@valueproof/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeHubspot, type FakeHubspot } from '../../services/notification/src/hubspot/testing/fake-hubspot.ts'

const ROOT = join(import.meta.dirname, '../..')
const SIGNING_KEY = 'hubspot-test-signing-key-0123456789abcdef0123'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  const address = server.address()
  await new Promise((closed) => server.close(closed))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

describe.skipIf(!(await needs('postgres', 'nats')))('HubSpot is Pro’s, on PostgreSQL and NATS', () => {
  const namespace = `hubspot${randomInt(1e9)}`
  let database: TestDatabase
  let bus: EventBus
  let sql: pg.Client
  let hubspot: FakeHubspot
  let child: ChildProcess | undefined
  let port = 0
  let output = ''

  async function call(method: 'GET' | 'PUT', path: string, userId: number, body?: unknown): Promise<Response> {
    const identity = signIdentity(SIGNING_KEY, { method, path }, { clientIp: '203.0.113.9', userId })
    return fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { [IDENTITY_HEADER]: identity, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  }

  async function planOf(userId: number): Promise<string | undefined> {
    const { rows } = await sql.query<{ plan: string }>('SELECT plan FROM seller_plan WHERE user_id = $1', [userId])
    return rows[0]?.plan
  }

  beforeAll(async () => {
    database = await createTestDatabase('vp_notification_hubspot')
    hubspot = await startFakeHubspot()
    port = await freePort()
    bus = createNatsEventBus({ servers: infra.natsUrl, name: 'hubspot-pro-test', namespace })
    child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'services/notification/src/index.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        NATS_URL: infra.natsUrl,
        NATS_NAMESPACE: namespace,
        GATEWAY_SIGNING_KEY: SIGNING_KEY,
        HUBSPOT_API_URL: hubspot.url,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-20_000)))
    await eventually(async () => {
      if (child?.exitCode !== null) throw new Error(`the notification service exited:\n${output}`)
      try {
        return (await fetch(`http://127.0.0.1:${port}/readyz`)).ok ? true : undefined
      } catch {
        return undefined
      }
    }, 60_000)
    sql = new pg.Client({ connectionString: database.url })
    await sql.connect()
  }, 90_000)

  afterAll(async () => {
    child?.kill('SIGTERM')
    await sql?.end()
    await bus?.drain()
    await hubspot?.close()
    await database?.drop()
  })

  it('refuses a Free seller (403) and keeps nothing; a Pro seller connects; the end of Pro refuses again', async () => {
    const free = randomInt(1, 2 ** 31 - 1)
    const pro = free + 1
    const token = `pat-eu1-${randomInt(1e9)}`
    hubspot.addToken(token, 777)
    await bus.publish(encodeEvent(userRegistered, { userId: free, username: `free${free}`, plan: 'free' }))
    await bus.publish(encodeEvent(userRegistered, { userId: pro, username: `pro${pro}`, plan: 'free' }))
    await bus.publish(encodeEvent(subscriptionChanged, { userId: pro, plan: 'pro', status: 'active', version: 1n }))
    await eventually(async () => ((await planOf(free)) === 'free' && (await planOf(pro)) === 'pro' ? true : undefined), 20_000)

    const refused = await call('PUT', '/notifications/hubspot', free, { accessToken: token })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: HUBSPOT_PRO_REQUIRED_CODE })
    expect((await sql.query('SELECT 1 FROM hubspot_connection WHERE user_id = $1', [free])).rowCount).toBe(0)
    expect(hubspot.requests).toEqual([])

    const connected = await call('PUT', '/notifications/hubspot', pro, { accessToken: token })
    expect(connected.status).toBe(200)
    expect(await connected.json()).toMatchObject({ connected: true, portalId: '777' })
    const { rows } = await sql.query<{ access_token: string }>('SELECT access_token FROM hubspot_connection WHERE user_id = $1', [pro])
    expect(rows[0]?.access_token).toMatch(/^v1:/)
    expect(rows[0]?.access_token).not.toContain(token)

    // Pro ends (version 2); billing's first event delivered again late (version 1) does not bring it back.
    await bus.publish(encodeEvent(subscriptionChanged, { userId: pro, plan: 'free', status: 'canceled', version: 2n }))
    await eventually(async () => ((await planOf(pro)) === 'free' ? true : undefined), 20_000)
    await bus.publish(encodeEvent(subscriptionChanged, { userId: pro, plan: 'pro', status: 'active', version: 1n }))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await planOf(pro)).toBe('free')
    expect((await call('GET', '/notifications/hubspot', pro)).status).toBe(403)
  }, 120_000)
})
