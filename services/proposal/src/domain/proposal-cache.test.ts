import { createInProcessEventBus, encodeEvent, proposalDeleted, proposalRevoked, type EventBus } from '@valueproof/event-bus'
import { eventually } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrismaClient } from '../db.ts'
import { subscribeCacheEvictions } from '../events/proposal-changed.ts'
import { proposalTestDatabase } from '../testing/database.ts'
import { createPublishedProposalCache } from './proposal-cache.ts'
import { newProposalId } from './proposal-ids.ts'
import { createProposalLoader } from './proposal-loader.ts'

describe('the published-proposal cache', () => {
  let db: Awaited<ReturnType<typeof proposalTestDatabase>>
  let prisma: PrismaClient
  let clock = 0

  beforeAll(async () => {
    db = await proposalTestDatabase()
    prisma = db.prisma
  })
  afterAll(async () => {
    await db?.close()
  })

  function cache(options: { maxEntries?: number } = {}) {
    return createPublishedProposalCache(createProposalLoader(prisma), { ttlMs: 2_000, now: () => clock, ...options })
  }
  async function proposal(isPublished = true): Promise<string> {
    const { id } = await prisma.proposal.create({
      data: { id: newProposalId(), userId: 7, title: 'Before', calculatorData: {}, isPublished },
    })
    return id
  }
  /** Changed behind the cache's back, as another replica's PATCH does. */
  const retitle = (id: string, title: string) => prisma.proposal.update({ where: { id }, data: { title } })

  it('reuses a published proposal for its short life, then reads it again', async () => {
    const published = cache()
    const id = await proposal()
    expect((await published.load(id))?.title).toBe('Before')
    await retitle(id, 'After')
    clock += 1_999
    expect((await published.load(id))?.title).toBe('Before')
    clock += 1
    expect((await published.load(id))?.title).toBe('After')
  })

  it('keeps neither an unpublished proposal nor an unknown id', async () => {
    const published = cache()
    const id = await proposal(false)
    expect((await published.load(id))?.isPublished).toBe(false)
    await prisma.proposal.update({ where: { id }, data: { isPublished: true } })
    expect((await published.load(id))?.isPublished).toBe(true)
    const later = newProposalId()
    expect(await published.load(later)).toBeNull()
    await prisma.proposal.create({ data: { id: later, userId: 7, title: 'New', calculatorData: {}, isPublished: true } })
    expect((await published.load(later))?.title).toBe('New')
  })

  it('reads again after an eviction, and keeps nothing a read in flight during an eviction saw', async () => {
    const published = cache()
    const id = await proposal()
    await published.load(id)
    await retitle(id, 'Evicted')
    published.evict(id)
    expect((await published.load(id))?.title).toBe('Evicted')

    const inFlight = published.load(id)
    published.evict(id)
    await inFlight
    await retitle(id, 'After the read')
    expect((await published.load(id))?.title).toBe('After the read')
  })

  it('forgets the oldest entry beyond its size', async () => {
    const published = cache({ maxEntries: 2 })
    const [first, second, third] = [await proposal(), await proposal(), await proposal()]
    for (const id of [first, second, third]) await published.load(id)
    await Promise.all([first, second, third].map((id) => retitle(id, 'After')))
    expect([(await published.load(first))?.title, (await published.load(third))?.title]).toEqual(['After', 'Before'])
  })

  it("evicts on every replica when the proposal's revoked or deleted event arrives", async () => {
    const bus: EventBus = createInProcessEventBus()
    const replicas = [cache(), cache()]
    const subscriptions = await Promise.all(replicas.map((replica) => subscribeCacheEvictions(bus, replica)))
    try {
      const [revoked, deleted] = [await proposal(), await proposal()]
      for (const replica of replicas) for (const id of [revoked, deleted]) await replica.load(id)
      await prisma.proposal.update({ where: { id: revoked }, data: { revokedAt: new Date() } })
      await prisma.proposal.delete({ where: { id: deleted } })
      await bus.publish(encodeEvent(proposalRevoked, { proposalId: revoked, userId: 7 }))
      await bus.publish(encodeEvent(proposalDeleted, { proposalId: deleted, userId: 7 }))
      for (const replica of replicas) {
        await eventually(async () => ((await replica.load(revoked))?.revokedAt ? true : undefined))
        await eventually(async () => ((await replica.load(deleted)) === null ? true : undefined))
      }
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.stop()))
      await bus.drain()
    }
  })
})
