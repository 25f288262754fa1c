import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeEvent, OutboxRelay, proposalViewed, type EventEnvelope } from '@valueproof/event-bus'
import { createLogger } from '@valueproof/http-kit'
import { openServiceDatabase } from '@valueproof/service-runtime'
import { createTestDatabase, needs } from '@valueproof/testing'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { PrismaClient, type Tx } from '../db.ts'
import type { ProposalView } from '../events/outbox.ts'
import { proposalTestDatabase } from '../testing/database.ts'
import { newProposalId } from './proposal-ids.ts'
import { deleteExpiredVisits, ViewRecorder } from './views.ts'

const logger = createLogger({ name: 'test', level: 'silent' })

/** A view beacon's view: its own visit and token unless told otherwise. */
function view(overrides: Partial<ProposalView> = {}): ProposalView {
  return {
    proposalId: newProposalId(),
    ownerUserId: 7,
    title: 'Support savings',
    viewer: 'visitor',
    visitorId: 'AAAAAAAAAAAAAAAAAAAAAA',
    visitId: randomBytes(16).toString('base64url'),
    tokenHash: randomBytes(32).toString('base64url'),
    // A person of their own (view-people.test.ts has people seen again).
    person: {
      visitorKey: randomBytes(8).toString('hex'),
      personKey: randomBytes(8).toString('hex'),
      addressKey: randomBytes(8).toString('hex'),
    },
    viewedAt: new Date('2026-03-01T12:34:56.789Z'),
    ...overrides,
  }
}

/**
 * A recorder whose record() does not wait: a beacon's record() resolves only once its batch is
 * committed (docs/decisions/117), and these tests hold the batch (a long batchDelayMs) until
 * flush(). flush() and stop() resolve once every view recorded so far is committed or refused;
 * `refused` counts the refused ones.
 */
function unawaited(recorder: ViewRecorder) {
  const outcomes: Array<Promise<void>> = []
  let refused = 0
  return {
    record(one: ProposalView): Promise<void> {
      outcomes.push(recorder.record(one).catch(() => void (refused += 1)))
      return Promise.resolve()
    },
    async flush(): Promise<void> {
      await recorder.flush()
      await Promise.all(outcomes.splice(0))
    },
    async stop(): Promise<void> {
      await recorder.stop()
      await Promise.all(outcomes.splice(0))
    },
    get refused(): number {
      return refused
    },
  }
}

/** Twenty tokens, each sent by two replicas with their own visit ids, in opposite orders. */
async function replayedOnTwoReplicas(prisma: PrismaClient, proposalId: string): Promise<void> {
  const replicas = [1, 2].map(() => unawaited(new ViewRecorder({ prisma, dbSchema: undefined, logger, batchDelayMs: 60_000 })))
  const tokens = Array.from({ length: 20 }, () => view({ proposalId }))
  for (const [index, replica] of replicas.entries()) {
    const order = index === 0 ? tokens : [...tokens].reverse()
    for (const one of order) await replica.record({ ...one, visitId: randomBytes(16).toString('base64url') })
  }
  await Promise.all(replicas.map((replica) => replica.flush()))
}

