import { HttpError } from '@valueproof/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrismaClient } from '../db.ts'
import { proposalTestDatabase } from '../testing/database.ts'
import {
  accessCodeMatches,
  clearCodeAttempts,
  countCodeAttempt,
  deleteEndedCodeWindows,
  throttleKey,
  type AccessCodePolicy,
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

describe('access-code attempts per proposal and address', () => {
  const policy: AccessCodePolicy = { attempts: 10, windowMs: 15 * 60_000 }
  let prisma: PrismaClient
  let close: () => Promise<void>

  beforeAll(async () => {
    const db = await proposalTestDatabase()
    prisma = db.prisma
    close = () => db.close()
  })
  afterAll(async () => {
    await close?.()
  })

  const attempt = (props: { proposalId: string; ip: string; now: Date }) =>
    countCodeAttempt(prisma, { ...props, policy, dbSchema: undefined })

  it('allows the window’s attempts, then refuses with 429 and Retry-After until the window ends', async () => {
    const now = new Date('2026-11-21T10:00:00Z')
    const who = { proposalId: newProposalId(), ip: '198.51.100.7' }
    for (let count = 0; count < policy.attempts; count += 1) await attempt({ ...who, now })
    const refused = await attempt({ ...who, now: new Date(now.getTime() + 5 * 60_000) }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many access code attempts for this proposal. Please try again in 10 minute(s).',
    })
    expect((refused as HttpError).headers['Retry-After']).toBe('600')
    // Another address, and another proposal from this address, are not affected.
    await attempt({ ...who, ip: '203.0.113.9', now })
    await attempt({ proposalId: newProposalId(), ip: who.ip, now })
    // A new window starts afresh.
    await attempt({ ...who, now: new Date(now.getTime() + policy.windowMs + 1_000) })
  })

  it('counts attempts sent at the same time exactly, so none slips past the limit', async () => {
    const now = new Date('2026-11-21T11:00:00Z')
    const who = { proposalId: newProposalId(), ip: '198.51.100.30', now }
    const outcomes = await Promise.allSettled(Array.from({ length: 15 }, () => attempt(who)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(policy.attempts)
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(5)
  })

  it('starts afresh after the right code, and stores no address as such', async () => {
    const now = new Date('2026-11-21T12:00:00Z')
    const who = { proposalId: newProposalId(), ip: '192.0.2.44' }
    for (let count = 0; count < policy.attempts; count += 1) await attempt({ ...who, now })
    await clearCodeAttempts(prisma, who)
    await attempt({ ...who, now })
    const rows = await prisma.accessCodeThrottle.findMany({ where: { key: throttleKey(who.proposalId, who.ip) } })
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(who.ip)
  })

  it('sweeps windows that have ended', async () => {
    const start = new Date('2026-11-21T13:00:00Z')
    const who = { proposalId: newProposalId(), ip: '192.0.2.50' }
    await deleteEndedCodeWindows(prisma, { policy, now: start }) // the earlier tests' windows
    await attempt({ ...who, now: start })
    expect(await deleteEndedCodeWindows(prisma, { policy, now: new Date(start.getTime() + policy.windowMs - 1_000) })).toBe(0)
    expect(await deleteEndedCodeWindows(prisma, { policy, now: new Date(start.getTime() + policy.windowMs + 1_000) })).toBe(1)
    expect(await prisma.accessCodeThrottle.findUnique({ where: { key: throttleKey(who.proposalId, who.ip) } })).toBeNull()
  })
})
