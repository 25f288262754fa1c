// The engagement recorder under a flood: a full queue makes the next beacon's request wait for room
// instead of dropping it, and a beacon is accepted only once its batch is committed, so every beacon
// accepted is written; stopping still writes what was queued and refuses the rest.
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrismaClient } from '../db.ts'
import { analyticsPGliteDatabase, type AnalyticsTestDatabase } from '../testing/database.ts'
import { newProposalId, newVisitId } from '../testing/events.ts'
import type { EngagementBeacon } from './engagement.ts'
import { EngagementRecorder } from './engagement-recorder.ts'

const logger = pino({ level: 'silent' })
let database: AnalyticsTestDatabase
beforeAll(async () => {
  database = await analyticsPGliteDatabase()
})
afterAll(() => database?.close())

function beacon(proposalId: string): EngagementBeacon {
  const at = new Date('2026-11-20T10:00:00.000Z')
  const visitId = newVisitId()
  return {
    proposalId,
    ownerUserId: 7,
    visitorId: 'visitor-1',
    visitId,
    tokenHash: `token of ${visitId}`,
    openedAt: at,
    receivedAt: at,
    events: [{ type: 'heartbeat', seq: 0, visibleMs: 10_000 }],
  }
}

/** The database, its transactions held until `open()` is called. */
function gated(prisma: PrismaClient): { prisma: PrismaClient; open: () => void } {
  let open = (): void => undefined
  const gate = new Promise<void>((resolve) => (open = resolve))
  const held = new Proxy(prisma, {
    get(target, property, receiver): unknown {
      const value: unknown = Reflect.get(target, property, receiver)
      if (property !== '$transaction' || typeof value !== 'function') return value
      return (...args: unknown[]) => gate.then(() => Reflect.apply(value, target, args) as unknown)
    },
  })
  return { prisma: held, open: () => open() }
}

describe('EngagementRecorder', () => {
  it('makes a beacon wait for room when the queue is full, and writes every one of a flood', async () => {
    const proposalId = newProposalId()
    const { prisma, open } = gated(database.db.prisma)
    const recorder = new EngagementRecorder({ prisma, dbSchema: database.db.schema, logger, batchDelayMs: 1, maxBatch: 2, maxPending: 3 })
    let queued = 0
    const flood = Array.from({ length: 20 }, () => recorder.record(beacon(proposalId)).then(() => (queued += 1)))
    await new Promise((resolve) => setTimeout(resolve, 50))
    // The first batch of 2 is being written (held), 3 more fill the queue; the other 15 wait for
    // room. Nobody is answered before their batch is committed.
    expect(queued).toBe(0)
    open()
    await Promise.all(flood)
    await recorder.stop()
    expect(await database.db.prisma.engagementEvent.count({ where: { proposalId } })).toBe(20)
  })

  it('stops with requests still waiting: what was queued is written, the waiting ones are refused', async () => {
    const proposalId = newProposalId()
    const { prisma, open } = gated(database.db.prisma)
    const recorder = new EngagementRecorder({ prisma, dbSchema: database.db.schema, logger, batchDelayMs: 1, maxBatch: 2, maxPending: 2 })
    // Two batches of two are written at once (held by the gate), two more are queued, two wait for room.
    const flood = Array.from({ length: 8 }, () => recorder.record(beacon(proposalId)))
    await new Promise((resolve) => setTimeout(resolve, 50))
    const stopped = recorder.stop()
    open()
    const outcomes = await Promise.allSettled(flood)
    await stopped
    expect(await database.db.prisma.engagementEvent.count({ where: { proposalId } })).toBe(6)
    expect(outcomes.map((outcome) => outcome.status)).toEqual([...Array<string>(6).fill('fulfilled'), 'rejected', 'rejected'])
  })
})
