import { HttpError } from '@valueproof/service-kit'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrismaClient } from '../db.ts'
import { identityTestDatabase } from '../testing/database.ts'
import { clearLoginFailures, enforceLoginThrottle, recordLoginFailure, slowDownDelay, type LoginThrottlePolicy } from './login-throttle.ts'

const policy: LoginThrottlePolicy = {
  windowMs: 15 * 60_000,
  slowAfter: 3,
  baseDelayMs: 250,
  maxDelayMs: 4000,
  maxFailuresPerUsername: 10,
  maxFailuresPerAddress: 50,
  blockMs: 15 * 60_000,
}

describe('slowDownDelay', () => {
  it('adds nothing for the first failures, then doubles up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((failures) => slowDownDelay(failures, policy))).toEqual([
      0, 0, 0, 250, 500, 1000, 2000, 4000, 4000,
    ])
  })
})

describe.skipIf(!(await needs('postgres')))('login throttle on PostgreSQL', () => {
  let prisma: PrismaClient
  let close: () => Promise<void>
  beforeAll(async () => {
    const db = await identityTestDatabase()
    prisma = db.prisma
    close = () => db.close()
  })
  afterAll(async () => {
    await close?.()
  })

  async function attempt(props: { usernameKey: string; ip: string; now: Date }) {
    const delays: number[] = []
    const sleep = (ms: number) => {
      delays.push(ms)
      return Promise.resolve()
    }
    await enforceLoginThrottle(prisma, { ...props, policy, sleep })
    return delays
  }

  it('slows repeated failures for one username, then refuses with 429 until the block ends', async () => {
    const now = new Date('2026-11-21T10:00:00Z')
    const who = { usernameKey: 'victim', ip: '198.51.100.7', now }
    const delays: number[] = []
    for (let failure = 0; failure < policy.maxFailuresPerUsername; failure += 1) {
      delays.push(...(await attempt(who)))
      await recordLoginFailure(prisma, { ...who, policy, dbSchema: undefined })
    }
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000])
    const refused = await attempt(who).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({ status: 429, message: 'Too many failed login attempts. Please try again in 15 minute(s).' })
    expect((refused as HttpError).headers['Retry-After']).toBe('900')
    // Another address is refused too: the username itself is blocked.
    await expect(attempt({ ...who, ip: '203.0.113.9' })).rejects.toMatchObject({ status: 429 })
    // After the block the username may try again.
    expect(await attempt({ ...who, now: new Date(now.getTime() + policy.blockMs + 1000) })).toEqual([])
  })

  it('counts failures per address across usernames', async () => {
    const now = new Date('2026-11-21T11:00:00Z')
    const ip = '192.0.2.44'
    for (let failure = 0; failure < policy.maxFailuresPerAddress; failure += 1) {
      await recordLoginFailure(prisma, { usernameKey: `sprayed${failure}`, ip, now, policy, dbSchema: undefined })
    }
    await expect(attempt({ usernameKey: 'fresh-name', ip, now })).rejects.toMatchObject({ status: 429 })
    expect(await attempt({ usernameKey: 'fresh-name', ip: '192.0.2.45', now })).toEqual([])
  })

  it('forgets failures outside the window and after a successful login', async () => {
    const start = new Date('2026-11-21T12:00:00Z')
    const who = { usernameKey: 'forgetful', ip: '198.51.100.20' }
    for (let failure = 0; failure < 5; failure += 1) await recordLoginFailure(prisma, { ...who, now: start, policy, dbSchema: undefined })
    expect(await attempt({ ...who, now: start })).toEqual([1000])
    expect(await attempt({ ...who, now: new Date(start.getTime() + policy.windowMs + 1) })).toEqual([])
    await clearLoginFailures(prisma, { usernameKey: who.usernameKey })
    const rows = await prisma.loginThrottle.findMany({ where: { key: `user:${who.usernameKey}` } })
    expect(rows).toEqual([])
  })

  it('counts concurrent failures exactly (atomic upsert)', async () => {
    const now = new Date('2026-11-21T13:00:00Z')
    const who = { usernameKey: 'concurrent', ip: '198.51.100.30', now, policy, dbSchema: undefined }
    await Promise.all(Array.from({ length: 8 }, () => recordLoginFailure(prisma, who)))
    const row = await prisma.loginThrottle.findUnique({ where: { key: 'user:concurrent' } })
    expect(row?.failures).toBe(8)
  })
})
