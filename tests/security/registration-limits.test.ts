// Issue 13: registrations per address and hour (decision 091) against a burst through the gateway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { stackKinds, startTestStack, type TestStack } from '../integration/support/stack.ts'

const PER_HOUR = 10
const BURST = 300

const kinds = await stackKinds('postgres+nats+minio')

describe.each(kinds)('registration limit through the gateway (%s)', (kind) => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack(kind, { TRUST_PROXY: 'true', REGISTRATIONS_PER_ADDRESS_PER_HOUR: String(PER_HOUR) })
  })
  afterAll(async () => {
    await stack?.close()
  })

  const register = (username: string, forwardedFor: string) =>
    new ApiClient(stack.url).post('/api/register', { username, password: GOOD_PASSWORD }, { 'x-forwarded-for': forwardedFor })

  it('creates at most the hourly number of 300 accounts registered at once from one address, and says when to come back', async () => {
    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: BURST }, async (_, index) => {
        const response = await register(uniqueUsername(`burst${index}`), `198.18.0.${index & 255}, 203.0.113.20`)
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as { message?: string },
        }
      }),
    )
    const created = answers.filter((answer) => answer.status === 201)
    const refused = answers.filter((answer) => answer.status === 429)
    console.info(`[${kind}] ${created.length} of ${BURST} registrations created in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    expect(created.length + refused.length).toBe(BURST)
    expect(created.length).toBe(PER_HOUR)
    for (const answer of refused) {
      expect(answer.body.message).toBe('Too many accounts have been registered from your network. Please try again in 60 minute(s).')
      expect(Number(answer.retryAfter)).toBeGreaterThan(3500)
    }
    const { schema } = stack.databases.identity
    const [row] = await stack.databases.identity.query<Array<{ count: bigint | number }>>(
      `SELECT count(*) AS count FROM ${schema ? `"${schema}".` : ''}"user" WHERE username LIKE 'burst%'`,
    )
    expect(Number(row?.count)).toBe(PER_HOUR)
    // Another address registers as usual.
    expect((await register(uniqueUsername('elsewhere'), '192.0.2.30')).status).toBe(201)
  }, 60_000)
})
