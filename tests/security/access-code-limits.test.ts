// Issue 13: access codes (decision 091) — the minimum length and encryption at rest; issue 15
// (decision 100): wrong codes limited per visitor (exponential delay), per address (all its
// visitors, against rotated cookies) and per proposal from all addresses, against bursts through
// the gateway, without locking out the other visitors behind one address.
import { ACCESS_CODE_TOO_COMMON_MESSAGE, ACCESS_CODE_TOO_SHORT_MESSAGE, type ProposalListEntry } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportTriageCalculator } from '../../services/proposal/src/testing/calculators.ts'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { stackKinds, startTestStack, type TestStack } from '../integration/support/stack.ts'

// The address window is set below the ceiling here, so that each limit is the one a burst meets.
const LIMITS = {
  PROPOSAL_ACCESS_CODE_FREE_FAILURES: 5,
  PROPOSAL_ACCESS_CODE_ADDRESS_ATTEMPTS: 10,
  PROPOSAL_ACCESS_CODE_CEILING: 20,
  PROPOSAL_ACCESS_CODE_CEILING_SECONDS: 5,
}
const BURST = 300
const CODE = 'Open-Sesame-42'

const kinds = await stackKinds('postgres+nats+minio')

describe.each(kinds)('access-code limits through the gateway (%s)', (kind) => {
  let stack: TestStack
  let owner: ApiClient
  beforeAll(async () => {
    stack = await startTestStack(kind, {
      TRUST_PROXY: 'true',
      ...Object.fromEntries(Object.entries(LIMITS).map(([k, v]) => [k, String(v)])),
    })
    owner = new ApiClient(stack.url)
    expect((await owner.post('/api/register', { username: uniqueUsername('codes'), password: GOOD_PASSWORD })).status).toBe(201)
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function share(accessCode: string | null): Promise<Response> {
    return owner.post('/api/proposals', { title: 'Support savings', calculatorData: supportTriageCalculator, accessCode })
  }

  async function shared(): Promise<string> {
    const response = await share(CODE)
    expect(response.status).toBe(201)
    return ((await response.json()) as { id: string }).id
  }

  /** A request with a fresh client (a new visitor id each time) unless a client that keeps its cookie is given. */
  const open = (id: string, code: string, forwardedFor: string, client = new ApiClient(stack.url)) =>
    client.get(`/api/proposals/${id}?${new URLSearchParams({ code }).toString()}`, { 'x-forwarded-for': forwardedFor })

  /** 300 wrong codes at once; how many were compared (401) and how many refused uncompared (429). */
  async function burst(id: string, forwardedFor: (index: number) => string, client?: ApiClient) {
    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: BURST }, async (_, index) => {
        const response = await open(id, `wrong-${index}`, forwardedFor(index), client)
        const { message } = (await response.json()) as { message: string }
        return { status: response.status, message, retryAfter: Number(response.headers.get('retry-after')) }
      }),
    )
    const evaluated = answers.filter((answer) => answer.status === 401)
    const refused = answers.filter((answer) => answer.status === 429)
    for (const answer of evaluated) expect(answer.message).toBe('The access code is not correct. Check it and try again.')
    for (const answer of refused) {
      expect(answer.message).toMatch(
        /^Too many access code attempts for this proposal( from your network| right now)?\. Please try again in \d+ (second|minute)\(s\)\.$/,
      )
      expect(answer.retryAfter).toBeGreaterThan(0)
    }
    expect(evaluated.length + refused.length).toBe(BURST)
    return { evaluated: evaluated.length, seconds: (performance.now() - started) / 1000 }
  }

  it('compares at most the free codes of 300 wrong ones from one visitor behind forged entries; another visitor at that address opens it', async () => {
    const id = await shared()
    const attacker = new ApiClient(stack.url)
    // The first answer sets the visitor cookie the burst then carries.
    expect((await open(id, '', '203.0.113.6', attacker)).status).toBe(401)
    const { evaluated, seconds } = await burst(id, (index) => `198.18.${index >> 8}.${index & 255}, 203.0.113.6`, attacker)
    console.info(`[${kind}] one visitor: ${evaluated} of ${BURST} codes compared in ${seconds.toFixed(1)} s`)
    // The free ones, and one more for each wait (2 s, then 4 s more …) a slow burst outlasted.
    expect(evaluated).toBeGreaterThanOrEqual(LIMITS.PROPOSAL_ACCESS_CODE_FREE_FAILURES)
    expect(evaluated).toBeLessThanOrEqual(LIMITS.PROPOSAL_ACCESS_CODE_FREE_FAILURES + Math.floor(Math.log2(seconds / 2 + 1)))
    expect((await open(id, CODE, '203.0.113.6', attacker)).status).toBe(429)
    expect((await open(id, CODE, '203.0.113.6')).status).toBe(200)
  })

  it('compares at most the address window of 300 wrong codes from one address rotating visitor cookies; other addresses go on', async () => {
    const id = await shared()
    const { evaluated, seconds } = await burst(id, (index) => `198.18.${index >> 8}.${index & 255}, 203.0.113.7`)
    console.info(`[${kind}] one address, rotated cookies: ${evaluated} of ${BURST} codes compared in ${seconds.toFixed(1)} s`)
    expect(evaluated).toBe(LIMITS.PROPOSAL_ACCESS_CODE_ADDRESS_ATTEMPTS)
    // What rotating cookies can still do (decision 100): the address waits for its window, even with the right code.
    expect((await open(id, CODE, '203.0.113.7')).status).toBe(429)
    expect((await open(id, CODE, '192.0.2.40')).status).toBe(200)
  })

  it('compares at most the proposal’s ceiling of 300 wrong codes from 300 addresses; the right code from a new address opens it within the short window', async () => {
    const id = await shared()
    const { evaluated, seconds } = await burst(id, (index) => `198.19.${index >> 8}.${index & 255}`)
    console.info(`[${kind}] 300 addresses: ${evaluated} of ${BURST} codes compared in ${seconds.toFixed(1)} s`)
    expect(evaluated).toBeGreaterThan(0)
    // The ceiling per window; a burst slower than one window (a very busy machine) meets a second one.
    const windows = Math.floor(seconds / LIMITS.PROPOSAL_ACCESS_CODE_CEILING_SECONDS) + 1
    expect(evaluated).toBeLessThanOrEqual(LIMITS.PROPOSAL_ACCESS_CODE_CEILING * windows)
    let waitedSeconds = 0
    let response = await open(id, CODE, '192.0.2.41')
    while (response.status === 429 && waitedSeconds <= LIMITS.PROPOSAL_ACCESS_CODE_CEILING_SECONDS) {
      const retryAfter = Number(response.headers.get('retry-after'))
      expect(retryAfter).toBeLessThanOrEqual(LIMITS.PROPOSAL_ACCESS_CODE_CEILING_SECONDS)
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000))
      waitedSeconds += retryAfter
      response = await open(id, CODE, '192.0.2.41')
    }
    expect(response.status).toBe(200)
    // The owner never needs the code.
    expect((await owner.get(`/api/proposals/${id}`)).status).toBe(200)
  }, 60_000)

  it('refuses a code shorter than 6 characters or one of the most common; an empty one means none', async () => {
    const short = await share('abc12')
    expect(short.status).toBe(400)
    expect(await short.json()).toEqual({ message: ACCESS_CODE_TOO_SHORT_MESSAGE })
    const common = await share('abc123')
    expect(common.status).toBe(400)
    expect(await common.json()).toEqual({ message: ACCESS_CODE_TOO_COMMON_MESSAGE })
    expect((await share('   ')).status).toBe(201)
    expect((await share('kvj3x9')).status).toBe(201)
  })

  it('keeps codes encrypted at rest and shows them to their owner only', async () => {
    const id = await shared()
    const { schema } = stack.databases.proposal
    const [row] = await stack.databases.proposal.query<Array<{ access_code: string }>>(
      `SELECT access_code FROM ${schema ? `"${schema}".` : ''}proposal WHERE id = $1`,
      id,
    )
    expect(row?.access_code).toMatch(/^v1:[A-Za-z0-9_-]+$/)
    expect(row?.access_code).not.toContain(CODE)
    const list = (await (await owner.get('/api/proposals')).json()) as ProposalListEntry[]
    expect(list.find((entry) => entry.id === id)?.accessCode).toBe(CODE)
    expect(((await (await owner.get(`/api/proposals/${id}`)).json()) as { accessCode?: string }).accessCode).toBe(CODE)
    const visitor = (await (await open(id, CODE, '192.0.2.42')).json()) as Record<string, unknown>
    expect('accessCode' in visitor).toBe(false)
    const rows = await stack.databases.proposal.query<Array<{ key: string }>>(`SELECT key FROM ${schema ? `"${schema}".` : ''}rate_limit`)
    expect(JSON.stringify(rows)).not.toMatch(/192\.0\.2|198\.1[89]\.|203\.0\.113/)
  })
})