describe.runIf(await needs('postgres'))('ViewRecorder on PostgreSQL', () => {
  it('retries a batch chosen as the victim of a deadlock with another replica, counting what is new once', async () => {
    const database = await createTestDatabase('vp_views')
    const dataDir = await mkdtemp(join(tmpdir(), 'vp-views-'))
    const db = await openServiceDatabase({
      service: 'proposal',
      PrismaClient,
      config: { DATABASE_URL: database.url, DATA_DIR: dataDir },
      logger,
    })
    try {
      const { id } = await db.prisma.proposal.create({
        data: { id: newProposalId(), userId: 7, title: 'Replayed', calculatorData: {}, isPublished: true },
      })
      const [first, second, fresh] = [view({ proposalId: id }), view({ proposalId: id }), view({ proposalId: id })]
      const insertVisit = (tx: Tx, one: ProposalView) =>
        tx.$executeRawUnsafe(
          `INSERT INTO proposal_visit (visit_id, token_hash, proposal_id) VALUES ($1, $2, $3)`,
          one.visitId,
          `replayed ${one.tokenHash}`,
          id,
        )
      const recorder = unawaited(new ViewRecorder({ prisma: db.prisma, dbSchema: undefined, logger, batchDelayMs: 60_000 }))
      for (const one of [first, second, fresh]) await recorder.record(one)
      // Another replica's batch holds the second visit, waits until this batch holds the first and
      // waits for the second, then asks for the first: this batch, waiting longer, is the victim.
      let recorded: Promise<void> = Promise.resolve()
      await db.prisma.$transaction(
        async (tx) => {
          await insertVisit(tx, second)
          recorded = recorder.flush()
          await new Promise((resolve) => setTimeout(resolve, 300))
          await insertVisit(tx, first)
        },
        { timeout: 10_000 },
      )
      await recorded
      // The retry finds both visits taken and counts the third, once.
      expect((await db.prisma.proposal.findUniqueOrThrow({ where: { id } })).viewCount).toBe(1)
      const events = (await db.prisma.outboxEvent.findMany()).map((row) =>
        decodeEvent(proposalViewed, { subject: row.subject, payload: new Uint8Array(row.payload) }),
      )
      expect(events.map((event) => event.visitId)).toEqual([fresh.visitId])
    } finally {
      await db.close()
      await database.drop()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('ViewRecorder', () => {
  let db: Awaited<ReturnType<typeof proposalTestDatabase>>
  let prisma: PrismaClient

  beforeAll(async () => {
    db = await proposalTestDatabase()
    prisma = db.prisma
  })
  afterAll(async () => {
    await db?.close()
  })
  beforeEach(async () => {
    await prisma.outboxEvent.deleteMany()
    await prisma.proposalVisit.deleteMany()
  })

  it('writes the views of a moment as outbox rows that the relay publishes like any event', async () => {
    const recorder = unawaited(new ViewRecorder({ prisma, dbSchema: undefined, logger, batchDelayMs: 60_000 }))
    const views = [
      view({ viewer: 'owner', visitorId: undefined }),
      view({ title: 'Besparingar för Åkerlunds fakturor' }),
      view({ visitorId: 'BBBBBBBBBBBBBBBBBBBBBB', title: 'Support savings for Acme' }),
    ]
    for (const one of views) await recorder.record(one)
    expect(await prisma.outboxEvent.count()).toBe(0)
    await recorder.flush()

    const rows = await prisma.outboxEvent.findMany({ orderBy: [{ occurredAt: 'asc' }, { id: 'asc' }] })
    expect(rows).toHaveLength(3)
    for (const row of rows) {
      expect(row).toMatchObject({ subject: proposalViewed.subject, publishedAt: null, attempts: 0, headers: {} })
      // The view's own time, stored as UTC wall time and read back by Prisma as the same instant.
      expect(row.occurredAt).toEqual(new Date('2026-03-01T12:34:56.789Z'))
    }

    const published: EventEnvelope[] = []
    const relay = new OutboxRelay({
      db: prisma,
      bus: {
        publish: (envelope) => {
          published.push(envelope)
          return Promise.resolve()
        },
      },
      pollIntervalMs: 60_000,
    })
    relay.start()
    try {
      for (let tries = 0; published.length < 3 && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10))
    } finally {
      await relay.stop()
    }
    expect(published.map((envelope) => envelope.id).sort()).toEqual(rows.map((row) => row.id).sort())
    const decoded = published.map((envelope) => decodeEvent(proposalViewed, envelope))
    expect(
      decoded
        .map((event) => [
          event.proposalId,
          event.title,
          event.viewer,
          event.visitorId,
          event.visitId,
          event.ownerUserId,
          event.viewedAt?.seconds,
        ])
        .sort(),
    ).toEqual(
      views
        .map((one) => [
          one.proposalId,
          one.title,
          one.viewer,
          one.visitorId ?? '',
          one.visitId,
          7,
          BigInt(Math.floor(one.viewedAt.getTime() / 1000)),
        ])
        .sort(),
    )
    const occurredAt = new Map(rows.map((row) => [row.id, row.occurredAt.getTime()]))
    for (const envelope of published) expect(envelope.occurredAt.getTime()).toBe(occurredAt.get(envelope.id))
  })

  it('dates thousands of views of one moment at that moment, not one millisecond apart into the future', async () => {
    const recorder = unawaited(new ViewRecorder({ prisma, dbSchema: undefined, logger, batchDelayMs: 60_000 }))
    const openedAt = new Date()
    for (let index = 0; index < 3_000; index += 1) await recorder.record(view({ viewedAt: openedAt }))
    await recorder.flush()
    const range = await prisma.outboxEvent.aggregate({ _min: { occurredAt: true }, _max: { occurredAt: true }, _count: true })
    expect(range._count).toBe(3_000)
    expect(range._min.occurredAt).toEqual(openedAt)
    expect(range._max.occurredAt).toEqual(openedAt)
  })

  it('splits a long queue into batches and writes them all, telling after each commit (the relay is nudged)', async () => {
    const commits: number[] = []
    const written = async () => commits.push(await prisma.outboxEvent.count())
    const recorder = unawaited(
      new ViewRecorder({
        prisma,
        dbSchema: undefined,
        logger,
        batchDelayMs: 60_000,
        maxBatch: 4,
        written: () => void written(),
      }),
    )
    for (let index = 0; index < 10; index += 1) await recorder.record(view())
    await recorder.flush()
    expect(await prisma.outboxEvent.count()).toBe(10)
    await vi.waitFor(() => expect(commits).toHaveLength(3))
    expect(Math.min(...commits)).toBeGreaterThanOrEqual(4)
  })

  it('refuses the views of a failed write (their beacons are answered 503), and records later ones', async () => {
    let failing = true
    const flaky = new Proxy(prisma, {
      get(target, property, receiver): unknown {
        if (property === '$transaction' && failing) return () => Promise.reject(new Error('database unavailable'))
        return Reflect.get(target, property, receiver)
      },
    })
    let commits = 0
    const recorder = unawaited(
      new ViewRecorder({ prisma: flaky, dbSchema: undefined, logger, batchDelayMs: 60_000, written: () => (commits += 1) }),
    )
    await recorder.record(view())
    await expect(recorder.flush()).resolves.toBeUndefined()
    expect([commits, recorder.refused]).toEqual([0, 1])
    failing = false
    await recorder.record(view())
    await recorder.stop()
    expect(await prisma.outboxEvent.count()).toBe(1)
    await recorder.record(view())
    await recorder.flush()
    expect(await prisma.outboxEvent.count()).toBe(1)
    expect(recorder.refused).toBe(2)
  })

  // The same database and outbox reset as the recorder's tests above.
  describe('prospect view counts', () => {
    async function proposal(viewCount = 0): Promise<{ id: string; updatedAt: Date }> {
      return prisma.proposal.create({
        data: { id: newProposalId(), userId: 7, title: 'Viewed', calculatorData: {}, isPublished: true, viewCount },
        select: { id: true, updatedAt: true },
      })
    }
    const countOf = async (id: string) => (await prisma.proposal.findUniqueOrThrow({ where: { id } })).viewCount
    const owners = (proposalId: string) => view({ proposalId, viewer: 'owner', visitorId: undefined })
    const prospects = (proposalId: string) => view({ proposalId })

    /** The client, and the statements each of its transactions ran. */
    function countingStatements(): { client: PrismaClient; perTransaction: number[] } {
      const perTransaction: number[] = []
      const client = new Proxy(prisma, {
        get(target, property, receiver): unknown {
          if (property !== '$transaction') return Reflect.get(target, property, receiver)
          return (work: (tx: Tx) => Promise<unknown>) =>
            target.$transaction(async (tx) => {
              const index = perTransaction.push(0) - 1
              const counted = new Proxy(tx, {
                get(inner, name, innerReceiver): unknown {
                  if (name === '$executeRawUnsafe' || name === '$queryRawUnsafe') perTransaction[index] = (perTransaction[index] ?? 0) + 1
                  return Reflect.get(inner, name, innerReceiver)
                },
              })
              return work(counted)
            })
        },
      })
      return { client, perTransaction }
    }

    it("adds a batch's prospect views to each proposal, never the owner's own, leaving updatedAt as it was", async () => {
      const first = await proposal()
      const second = await proposal(5)
      const unviewed = await proposal()
      const recorder = unawaited(new ViewRecorder({ prisma, dbSchema: undefined, logger, batchDelayMs: 60_000 }))
      const batch = [
        prospects(first.id),
        owners(first.id),
        prospects(first.id),
        owners(second.id),
        prospects(second.id),
        prospects(first.id),
      ]
      for (const one of batch) await recorder.record(one)
      await recorder.flush()
      expect([await countOf(first.id), await countOf(second.id), await countOf(unviewed.id)]).toEqual([3, 6, 0])
      // Every view is still an event, the owner's included.
      expect(await prisma.outboxEvent.count()).toBe(batch.length)
      expect((await prisma.proposal.findUniqueOrThrow({ where: { id: first.id } })).updatedAt).toEqual(first.updatedAt)

      await recorder.record(owners(unviewed.id))
      await recorder.flush()
      expect(await countOf(unviewed.id)).toBe(0)
    })

    it('counts a flood across many proposals with six statements per batch, whatever its size', async () => {
      const proposals = await Promise.all(Array.from({ length: 12 }, () => proposal()))
      const { client, perTransaction } = countingStatements()
      // Different people at one moment, below a ceiling set above them (view-people.test.ts holds them to it).
      const counting = { windowMs: 1_800_000, ceilingPerMinute: 1_000, peoplePerAddress: 1_000 }
      const recorder = unawaited(
        new ViewRecorder({ prisma: client, dbSchema: undefined, logger, batchDelayMs: 60_000, maxBatch: 500, counting }),
      )
      const expected = new Map<string, number>()
      for (let index = 0; index < 1_200; index += 1) {
        const { id } = proposals[(index * 7) % proposals.length] ?? { id: '' }
        const byOwner = index % 5 === 0
        await recorder.record(byOwner ? owners(id) : prospects(id))
        if (!byOwner) expected.set(id, (expected.get(id) ?? 0) + 1)
      }
      await recorder.flush()
      // 500 + 500 + 200 views: each batch is one INSERT of its visits, one lock of its proposals, one read of
      // their recent people, one INSERT of its people, one of its events and one UPDATE of its counts.
      expect(perTransaction).toEqual([6, 6, 6])
      const rows = await prisma.proposal.findMany({
        where: { id: { in: proposals.map((one) => one.id) } },
        select: { id: true, viewCount: true },
      })
      expect(Object.fromEntries(rows.map((row) => [row.id, row.viewCount]))).toEqual(Object.fromEntries(expected))
      expect(Array.from(expected.values()).reduce((sum, count) => sum + count, 0)).toBe(960)
    })

    it('skips a proposal deleted meanwhile and counts the rest of its batch', async () => {
      const kept = await proposal()
      const deleted = await proposal()
      await prisma.proposal.delete({ where: { id: deleted.id } })
      const recorder = unawaited(new ViewRecorder({ prisma, dbSchema: undefined, logger, batchDelayMs: 60_000 }))
      for (const one of [prospects(deleted.id), prospects(kept.id), prospects(deleted.id)]) await recorder.record(one)
      await recorder.flush()
      expect(await countOf(kept.id)).toBe(1)
      expect(await prisma.proposal.count({ where: { id: deleted.id } })).toBe(0)
      expect(await prisma.outboxEvent.count()).toBe(3)
    })

    it('commits the counts with the outbox rows: when counting fails, the batch leaves no events either', async () => {
      const full = await proposal(2_147_483_647)
      const other = await proposal()
      const recorder = unawaited(new ViewRecorder({ prisma, dbSchema: undefined, logger, batchDelayMs: 60_000 }))
      // One more view than an INTEGER holds: the UPDATE fails after the events were inserted.
      for (const one of [prospects(other.id), prospects(full.id), owners(other.id)]) await recorder.record(one)
      await expect(recorder.flush()).resolves.toBeUndefined()
      expect(recorder.refused).toBe(3)
      expect(await prisma.outboxEvent.count()).toBe(0)
      expect([await countOf(other.id), await countOf(full.id)]).toEqual([0, 2_147_483_647])

      await recorder.record(prospects(other.id))
      await recorder.flush()
      expect(await countOf(other.id)).toBe(1)
      expect(await prisma.outboxEvent.count()).toBe(1)
    })

    it('counts a visit id once and a token once, within a batch and across batches', async () => {
      const viewed = await proposal()
      const recorder = unawaited(new ViewRecorder({ prisma, dbSchema: undefined, logger, batchDelayMs: 60_000 }))
      const first = prospects(viewed.id)
      // A beacon resent, the same visit with a new token, and the same token with a new visit id.
      const replays = [{ ...first }, { ...first, tokenHash: 'another-token' }, { ...first, visitId: 'another-visit-id-12345' }]
      for (const one of [first, ...replays]) await recorder.record(one)
      await recorder.flush()
      expect(await countOf(viewed.id)).toBe(1)
      for (const one of replays) await recorder.record(one)
      const own = owners(viewed.id)
      await recorder.record(own)
      const second = prospects(viewed.id)
      await recorder.record(second)
      await recorder.flush()
      expect(await countOf(viewed.id)).toBe(2)
      // Events only for the views counted (the owner's is an event, not a count).
      const events = (await prisma.outboxEvent.findMany()).map((row) =>
        decodeEvent(proposalViewed, { subject: row.subject, payload: new Uint8Array(row.payload) }),
      )
      expect(events.map((event) => [event.visitId, event.viewer]).sort()).toEqual(
        [
          [first.visitId, 'visitor'],
          [second.visitId, 'visitor'],
          [own.visitId, 'owner'],
        ].sort(),
      )
      expect(await prisma.proposalVisit.count({ where: { proposalId: viewed.id } })).toBe(3)
    })

    it('counts once the tokens replayed on two recorders at once (two replicas)', async () => {
      const viewed = await proposal()
      await replayedOnTwoReplicas(prisma, viewed.id)
      expect(await countOf(viewed.id)).toBe(20)
      expect(await prisma.outboxEvent.count()).toBe(20)
    })
  })

  it('sweeps visits whose tokens have expired, keeping the rest', async () => {
    const now = new Date('2026-03-03T12:00:00.000Z')
    const recorder = unawaited(new ViewRecorder({ prisma, dbSchema: undefined, logger, batchDelayMs: 60_000 }))
    const old = view({ viewedAt: new Date(now.getTime() - 26 * 3_600_000) })
    const recent = view({ viewedAt: new Date(now.getTime() - 24 * 3_600_000) })
    await recorder.record(old)
    await recorder.record(recent)
    await recorder.flush()
    expect(await deleteExpiredVisits(prisma, { now })).toBe(1)
    expect((await prisma.proposalVisit.findMany()).map((row) => row.visitId)).toEqual([recent.visitId])
  })
})
