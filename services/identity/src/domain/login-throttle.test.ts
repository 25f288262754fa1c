import { HttpError } from '@valueproof/http-kit'
import { needs } from '@valueproof/testing'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { identityPGliteDatabase, identityTestDatabase } from '../testing/database.ts'
import type { ThrottleStore } from './throttle-store.ts'
import { deleteStaleLoginRows, loginDelayMs, loginDelays, loginSucceeded, reserveLoginAttempt, type LoginPolicy } from './login-throttle.ts'
import { reserveRegistration } from './registration-throttle.ts'
import { throttleKeyOf } from './throttle-keys.ts'

const policy: LoginPolicy = {
  freeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: 8000,
  pairMemoryMs: 24 * 3_600_000,
  account: { attempts: 10, windowMs: 60_000 },
  address: { usernames: 4, windowMs: 60 * 60_000 },
}

describe('login delays', () => {
  it('lets the first failures through, then doubles the wait from 1 s up to the cap', () => {
    expect(loginDelays(policy)).toEqual([0, 0, 1000, 2000, 4000, 8000])
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((failures) => loginDelayMs(failures, policy))).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000, 8000])
    expect(loginDelays({ freeFailures: 1, firstDelayMs: 1000, maxDelayMs: 1000 })).toEqual([1000])
  })
})

const kinds = (await needs('postgres')) ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const)

