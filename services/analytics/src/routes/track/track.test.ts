// POST /track/demo-interaction (SPEC §7, issue 18): anyone's demo interaction is counted on its UTC
// day, nothing sent is read or kept, and each client address gets DEMO_INTERACTIONS_PER_WINDOW a
// window — exactly, under a concurrent flood, across replicas, without affecting other addresses.
import { DEMO_INTERACTION_BODY_LIMIT_BYTES, DEMO_INTERACTION_TOO_LARGE_MESSAGE } from '@valueproof/contracts'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEMO_INTERACTION_WINDOW_SECONDS,
  DEMO_INTERACTIONS_PER_WINDOW,
  TOO_MANY_DEMO_INTERACTIONS_MESSAGE,
} from '../../domain/demo-interaction-limit.ts'
import { startAnalytics, type AnalyticsUnderTest, type DatabaseKind, type SignedRequest } from '../../testing/service.ts'

const PATH = '/track/demo-interaction'
const JSON_TYPE = { 'content-type': 'application/json' }
const kinds: DatabaseKind[] = (await needs('postgres')) ? ['PGlite', 'PostgreSQL'] : ['PGlite']

let addressCounter = 0
/** An address no other test uses: the limiter's windows are real minutes, longer than the suite. */
function newAddress(): string {
  addressCounter += 1
  return `198.51.100.${addressCounter}`
}

