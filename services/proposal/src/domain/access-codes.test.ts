import { HttpError } from '@valueproof/http-kit'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PrismaClient } from '../db.ts'
import { proposalTestDatabase } from '../testing/database.ts'
import {
  accessCodeDelayMs,
  accessCodeDelays,
  accessCodePolicy,
  throttleKey,
  type AccessCodePolicy,
  type CodeThrottleStore,
} from './access-code-policy.ts'
import {
  accessCodeMatches,
  attemptKeys,
  codeAccepted,
  deleteEndedCodeWindows,
  reserveCodeAttempt,
  type CodeGuesser,
} from './access-codes.ts'
import { newProposalId } from './proposal-ids.ts'

describe('accessCodeMatches', () => {
  it('accepts the code, ignoring surrounding spaces of the entry, and refuses anything else', () => {
    expect(accessCodeMatches('Secret-42', 'Secret-42')).toBe(true)
    expect(accessCodeMatches('  Secret-42 ', 'Secret-42')).toBe(true)
    expect(accessCodeMatches('secret-42', 'Secret-42')).toBe(false)
    expect(accessCodeMatches('Secret-4', 'Secret-42')).toBe(false)
    expect(accessCodeMatches('Secret-42!', 'Secret-42')).toBe(false)
    expect(accessCodeMatches('', 'Secret-42')).toBe(false)
    // Lengths never decide early: a very long entry is compared like any other.
    expect(accessCodeMatches('x'.repeat(10_000), 'Secret-42')).toBe(false)
  })
})

describe('newProposalId', () => {
  it('gives 22 base64url characters (16 random bytes), different every time', () => {
    const ids = Array.from({ length: 1_000 }, () => newProposalId())
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(new Set(ids).size).toBe(ids.length)
    expect(Buffer.from(ids[0] ?? '', 'base64url')).toHaveLength(16)
  })
})

/** The defaults of the proposal service's configuration (config.ts). */
const defaults = accessCodePolicy({
  PROPOSAL_ACCESS_CODE_FREE_FAILURES: 5,
  PROPOSAL_ACCESS_CODE_MAX_DELAY_SECONDS: 3600,
  PROPOSAL_ACCESS_CODE_ADDRESS_ATTEMPTS: 100,
  PROPOSAL_ACCESS_CODE_ADDRESS_WINDOW_MINUTES: 15,
  PROPOSAL_ACCESS_CODE_CEILING: 20,
  PROPOSAL_ACCESS_CODE_CEILING_SECONDS: 60,
})

describe('the delay schedule of one visitor', () => {
  it('lets 5 wrong codes through freely, then the n-th further attempt waits 2^n seconds after the previous wrong one', () => {
    for (const failures of [1, 2, 3, 4]) expect(accessCodeDelayMs(failures, defaults)).toBe(0)
    // After the 5th wrong code the 1st further attempt waits 2 s, after the 6th the 2nd waits 4 s …
    for (let further = 1; further <= 11; further += 1) expect(accessCodeDelayMs(4 + further, defaults)).toBe(2 ** further * 1000)
  })

  it('caps the wait at one hour, and lists the delays up to the first capped one for SQL', () => {
    expect(accessCodeDelayMs(15, defaults)).toBe(2048_000)
    expect(accessCodeDelayMs(16, defaults)).toBe(3_600_000)
    expect(accessCodeDelayMs(1_000, defaults)).toBe(3_600_000)
    const delays = accessCodeDelays(defaults)
    expect(delays).toHaveLength(16)
    expect(delays.slice(0, 6)).toEqual([0, 0, 0, 0, 2000, 4000])
    expect(delays.at(-1)).toBe(3_600_000)
    // The worst a visitor gets in its first hour: the free ones and those whose waits add up to it.
    let elapsedMs = 0
    let attempts = defaults.freeFailures
    for (const delay of delays.slice(defaults.freeFailures - 1)) {
      if (elapsedMs + delay > 3_600_000) break
      elapsedMs += delay
      attempts += 1
    }
    expect(attempts).toBe(15)
  })

  it('follows the configuration: free failures and the cap', () => {
    const strict = { ...defaults, freeFailures: 1, maxDelayMs: 10_000 }
    expect(accessCodeDelays(strict)).toEqual([2000, 4000, 8000, 10_000])
  })
})

