import { HttpError } from '@valueproof/service-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrismaClient } from '../db.ts'
import { proposalTestDatabase } from '../testing/database.ts'
import {
  accessCodeMatches,
  codeAccepted,
  deleteEndedCodeWindows,
  reserveCodeAttempt,
  throttleKey,
  type AccessCodePolicy,
  type CodeThrottleStore,
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

describe('access-code attempts per proposal and address, and per proposal', () => {
  const policy: AccessCodePolicy = { attempts: 10, windowMs: 15 * 60_000, ceiling: 25, ceilingWindowMs: 60_000 }
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

  const attempt = (props: { proposalId: string; ip: string; now: Date; policy?: AccessCodePolicy }) =>
    reserveCodeAttempt(store, { ...props, policy: props.policy ?? policy })
  const refusal = (promise: Promise<unknown>) => promise.then(() => undefined).catch((error: unknown) => error)
  const pairRow = (proposalId: string, ip: string) =>
    prisma.accessCodeThrottle.findUnique({ where: { key: throttleKey(store, 'code-pair', proposalId, ip) } })

  it('allows an address the window’s attempts, then refuses with 429 and Retry-After until the window ends', async () => {
    const now = new Date('2026-11-21T10:00:00Z')
    const who = { proposalId: newProposalId(), ip: '198.51.100.7' }
    for (let count = 0; count < policy.attempts; count += 1) await attempt({ ...who, now })
    const refused = await refusal(attempt({ ...who, now: new Date(now.getTime() + 5 * 60_000) }))
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

  it('refuses a proposal after its ceiling from all addresses for the short window, without using the address’s attempt', async () => {
    const now = new Date('2026-11-21T11:00:00Z')
    const proposalId = newProposalId()
    const small = { ...policy, ceiling: 5 }
    const attempts = []
    for (let address = 0; address < small.ceiling; address += 1) {
      attempts.push(await attempt({ proposalId, ip: `198.18.0.${address}`, now, policy: small }))
    }
    const refused = await refusal(attempt({ proposalId, ip: '203.0.113.50', now: new Date(now.getTime() + 15_000), policy: small }))
    expect(refused).toMatchObject({
      status: 429,
      message: 'Too many access code attempts for this proposal right now. Please try again in 45 second(s).',
    })
    expect((refused as HttpError).headers['Retry-After']).toBe('45')
    expect(await pairRow(proposalId, '203.0.113.50')).toMatchObject({ attempts: 0 })
    // The right code gives its slot back and clears that address's attempts.
    const [first] = attempts
    if (first) await codeAccepted(store, first)
    expect(await pairRow(proposalId, '198.18.0.0')).toBeNull()
    await attempt({ proposalId, ip: '203.0.113.50', now, policy: small })
    await expect(attempt({ proposalId, ip: '203.0.113.51', now, policy: small })).rejects.toMatchObject({ status: 429 })
    await attempt({ proposalId, ip: '203.0.113.51', now: new Date(now.getTime() + small.ceilingWindowMs), policy: small })
  })

  it('lets no more attempts through than each limit allows when they arrive at the same time', async () => {
    const now = new Date('2026-11-21T12:00:00Z')
    const settled = async (make: (index: number) => Promise<unknown>) => {
      const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, index) => make(index)))
      return outcomes.filter((outcome) => outcome.status === 'fulfilled').length
    }
    const proposalId = newProposalId()
    expect(await settled(() => attempt({ proposalId, ip: '198.51.100.30', now }))).toBe(policy.attempts)
    expect(await settled((index) => attempt({ proposalId: newProposalId(), ip: '198.51.100.31', now }).then(() => index))).toBe(40)
    const crowded = newProposalId()
    expect(await settled((index) => attempt({ proposalId: crowded, ip: `198.18.2.${index}`, now }))).toBe(policy.ceiling)
  })

  it('stores no address: the keys are HMACs under ADDRESS_HASH_KEY', async () => {
    const now = new Date('2026-11-21T13:00:00Z')
    const who = { proposalId: newProposalId(), ip: '192.0.2.44' }
    await attempt({ ...who, now })
    const rows = await prisma.accessCodeThrottle.findMany()
    expect(JSON.stringify(rows)).not.toMatch(/192\.0\.2|198\.51\.100|198\.18\./)
    expect(await pairRow(who.proposalId, who.ip)).not.toBeNull()
    expect(throttleKey({ addressHashKey: 'b'.repeat(32) }, 'code-pair', who.proposalId, who.ip)).not.toBe(
      throttleKey(store, 'code-pair', who.proposalId, who.ip),
    )
  })

  it('sweeps windows that have ended', async () => {
    const start = new Date('2026-11-21T14:00:00Z')
    const who = { proposalId: newProposalId(), ip: '192.0.2.50' }
    await deleteEndedCodeWindows(prisma, { policy, now: start }) // the earlier tests' windows
    await attempt({ ...who, now: start })
    expect(await deleteEndedCodeWindows(prisma, { policy, now: new Date(start.getTime() + policy.windowMs - 1_000) })).toBe(0)
    expect(await deleteEndedCodeWindows(prisma, { policy, now: new Date(start.getTime() + policy.windowMs + 1_000) })).toBe(2)
    expect(await pairRow(who.proposalId, who.ip)).toBeNull()
  })
})