describe.each(kinds)('login and registration limits on %s', (kind) => {
  let store: ThrottleStore
  let close: () => Promise<void>
  let clock = Date.parse('2026-11-21T10:00:00Z')
  /** Every test gets its own hour, so their windows never meet. */
  const laterHour = () => {
    clock += 3 * 3_600_000
    return clock
  }
  beforeAll(async () => {
    const db = kind === 'PGlite' ? await identityPGliteDatabase() : await identityTestDatabase()
    store = { prisma: db.prisma, dbSchema: db.schema, keyOf: throttleKeyOf('k'.repeat(32)) }
    close = () => db.close()
  })
  afterAll(async () => {
    await close?.()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** The rate limiter's windows follow the clock: only Date is faked, so the databases run as ever. */
  const at = (time: number) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(time)
    return new Date(time)
  }
  const attempt = (props: { usernameKey: string; ip: string; at: number; policy?: LoginPolicy }) =>
    reserveLoginAttempt(store, { usernameKey: props.usernameKey, ip: props.ip, policy: props.policy ?? policy, now: at(props.at) })
  const refusal = (promise: Promise<unknown>) => promise.then(() => undefined).catch((error: unknown) => error)

  it('makes one account at one address wait 1 s, 2 s, 4 s … after the free failures, refusing attempts during the wait', async () => {
    const t0 = laterHour()
    const who = { usernameKey: 'victim', ip: '198.51.100.7' }
    for (let failure = 0; failure < policy.freeFailures; failure += 1) await attempt({ ...who, at: t0 })
    const refused = await refusal(attempt({ ...who, at: t0 + 400 }))
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({ status: 429, message: 'Too many failed login attempts. Please try again in 1 second(s).' })
    expect((refused as HttpError).headers['Retry-After']).toBe('1')
    await attempt({ ...who, at: t0 + 1000 }) // 4th failure: 2 s
    await expect(attempt({ ...who, at: t0 + 2999 })).rejects.toMatchObject({ status: 429 })
    await attempt({ ...who, at: t0 + 3000 }) // 5th: 4 s
    await expect(attempt({ ...who, at: t0 + 6999 })).rejects.toMatchObject({ status: 429 })
    await attempt({ ...who, at: t0 + 7000 }) // 6th: 8 s (the cap)
    await attempt({ ...who, at: t0 + 15_000 }) // 7th: still 8 s
    await expect(attempt({ ...who, at: t0 + 22_999 })).rejects.toMatchObject({ status: 429 })
    // The owner at another address is not slowed by any of it.
    await attempt({ ...who, ip: '203.0.113.9', at: t0 + 15_000 })
  })

  it('clears the pair on a right password, and forgets an idle pair after a day', async () => {
    const t0 = laterHour()
    const who = { usernameKey: 'forgetful', ip: '198.51.100.20' }
    for (let failure = 0; failure < policy.freeFailures; failure += 1) await attempt({ ...who, at: t0 })
    await expect(attempt({ ...who, at: t0 + 1 })).rejects.toMatchObject({ status: 429 })
    const right = await attempt({ ...who, at: t0 + 1000 })
    await loginSucceeded(store, { attempt: right, policy })
    expect(await store.prisma.loginPair.findUnique({ where: { key: right.pair } })).toBeNull()
    for (let failure = 0; failure < policy.freeFailures; failure += 1) await attempt({ ...who, at: t0 + 1000 })
    await attempt({ ...who, at: t0 + 2000 + policy.pairMemoryMs })
    expect(await store.prisma.loginPair.findUnique({ where: { key: right.pair } })).toMatchObject({ failures: 1, waitMs: 0 })
  })

  it('refuses an account after its ceiling of attempts from all addresses, for the short window only', async () => {
    const t0 = laterHour()
    const usernameKey = 'popular'
    const attempts = []
    for (let address = 0; address < policy.account.attempts; address += 1) {
      attempts.push(await attempt({ usernameKey, ip: `198.18.0.${address}`, at: t0 }))
    }
    const refused = await refusal(attempt({ usernameKey, ip: '203.0.113.50', at: t0 + 20_000 }))
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many failed login attempts for this account. Please try again in 40 second(s).',
    })
    expect((refused as HttpError).headers['Retry-After']).toBe('40')
    // A right password gives its slot back; then the window is full again.
    const [first] = attempts
    if (first) await loginSucceeded(store, { attempt: first, policy })
    await attempt({ usernameKey, ip: '203.0.113.50', at: t0 + 20_000 })
    await expect(attempt({ usernameKey, ip: '203.0.113.51', at: t0 + 20_000 })).rejects.toMatchObject({ status: 429 })
    // The next window is open to everyone.
    await attempt({ usernameKey, ip: '203.0.113.51', at: t0 + policy.account.windowMs })
  })

  it('counts distinct usernames per address: the same user mistyping costs one, spraying many accounts is refused', async () => {
    const t0 = laterHour()
    const ip = '192.0.2.44'
    const loose = { ...policy, freeFailures: 50 }
    for (let failure = 0; failure < 5; failure += 1) await attempt({ usernameKey: 'alice', ip, at: t0, policy: loose })
    const bob = await attempt({ usernameKey: 'bob', ip, at: t0, policy: loose })
    await attempt({ usernameKey: 'carol', ip, at: t0, policy: loose })
    await attempt({ usernameKey: 'dave', ip, at: t0, policy: loose })
    const refused = await refusal(attempt({ usernameKey: 'erin', ip, at: t0 + 60_000, policy: loose }))
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many failed logins for different accounts from your network. Please try again in 59 minute(s).',
    })
    // Names already on the list go on; another address is not affected; a right password frees its entry.
    await attempt({ usernameKey: 'alice', ip, at: t0 + 60_000, policy: loose })
    await attempt({ usernameKey: 'erin', ip: '192.0.2.45', at: t0 + 60_000, policy: loose })
    await loginSucceeded(store, { attempt: bob, policy: loose })
    await attempt({ usernameKey: 'erin', ip, at: t0 + 60_000, policy: loose })
    await expect(attempt({ usernameKey: 'frank', ip, at: t0 + 60_000, policy: loose })).rejects.toMatchObject({ status: 429 })
    await attempt({ usernameKey: 'frank', ip, at: t0 + policy.address.windowMs, policy: loose })
  })

  it('lets no more attempts through than each limit allows when they arrive at the same time', async () => {
    const t0 = laterHour()
    const settled = async (count: number, make: (index: number) => Promise<unknown>) => {
      const outcomes = await Promise.allSettled(Array.from({ length: count }, (_, index) => make(index)))
      return outcomes.filter((outcome) => outcome.status === 'fulfilled').length
    }
    expect(await settled(40, () => attempt({ usernameKey: 'burst-pair', ip: '198.51.100.99', at: t0 }))).toBe(policy.freeFailures)
    expect(await settled(40, (index) => attempt({ usernameKey: 'burst-account', ip: `198.18.1.${index}`, at: t0 }))).toBe(
      policy.account.attempts,
    )
    expect(await settled(40, (index) => attempt({ usernameKey: `sprayed${index}`, ip: '198.51.100.100', at: t0 }))).toBe(
      policy.address.usernames,
    )
  })

  it('stores neither addresses nor usernames, and sweeps rows that limit nothing any more', async () => {
    const t0 = laterHour()
    await attempt({ usernameKey: 'private-person', ip: '198.51.100.123', at: t0 })
    const rows = [
      await store.prisma.loginPair.findMany(),
      await store.prisma.loginAddress.findMany(),
      await store.prisma.rateLimit.findMany(),
    ]
    expect(JSON.stringify(rows)).not.toMatch(/198\.51\.100|private-person|victim|popular|sprayed/)
    // A month later (the earlier tests' clocks included) nothing limits anything any more.
    await deleteStaleLoginRows(store, { policy, now: new Date(t0 + 30 * 24 * 3_600_000) })
    expect(await store.prisma.loginPair.count()).toBe(0)
    expect(await store.prisma.loginAddress.count()).toBe(0)
  })

  it('takes a fixed number of registrations per address and hour, at the same time too', async () => {
    const t0 = laterHour()
    const register = (ip: string, time: number) => {
      at(time)
      return reserveRegistration(store, { ip, perHour: 5 })
    }
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => register('198.51.100.77', t0)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5)
    const refused = await refusal(register('198.51.100.77', t0 + 30 * 60_000))
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many accounts have been registered from your network. Please try again in 30 minute(s).',
    })
    expect((refused as HttpError).headers['Retry-After']).toBe('1800')
    await register('198.51.100.78', t0)
    await register('198.51.100.77', t0 + 3_600_000)
  })
})