describe('wrong access codes per visitor, per address and per proposal', () => {
  const policy: AccessCodePolicy = {
    ...defaults,
    address: { attempts: 25, windowMs: 15 * 60_000 },
    ceiling: { attempts: 30, windowMs: 60_000 },
  }
  let prisma: PrismaClient
  let store: CodeThrottleStore
  let close: () => Promise<void>

  beforeAll(async () => {
    const db = await proposalTestDatabase()
    prisma = db.prisma
    store = { prisma, dbSchema: undefined, addressHashKey: 'a'.repeat(32) }
    close = () => db.close()
  })
  afterAll(async () => {
    await close?.()
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  const later = (start: Date, ms: number) => new Date(start.getTime() + ms)
  /** The rate limiter's windows follow the clock: only Date is faked, so the database runs as ever. */
  const attempt = (guesser: CodeGuesser & { now: Date; policy?: AccessCodePolicy }) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(guesser.now)
    return reserveCodeAttempt(store, { ...guesser, policy: guesser.policy ?? policy })
  }
  const accepted = (attempt: Awaited<ReturnType<typeof reserveCodeAttempt>>) => codeAccepted(store, { attempt, policy })
  const refusal = (promise: Promise<unknown>) => promise.then(() => undefined).catch((error: unknown) => error)
  const visitorRow = (guesser: CodeGuesser) => prisma.accessCodeDelay.findUnique({ where: { key: attemptKeys(store, guesser).visitor } })
  const windowRow = (guesser: CodeGuesser, which: 'address' | 'proposal') =>
    prisma.rateLimit.findUnique({ where: { key: `code-${which}:${attemptKeys(store, guesser)[which]}` } })

  it('gives a visitor 5 free wrong codes, then refuses with 429 and Retry-After until each doubling wait has passed', async () => {
    const start = new Date('2026-11-21T10:00:00Z')
    const guesser = { proposalId: newProposalId(), ip: '198.51.100.7', visitorId: 'visitor-one-aaaaaaaaaa' }
    for (let count = 0; count < 5; count += 1) await attempt({ ...guesser, now: start })
    const refused = await refusal(attempt({ ...guesser, now: later(start, 500) }))
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many access code attempts for this proposal. Please try again in 2 second(s).',
    })
    expect((refused as HttpError).headers['Retry-After']).toBe('2')
    // The refused attempt changed nothing: the wait still counts from the 5th wrong code.
    expect(await visitorRow(guesser)).toMatchObject({ failures: 5, waitMs: 2000, lastAttemptAt: start })
    await attempt({ ...guesser, now: later(start, 2000) })
    await expect(attempt({ ...guesser, now: later(start, 5000) })).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '1' } })
    await attempt({ ...guesser, now: later(start, 6000) })
    expect(await visitorRow(guesser)).toMatchObject({ failures: 7, waitMs: 8000 })
  })

  it('keeps another visitor behind the same address free while one waits; the right code clears only that visitor', async () => {
    const start = new Date('2026-11-21T10:10:00Z')
    const proposalId = newProposalId()
    const attacker = { proposalId, ip: '203.0.113.9', visitorId: 'attacker-aaaaaaaaaaaa' }
    const colleague = { proposalId, ip: '203.0.113.9', visitorId: 'colleague-aaaaaaaaaaa' }
    for (let count = 0; count < 5; count += 1) await attempt({ ...attacker, now: start })
    await expect(attempt({ ...attacker, now: start })).rejects.toMatchObject({ status: 429 })
    // The colleague's own wrong code, then the right one.
    await attempt({ ...colleague, now: start })
    const right = await attempt({ ...colleague, now: start })
    await accepted(right)
    expect(await visitorRow(colleague)).toBeNull()
    expect(await visitorRow(attacker)).toMatchObject({ failures: 5 })
    // Only wrong codes stay counted in the shared windows: the attacker's 5 and the colleague's 1.
    expect(await windowRow(attacker, 'address')).toMatchObject({ points: 6 })
    expect(await windowRow(attacker, 'proposal')).toMatchObject({ points: 6 })
    await expect(attempt({ ...attacker, now: start })).rejects.toMatchObject({ status: 429 })
  })

  it('treats a client without a visitor id as one visitor per address, under the same rules', async () => {
    const start = new Date('2026-11-21T10:20:00Z')
    const proposalId = newProposalId()
    const anonymous = { proposalId, ip: '192.0.2.20', visitorId: undefined }
    for (let count = 0; count < 5; count += 1) await attempt({ ...anonymous, now: start })
    await expect(attempt({ ...anonymous, now: start })).rejects.toMatchObject({ status: 429 })
    await attempt({ proposalId, ip: '192.0.2.20', visitorId: 'with-a-cookie-aaaaaaa', now: start })
    await attempt({ ...anonymous, ip: '192.0.2.21', now: start })
  })

  it('refuses an address once its visitors together used the address window, without touching the visitor', async () => {
    const start = new Date('2026-11-21T10:30:00Z')
    const proposalId = newProposalId()
    const rotating = (index: number) => ({ proposalId, ip: '198.51.100.40', visitorId: `rotated-cookie-${String(index).padStart(6, '0')}` })
    const attempts = []
    for (let index = 0; index < policy.address.attempts; index += 1) attempts.push(await attempt({ ...rotating(index), now: start }))
    const refused = await refusal(attempt({ ...rotating(999), now: later(start, 5 * 60_000) }))
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many access code attempts for this proposal from your network. Please try again in 10 minute(s).',
    })
    expect((refused as HttpError).headers['Retry-After']).toBe('600')
    expect(await visitorRow(rotating(999))).toBeNull()
    // The proposal's ceiling slot was not taken either; other addresses go on.
    expect(await windowRow(rotating(0), 'proposal')).toMatchObject({ points: policy.address.attempts })
    await attempt({ proposalId, ip: '198.51.100.41', visitorId: 'elsewhere-aaaaaaaaaaa', now: start })
    // A right code gives its slot back, so the next visitor from that address gets one.
    const [first] = attempts
    if (first) await accepted(first)
    await attempt({ ...rotating(999), now: start })
    await attempt({ ...rotating(1000), now: later(start, policy.address.windowMs) })
  })

  it('refuses a proposal after its ceiling from all addresses for the short window, giving the address its slot back', async () => {
    const start = new Date('2026-11-21T11:00:00Z')
    const proposalId = newProposalId()
    const small = { ...policy, ceiling: { attempts: 5, windowMs: 60_000 } }
    for (let address = 0; address < 5; address += 1) {
      await attempt({ proposalId, ip: `198.18.0.${address}`, visitorId: undefined, now: start, policy: small })
    }
    const late = { proposalId, ip: '203.0.113.50', visitorId: 'late-visitor-aaaaaaaaa' }
    const refused = await refusal(attempt({ ...late, now: later(start, 15_000), policy: small }))
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many access code attempts for this proposal right now. Please try again in 45 second(s).',
    })
    expect((refused as HttpError).headers['Retry-After']).toBe('45')
    expect(await windowRow(late, 'address')).toMatchObject({ points: 0 })
    expect(await visitorRow(late)).toBeNull()
    await attempt({ ...late, now: later(start, small.ceiling.windowMs), policy: small })
  })

  it('lets no more attempts through than each limit allows when they arrive at the same time', async () => {
    const now = new Date('2026-11-21T12:00:00Z')
    const settled = async (make: (index: number) => Promise<unknown>) => {
      const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, index) => make(index)))
      return outcomes.filter((outcome) => outcome.status === 'fulfilled').length
    }
    const oneVisitor = { proposalId: newProposalId(), ip: '198.51.100.30', visitorId: 'burst-visitor-aaaaaaaa' }
    expect(await settled(() => attempt({ ...oneVisitor, now }))).toBe(policy.freeFailures)
    const rotating = newProposalId()
    expect(
      await settled((index) => attempt({ proposalId: rotating, ip: '198.51.100.31', visitorId: `rotating-${index}-aaaaaaaaaa`, now })),
    ).toBe(policy.address.attempts)
    const crowded = newProposalId()
    expect(await settled((index) => attempt({ proposalId: crowded, ip: `198.18.2.${index}`, visitorId: undefined, now }))).toBe(
      policy.ceiling.attempts,
    )
  })

  it('forgets a visitor idle for a day', async () => {
    const start = new Date('2026-11-21T13:00:00Z')
    const guesser = { proposalId: newProposalId(), ip: '192.0.2.30', visitorId: 'forgetful-aaaaaaaaaaa' }
    for (let count = 0; count < 6; count += 1) await attempt({ ...guesser, now: later(start, count * 2000) })
    expect(await visitorRow(guesser)).toMatchObject({ failures: 6, waitMs: 4000 })
    await attempt({ ...guesser, now: later(start, policy.visitorMemoryMs + 60_000) })
    expect(await visitorRow(guesser)).toMatchObject({ failures: 1, waitMs: 0 })
  })

  it('stores no address or visitor id: the keys are HMACs under ADDRESS_HASH_KEY', async () => {
    const guesser = { proposalId: newProposalId(), ip: '192.0.2.44', visitorId: 'plain-visitor-id-zzzz' }
    await attempt({ ...guesser, now: new Date('2026-11-21T13:30:00Z') })
    const rows = JSON.stringify([await prisma.rateLimit.findMany(), await prisma.accessCodeDelay.findMany()])
    expect(rows).not.toMatch(/192\.0\.2|198\.51\.100|198\.18\.|203\.0\.113|visitor|cookie/)
    expect(await visitorRow(guesser)).not.toBeNull()
    expect(throttleKey({ addressHashKey: 'b'.repeat(32) }, 'code-visitor', guesser.proposalId, guesser.ip, guesser.visitorId)).not.toBe(
      attemptKeys(store, guesser).visitor,
    )
  })

  it('sweeps windows that have ended and visitors forgotten', async () => {
    const start = new Date('2026-11-22T14:00:00Z')
    const guesser = { proposalId: newProposalId(), ip: '192.0.2.50', visitorId: 'swept-visitor-aaaaaaa' }
    await deleteEndedCodeWindows(prisma, { policy, now: later(start, policy.visitorMemoryMs) }) // the earlier tests' rows
    await attempt({ ...guesser, now: start })
    expect(await deleteEndedCodeWindows(prisma, { policy, now: later(start, policy.ceiling.windowMs - 1_000) })).toBe(0)
    // Each window goes once it has ended: the proposal's short one first, then the address's.
    expect(await deleteEndedCodeWindows(prisma, { policy, now: later(start, policy.ceiling.windowMs + 1_000) })).toBe(1)
    expect(await deleteEndedCodeWindows(prisma, { policy, now: later(start, policy.address.windowMs + 1_000) })).toBe(1)
    expect(await visitorRow(guesser)).not.toBeNull()
    expect(await deleteEndedCodeWindows(prisma, { policy, now: later(start, policy.visitorMemoryMs) })).toBe(1)
    expect(await visitorRow(guesser)).toBeNull()
  })
})
