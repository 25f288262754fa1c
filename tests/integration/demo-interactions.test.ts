// Issue 18: the landing page's POST /api/track/demo-interaction through the whole stack — accepted
// without a session, counted in analytics' daily table, limited per client address (exactly, under a
// concurrent flood, other addresses unaffected), and nothing the client sent or is kept.
import { DEMO_INTERACTION_BODY_LIMIT_BYTES, DEMO_INTERACTION_TOO_LARGE_MESSAGE } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEMO_INTERACTION_WINDOW_SECONDS,
  DEMO_INTERACTIONS_PER_WINDOW,
  TOO_MANY_DEMO_INTERACTIONS_MESSAGE,
} from '../../services/analytics/src/domain/demo-interaction-limit.ts'
import { ApiClient } from './support/http-client.ts'
import { stackKinds, startTestStack, type TestStack } from './support/stack.ts'

const PATH = '/api/track/demo-interaction'
const FLOOD = 100

const kinds = await stackKinds('postgres+nats+minio+http')

describe.each(kinds)('demo interactions through the gateway (%s)', (kind) => {
  let stack: TestStack
  beforeAll(async () => {
    // Behind one trusted proxy, so each test's client address comes from X-Forwarded-For.
    stack = await startTestStack(kind, { TRUST_PROXY: 'true' })
  })
  afterAll(async () => {
    await stack?.close()
  })

  function table(name: string): string {
    const { schema } = stack.databases.analytics
    return schema ? `"${schema}".${name}` : name
  }

  /** Every demo interaction analytics has counted, all days together (a test may run across midnight UTC). */
  async function counted(): Promise<number> {
    const [row] = await stack.databases.analytics.query<Array<{ total: bigint | number | null }>>(
      `SELECT sum(count) AS total FROM ${table('daily_demo_interactions')}`,
    )
    return Number(row?.total ?? 0)
  }

  /** A visitor's browser (no session) at `address`. */
  const visitor = (address: string, body: unknown = {}) => new ApiClient(stack.url).post(PATH, body, { 'x-forwarded-for': address })

  it('counts a visitor’s interaction without a session, and keeps nothing the client sent or is', async () => {
    const before = await counted()
    const response = await visitor('192.0.2.10')
    expect(response.status, await response.clone().text()).toBe(202)
    expect(await response.json()).toEqual({})
    // Fields are never read: a client claiming a count is one interaction like any other.
    expect((await visitor('192.0.2.10', { count: 500, userId: 1, day: '2020-01-01' })).status).toBe(202)
    expect(await counted()).toBe(before + 2)

    const columns = await stack.databases.analytics.query<Array<{ column_name: string }>>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'daily_demo_interactions' ORDER BY column_name`,
    )
    expect([...new Set(columns.map((column) => column.column_name))]).toEqual(['count', 'day'])
    const keys = await stack.databases.analytics.query<Array<{ key: string }>>(`SELECT key FROM ${table('rate_limit')}`)
    expect(keys.length).toBeGreaterThan(0)
    for (const { key } of keys) expect(key).not.toContain('192.0.2.10')
  })

  it(`lets ${DEMO_INTERACTIONS_PER_WINDOW} of ${FLOOD} concurrent interactions from one address through, refusing the rest with Retry-After`, async () => {
    const before = await counted()
    const answers = await Promise.all(
      Array.from({ length: FLOOD }, async () => {
        const response = await visitor('198.51.100.99')
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown }
      }),
    )
    const accepted = answers.filter((answer) => answer.status === 202)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(accepted).toHaveLength(DEMO_INTERACTIONS_PER_WINDOW)
    expect(refused).toHaveLength(FLOOD - DEMO_INTERACTIONS_PER_WINDOW)
    for (const answer of refused) {
      const seconds = Number(answer.retryAfter)
      expect(seconds).toBeGreaterThanOrEqual(1)
      expect(seconds).toBeLessThanOrEqual(DEMO_INTERACTION_WINDOW_SECONDS)
      expect(answer.body).toEqual({ message: `${TOO_MANY_DEMO_INTERACTIONS_MESSAGE} Please try again in ${seconds} second(s).` })
    }
    expect(await counted()).toBe(before + DEMO_INTERACTIONS_PER_WINDOW)

    // Other addresses are unaffected; the flooding one stays refused.
    expect((await visitor('203.0.113.5')).status).toBe(202)
    expect((await visitor('2001:db8::5')).status).toBe(202)
    expect((await visitor('198.51.100.99')).status).toBe(429)
    expect(await counted()).toBe(before + DEMO_INTERACTIONS_PER_WINDOW + 2)
  }, 60_000)

  it('refuses a body over its small limit at the gateway, counting nothing', async () => {
    const before = await counted()
    const response = await visitor('192.0.2.20', { padding: 'x'.repeat(DEMO_INTERACTION_BODY_LIMIT_BYTES) })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ message: DEMO_INTERACTION_TOO_LARGE_MESSAGE })
    const malformed = await new ApiClient(stack.url).request('POST', PATH, {
      body: '{"slider":',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.21' },
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ message: 'Malformed JSON in request body' })
    expect(await counted()).toBe(before)
  })
})
