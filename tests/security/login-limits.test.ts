// Issue 13: the login limits (decision 091) against bursts through the gateway. Behind one trusted
// proxy (TRUST_PROXY=true, one hop) the client is the right-most X-Forwarded-For entry; what a
// client writes before it is forged and must not give it fresh limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { stackKinds, startTestStack, type TestStack } from '../integration/support/stack.ts'

const LIMITS = {
  LOGIN_FREE_FAILURES: 3,
  LOGIN_ACCOUNT_ATTEMPTS: 10,
  LOGIN_ACCOUNT_WINDOW_SECONDS: 5,
  LOGIN_ADDRESS_USERNAMES: 20,
}
const BURST = 300
const WRONG_PASSWORD = 'Wrong-Password-1'

const kinds = await stackKinds('postgres+nats+minio')

/** 300 logins at once; how many had their password checked (401) and how many were refused unchecked (429). */
async function burst(stack: TestStack, request: (index: number) => { username: string; forwardedFor: string }) {
  const started = performance.now()
  const answers = await Promise.all(
    Array.from({ length: BURST }, async (_, index) => {
      const { username, forwardedFor } = request(index)
      const response = await new ApiClient(stack.url).post(
        '/api/login',
        { username, password: WRONG_PASSWORD },
        { 'x-forwarded-for': forwardedFor },
      )
      const { message } = (await response.json()) as { message: string }
      return { status: response.status, message, retryAfter: Number(response.headers.get('retry-after')) }
    }),
  )
  const refused = answers.filter((answer) => answer.status === 429)
  for (const answer of refused) {
    expect(answer.message).toMatch(/^Too many failed logins? .*Please try again in \d+ (second|minute)\(s\)\.$/)
    expect(answer.retryAfter).toBeGreaterThan(0)
  }
  const evaluated = answers.filter((answer) => answer.status === 401)
  for (const answer of evaluated) expect(answer.message).toBe('Invalid username or password')
  expect(evaluated.length + refused.length).toBe(BURST)
  return { evaluated: evaluated.length, refused, seconds: (performance.now() - started) / 1000 }
}

async function logIn(stack: TestStack, username: string, forwardedFor: string) {
  return new ApiClient(stack.url).post('/api/login', { username, password: GOOD_PASSWORD }, { 'x-forwarded-for': forwardedFor })
}

describe.each(kinds)('login limits through the gateway (%s)', (kind) => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack(kind, {
      TRUST_PROXY: 'true',
      ...Object.fromEntries(Object.entries(LIMITS).map(([k, v]) => [k, String(v)])),
    })
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function owner(): Promise<string> {
    const username = uniqueUsername('owner')
    const response = await new ApiClient(stack.url).post(
      '/api/register',
      { username, password: GOOD_PASSWORD },
      { 'x-forwarded-for': '192.0.2.1' },
    )
    expect(response.status).toBe(201)
    return username
  }

  it('checks only the free failures (and one per wait that passed) of 300 guesses from one address behind forged entries; the owner logs in from another at once', async () => {
    const username = await owner()
    const { evaluated, seconds } = await burst(stack, (index) => ({
      username,
      forwardedFor: `198.18.${index >> 8}.${index & 255}, 203.0.113.7`,
    }))
    console.info(`[${kind}] one address, one account: ${evaluated} of ${BURST} evaluated in ${seconds.toFixed(1)} s`)
    expect(evaluated).toBeGreaterThan(0)
    expect(evaluated).toBeLessThanOrEqual(LIMITS.LOGIN_ACCOUNT_ATTEMPTS)
    // The free failures, then one more after each wait (1 s, 2 s, 4 s …) that fits into the burst's time.
    expect(evaluated).toBeLessThanOrEqual(LIMITS.LOGIN_FREE_FAILURES + Math.floor(Math.log2(seconds + 1)))
    // That address still waits: its next attempt is refused without a check, even with the right
    // password. Asked right after the burst, while the wait that began with its last check runs.
    const waiting = await logIn(stack, username, '203.0.113.7')
    expect(waiting.status).toBe(429)
    expect((await logIn(stack, username, '192.0.2.10')).status).toBe(200)
  })

  it('checks at most the account ceiling of 300 guesses from 300 addresses; the owner gets in from a new address within the short window', async () => {
    const username = await owner()
    const { evaluated, seconds } = await burst(stack, (index) => ({ username, forwardedFor: `198.19.${index >> 8}.${index & 255}` }))
    console.info(`[${kind}] 300 addresses, one account: ${evaluated} of ${BURST} evaluated in ${seconds.toFixed(1)} s`)
    expect(evaluated).toBeGreaterThan(0)
    // The ceiling per window; a burst slower than one window (a very busy machine) meets a second one.
    const windows = Math.floor(seconds / LIMITS.LOGIN_ACCOUNT_WINDOW_SECONDS) + 1
    expect(evaluated).toBeLessThanOrEqual(LIMITS.LOGIN_ACCOUNT_ATTEMPTS * windows)
    let waitedSeconds = 0
    let response = await logIn(stack, username, '192.0.2.20')
    while (response.status === 429 && waitedSeconds <= LIMITS.LOGIN_ACCOUNT_WINDOW_SECONDS) {
      const retryAfter = Number(response.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(LIMITS.LOGIN_ACCOUNT_WINDOW_SECONDS)
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000))
      waitedSeconds += retryAfter
      response = await logIn(stack, username, '192.0.2.20')
    }
    expect(response.status).toBe(200)
  }, 60_000)

  it('checks at most the distinct-username limit of 300 usernames sprayed from one address; other addresses are not affected', async () => {
    const colleague = await owner()
    const { evaluated, seconds } = await burst(stack, (index) => ({
      username: `sprayed_${index}_${Date.now()}`,
      forwardedFor: '203.0.113.99',
    }))
    console.info(`[${kind}] one address, 300 usernames: ${evaluated} of ${BURST} evaluated in ${seconds.toFixed(1)} s`)
    expect(evaluated).toBeGreaterThan(0)
    expect(evaluated).toBeLessThanOrEqual(LIMITS.LOGIN_ADDRESS_USERNAMES)
    // A username the address has not failed with is refused (the list is full), one that it has goes on.
    expect((await logIn(stack, colleague, '203.0.113.99')).status).toBe(429)
    expect((await logIn(stack, colleague, '203.0.113.100')).status).toBe(200)
  }, 60_000)
})
