import { decodeEvent, OutboxRelay, proposalViewed, type EventEnvelope } from '@valueproof/event-bus'
import { createLogger } from '@valueproof/http-kit'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PrismaClient } from '../db.ts'
import type { ProposalView } from '../events/outbox.ts'
import { proposalTestDatabase } from '../testing/database.ts'
import { newProposalId } from './proposal-ids.ts'
import { ViewRecorder } from './views.ts'

const logger = createLogger({ name: 'test', level: 'silent' })

function view(overrides: Partial<ProposalView> = {}): ProposalView {
  return {
    proposalId: newProposalId(),
    ownerUserId: 7,
    viewer: 'visitor',
    visitorId: 'AAAAAAAAAAAAAAAAAAAAAA',
    viewedAt: new Date('2026-03-01T12:34:56.789Z'),
    ...overrides,
  }
}

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
  })

  it('writes the views of a moment as outbox rows that the relay publishes like any event', async () => {
    const recorder = new ViewRecorder({ prisma, dbSchema: undefined, logger, batchDelayMs: 60_000 })
    const views = [view({ viewer: 'owner', visitorId: undefined }), view(), view({ visitorId: 'BBBBBBBBBBBBBBBBBBBBBB' })]
    for (const one of views) recorder.record(one)
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
      decoded.map((event) => [event.proposalId, event.viewer, event.visitorId, event.ownerUserId, event.viewedAt?.seconds]).sort(),
    ).toEqual(
      views.map((one) => [one.proposalId, one.viewer, one.visitorId ?? '', 7, BigInt(Math.floor(one.viewedAt.getTime() / 1000))]).sort(),
    )
    const occurredAt = new Map(rows.map((row) => [row.id, row.occurredAt.getTime()]))
    for (const envelope of published) expect(envelope.occurredAt.getTime()).toBe(occurredAt.get(envelope.id))
  })

  it('dates thousands of views of one moment at that moment, not one millisecond apart into the future', async () => {
    const recorder = new ViewRecorder({ prisma, dbSchema: undefined, logger, batchDelayMs: 60_000 })
    const openedAt = new Date()
    for (let index = 0; index < 3_000; index += 1) recorder.record(view({ viewedAt: openedAt }))
    await recorder.flush()
    const range = await prisma.outboxEvent.aggregate({ _min: { occurredAt: true }, _max: { occurredAt: true }, _count: true })
    expect(range._count).toBe(3_000)
    expect(range._min.occurredAt).toEqual(openedAt)
    expect(range._max.occurredAt).toEqual(openedAt)
  })

  it('splits a long queue into batches and writes them all', async () => {
    const recorder = new ViewRecorder({ prisma, dbSchema: undefined, logger, batchDelayMs: 60_000, maxBatch: 4 })
    for (let index = 0; index < 10; index += 1) recorder.record(view())
    await recorder.flush()
    expect(await prisma.outboxEvent.count()).toBe(10)
  })

  it('loses the views of a failed write without throwing, and records later ones', async () => {
    let failing = true
    const flaky = new Proxy(prisma, {
      get(target, property, receiver): unknown {
        if (property === '$executeRawUnsafe' && failing) return () => Promise.reject(new Error('database unavailable'))
        return Reflect.get(target, property, receiver)
      },
    })
    const recorder = new ViewRecorder({ prisma: flaky, dbSchema: undefined, logger, batchDelayMs: 60_000 })
    recorder.record(view())
    await expect(recorder.flush()).resolves.toBeUndefined()
    failing = false
    recorder.record(view())
    await recorder.stop()
    expect(await prisma.outboxEvent.count()).toBe(1)
    recorder.record(view())
    await recorder.flush()
    expect(await prisma.outboxEvent.count()).toBe(1)
  })
})