describe.each(kinds)('demo interactions on %s', (kind) => {
  let analytics: AnalyticsUnderTest
  let clock = new Date('2026-11-24T12:00:00Z')

  beforeAll(async () => {
    analytics = await startAnalytics(kind, () => clock)
  })
  afterAll(async () => {
    await analytics?.close()
  })

  /** Every test counts on a day of its own. */
  function nextDay(): Date {
    clock = new Date(clock.getTime() + 24 * 3_600_000)
    return clock
  }

  const send = (request: SignedRequest) => analytics.post(PATH, request)

  async function expectAccepted(response: Response): Promise<void> {
    expect(response.status, await response.clone().text()).toBe(202)
    expect(await response.json()).toEqual({})
  }

  it('counts each interaction on its UTC day, with an empty body, {} or any fields alike', async () => {
    const day = nextDay()
    const clientIp = newAddress()
    await expectAccepted(await send({ clientIp }))
    await expectAccepted(await send({ clientIp, body: '', headers: JSON_TYPE }))
    await expectAccepted(await send({ clientIp, body: '{}', headers: JSON_TYPE }))
    const fields = JSON.stringify({ count: 1000, day: '2020-01-01', userId: 1, clientIp: '10.0.0.1', points: -50 })
    await expectAccepted(await send({ clientIp, body: fields, headers: JSON_TYPE }))
    expect(await analytics.interactionsOn(day)).toBe(4)

    // The clock passes midnight UTC: the next one is the next day's.
    clock = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 23, 59, 59, 999))
    await expectAccepted(await send({ clientIp }))
    clock = new Date(clock.getTime() + 1)
    await expectAccepted(await send({ clientIp }))
    expect(await analytics.interactionsOn(day)).toBe(5)
    expect(await analytics.interactionsOn(clock)).toBe(1)
  })

  it('keeps no client address: the limiter rows are keyed by an HMAC of it', async () => {
    const clientIp = '203.0.113.77'
    await expectAccepted(await send({ clientIp }))
    const rows = await analytics.prisma.rateLimit.findMany()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.key).toMatch(/^demo:[A-Za-z0-9_-]{43}$/)
      expect(row.key).not.toContain('203.0.113')
    }
  })

  it('refuses malformed JSON, a non-object, a non-JSON body and an oversized one, counting none', async () => {
    const day = nextDay()
    const refused = async (request: Omit<SignedRequest, 'clientIp'>, status: number, message: string) => {
      const response = await send({ clientIp: newAddress(), ...request })
      expect(response.status).toBe(status)
      expect(await response.json()).toEqual({ message })
    }
    await refused({ body: '{"broken":', headers: JSON_TYPE }, 400, 'Malformed JSON in request body')
    await refused({ body: '[1,2]', headers: JSON_TYPE }, 400, 'Request body must be a JSON object')
    await refused({ body: 'slider=1', headers: { 'content-type': 'text/plain' } }, 415, 'Content-Type must be application/json')
    const tooLarge = JSON.stringify({ padding: 'x'.repeat(DEMO_INTERACTION_BODY_LIMIT_BYTES) })
    await refused({ body: tooLarge, headers: JSON_TYPE }, 413, DEMO_INTERACTION_TOO_LARGE_MESSAGE)
    // Chunked, so no length to check first: the parser stops it at the same limit, with the same message.
    const response = await chunkedPost(analytics.post, tooLarge)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ message: DEMO_INTERACTION_TOO_LARGE_MESSAGE })
    // A body just at the limit is fine.
    const atLimit = JSON.stringify({ p: 'x'.repeat(DEMO_INTERACTION_BODY_LIMIT_BYTES - 8) })
    expect(Buffer.byteLength(atLimit)).toBe(DEMO_INTERACTION_BODY_LIMIT_BYTES)
    await expectAccepted(await send({ clientIp: newAddress(), body: atLimit, headers: JSON_TYPE }))
    expect(await analytics.interactionsOn(day)).toBe(1)
  })

  it(`accepts exactly ${DEMO_INTERACTIONS_PER_WINDOW} of 100 concurrent interactions from one address, and no fewer from others`, async () => {
    const day = nextDay()
    const flooder = newAddress()
    const responses = await Promise.all(Array.from({ length: 100 }, () => send({ clientIp: flooder })))
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 202)).toHaveLength(DEMO_INTERACTIONS_PER_WINDOW)
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - DEMO_INTERACTIONS_PER_WINDOW)
    expect(await analytics.interactionsOn(day)).toBe(DEMO_INTERACTIONS_PER_WINDOW)

    const refusal = responses.find((response) => response.status === 429)
    const retryAfter = Number(refusal?.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(DEMO_INTERACTION_WINDOW_SECONDS)
    expect(await refusal?.json()).toEqual({
      message: `${TOO_MANY_DEMO_INTERACTIONS_MESSAGE} Please try again in ${retryAfter} second(s).`,
    })
    await discard(responses)

    // Still refused afterwards; the others, each its own window, are not affected.
    expect((await send({ clientIp: flooder })).status).toBe(429)
    for (const clientIp of [newAddress(), newAddress(), '2001:db8::1']) await expectAccepted(await send({ clientIp }))
    expect(await analytics.interactionsOn(day)).toBe(DEMO_INTERACTIONS_PER_WINDOW + 3)
  })

  it('holds the limit across replicas: a flood spread over two instances gets the same number through', async () => {
    const day = nextDay()
    const other = await analytics.replica()
    const flooder = newAddress()
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => (index % 2 === 0 ? send({ clientIp: flooder }) : other(PATH, { clientIp: flooder }))),
    )
    expect(responses.filter((response) => response.status === 202)).toHaveLength(DEMO_INTERACTIONS_PER_WINDOW)
    await discard(responses)
    expect(await analytics.interactionsOn(day)).toBe(DEMO_INTERACTIONS_PER_WINDOW)
    // Refused by the other replica as well.
    expect((await other(PATH, { clientIp: flooder })).status).toBe(429)
  })
})

/** Lets go of the answers' bodies nobody reads. */
async function discard(responses: Response[]): Promise<void> {
  await Promise.all(responses.flatMap((response) => (response.body && !response.bodyUsed ? [response.body.cancel()] : [])))
}

/** The too-large body as a stream (Transfer-Encoding: chunked), signed for a new address. */
async function chunkedPost(post: (path: string, request: SignedRequest) => Promise<Response>, body: string): Promise<Response> {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(body))
      controller.close()
    },
  })
  return post(PATH, { clientIp: newAddress(), headers: JSON_TYPE, stream })
}
