// Views that count people, not requests (issue 34, docs/decisions/119): the classification of a
// batch's views on its own, then through the ViewRecorder on PGlite and, when it answers, on
// PostgreSQL with two recorders (replicas) writing one proposal's views at once.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeEvent, proposalViewed } from '@valueproof/event-bus'
import { createLogger } from '@valueproof/http-kit'
import { openServiceDatabase } from '@valueproof/service-runtime'
import { createTestDatabase, needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PrismaClient } from '../db.ts'
import type { ClassifiedView, ProposalView } from '../events/outbox.ts'
import { proposalTestDatabase } from '../testing/database.ts'
import { newProposalId } from './proposal-ids.ts'
import { classifyViews, deleteEndedViewWindows, viewPerson, type RecentView, type ViewCountingPolicy } from './view-people.ts'
import { ViewRecorder } from './views.ts'

const logger = createLogger({ name: 'test', level: 'silent' })
const KEY = 'k'.repeat(32)
const POLICY: ViewCountingPolicy = { windowMs: 30 * 60_000, ceilingPerMinute: 30, peoplePerAddress: 10 }
const START = new Date('2026-03-01T12:00:00.000Z').getTime()
const PROPOSAL = 'proposal-of-the-classification-tests'

interface Visitor {
  visitorId?: string
  ip?: string
  userAgent?: string
}

/** A visitor's view `seconds` after START, with the keys the view beacon makes from who they are. */
function visit(who: Visitor, seconds: number, proposalId = PROPOSAL): ProposalView {
  const visitorId = who.visitorId ?? randomBytes(16).toString('base64url')
  return {
    proposalId,
    ownerUserId: 7,
    title: 'Support savings',
    viewer: 'visitor',
    visitorId,
    visitId: randomBytes(16).toString('base64url'),
    tokenHash: randomBytes(32).toString('base64url'),
    person: viewPerson(KEY, {
      proposalId,
      visitorId,
      ip: who.ip ?? '203.0.113.7',
      userAgent: who.userAgent ?? 'Mozilla/5.0 (Macintosh) Firefox/133.0',
      acceptLanguage: 'en-GB,en;q=0.8',
    }),
    viewedAt: new Date(START + seconds * 1000),
  }
}

const countings = (views: readonly ClassifiedView[]) => views.map((view) => view.counting)
const tally = (views: readonly ClassifiedView[]) => {
  const counts: Record<string, number> = {}
  for (const view of views) counts[view.counting ?? 'owner'] = (counts[view.counting ?? 'owner'] ?? 0) + 1
  return counts
}

describe('classifyViews', () => {
  it('counts a person once per window, by the visitor id or by the address and browser, and again after it', () => {
    const person = { visitorId: 'visitor-of-the-first-person-01' }
    const { views } = classifyViews(
      [
        visit(person, 0),
        // The cookie kept: the same visitor id.
        visit(person, 60),
        // The cookie dropped: a new visitor id, the same address and browser.
        visit({}, 120),
        // The same visitor id from another network.
        visit({ ...person, ip: '198.51.100.4' }, 180),
        // After the window (from the view counted, not the last one seen): counted again.
        visit(person, 30 * 60 + 1),
      ],
      [],
      POLICY,
    )
    expect(countings(views)).toEqual(['counted', 'repeat', 'repeat', 'repeat', 'counted'])
  })

  it('tells apart people behind one address by their browsers, up to the address allowance; other addresses still count', () => {
    const browsers = Array.from({ length: 12 }, (_, index) => visit({ userAgent: `Browser/${index}` }, index))
    const { views, kept } = classifyViews([...browsers, visit({ ip: '198.51.100.4' }, 20)], [], POLICY)
    expect(countings(views)).toEqual([...Array<string>(10).fill('counted'), 'suspect', 'suspect', 'counted'])
    // Suspect views keep nothing: they are nobody's.
    expect(kept).toHaveLength(11)
  })

  it('takes at most the ceiling of views a minute as real, repeats included, and more once the minute has passed', () => {
    // 40 people from 40 addresses in 40 seconds, then one more a minute after the first.
    const people = Array.from({ length: 40 }, (_, index) => visit({ ip: `192.0.2.${index}` }, index))
    const later = visit({ ip: '192.0.2.200' }, 60.5)
    expect(tally(classifyViews([...people, later], [], POLICY).views)).toEqual({ counted: 31, suspect: 10 })
    // One person reopening: one view counted, repeats up to the ceiling, then suspect.
    const reopened = Array.from({ length: 40 }, (_, index) => visit({}, index))
    expect(tally(classifyViews(reopened, [], POLICY).views)).toEqual({ counted: 1, repeat: 29, suspect: 10 })
  })

  it("classifies against the proposal's recent views from earlier batches, and leaves the owner's unclassified", () => {
    const earlier = visit({ visitorId: 'visitor-seen-in-an-earlier-batch' }, 0)
    const recent: RecentView[] = [
      {
        ...(earlier.person ?? { visitorKey: undefined, personKey: '', addressKey: '' }),
        proposalId: PROPOSAL,
        counted: true,
        seenAt: START,
      },
    ]
    const owner: ProposalView = { ...visit({}, 10), viewer: 'owner', visitorId: undefined, person: undefined }
    const { views } = classifyViews(
      [owner, visit({ visitorId: 'visitor-seen-in-an-earlier-batch' }, 20), visit({}, 30, 'another-proposal')],
      recent,
      POLICY,
    )
    expect(countings(views)).toEqual([undefined, 'repeat', 'counted'])
  })

  it('keys a person per proposal, without the address, visitor id or browser in them', () => {
    const props = {
      visitorId: 'visitor-id-of-the-key-test',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 Firefox/133.0',
      acceptLanguage: 'en',
    }
    const one = viewPerson(KEY, { ...props, proposalId: 'proposal-one' })
    const other = viewPerson(KEY, { ...props, proposalId: 'proposal-two' })
    for (const key of [one.personKey, one.addressKey, one.visitorKey]) expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect([other.personKey, other.addressKey, other.visitorKey]).not.toContain(one.personKey)
    expect(new Set([one.personKey, one.addressKey, one.visitorKey]).size).toBe(3)
    expect(JSON.stringify(one)).not.toMatch(/203\.0\.113\.7|Firefox|visitor-id-of-the-key-test/)
    expect(viewPerson('another-key-of-32-characters-....', { ...props, proposalId: 'proposal-one' }).personKey).not.toBe(one.personKey)
  })
})

/** A database for the recorder: PGlite, or a throw-away PostgreSQL database. */
async function openDatabase(kind: 'pglite' | 'postgres'): Promise<{ prisma: PrismaClient; close(): Promise<void> }> {
  if (kind === 'pglite') return proposalTestDatabase()
  const database = await createTestDatabase('vp_view_people')
  const dataDir = await mkdtemp(join(tmpdir(), 'vp-view-people-'))
  const db = await openServiceDatabase({
    service: 'proposal',
    PrismaClient,
    config: { DATABASE_URL: database.url, DATA_DIR: dataDir },
    logger,
  })
  return {
    prisma: db.prisma,
    async close() {
      await db.close()
      await database.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

const kinds: Array<'pglite' | 'postgres'> = (await needs('postgres')) ? ['pglite', 'postgres'] : ['pglite']

describe.each(kinds)('the ViewRecorder counting people (%s)', (kind) => {
  let db: Awaited<ReturnType<typeof openDatabase>>
  beforeAll(async () => {
    db = await openDatabase(kind)
  })
  afterAll(async () => {
    await db?.close()
  })

  async function proposal(): Promise<string> {
    const { id } = await db.prisma.proposal.create({
      data: { id: newProposalId(), userId: 7, title: 'Counted', calculatorData: {}, isPublished: true },
    })
    return id
  }

  /** Records the views on recorders of their own (replicas) at once, each in batches of `maxBatch`. */
  async function recordOnReplicas(replicas: ProposalView[][], maxBatch = 50): Promise<void> {
    await Promise.all(
      replicas.map(async (views) => {
        const recorder = new ViewRecorder({ prisma: db.prisma, dbSchema: undefined, logger, counting: POLICY, batchDelayMs: 5, maxBatch })
        await Promise.all(views.map((one) => recorder.record(one)))
        await recorder.flush()
      }),
    )
  }

  async function outcome(proposalId: string) {
    const events = (await db.prisma.outboxEvent.findMany())
      .map((row) => decodeEvent(proposalViewed, { subject: row.subject, payload: new Uint8Array(row.payload) }))
      .filter((event) => event.proposalId === proposalId)
    const counts: Record<string, number> = {}
    for (const event of events) counts[event.counting] = (counts[event.counting] ?? 0) + 1
    const { viewCount } = await db.prisma.proposal.findUniqueOrThrow({ where: { id: proposalId } })
    return { viewCount, counts }
  }

  it('counts 300 cookie-less opens from one address with ever new browsers as the address allowance, on two replicas at once', async () => {
    const id = await proposal()
    const opens = Array.from({ length: 300 }, (_, index) => visit({ userAgent: `Bot/${index}` }, index / 100, id))
    await recordOnReplicas([opens.filter((_, index) => index % 2 === 0), opens.filter((_, index) => index % 2 === 1)])
    expect(await outcome(id)).toEqual({ viewCount: 10, counts: { counted: 10, suspect: 290 } })
  })

  it('holds a proposal to its ceiling a minute across two replicas, for people from 300 addresses', async () => {
    const id = await proposal()
    const opens = Array.from({ length: 300 }, (_, index) => visit({ ip: `10.0.${index >> 8}.${index & 255}` }, index / 100, id))
    await recordOnReplicas([opens.filter((_, index) => index % 2 === 0), opens.filter((_, index) => index % 2 === 1)])
    expect(await outcome(id)).toEqual({ viewCount: 30, counts: { counted: 30, suspect: 270 } })
  })

  it('keeps people only as keys, and deletes them once the window has passed', async () => {
    const id = await proposal()
    // An hour after the other tests' views, so that the sweeps below tell this test's rows apart.
    const person = { visitorId: 'visitor-of-the-sweep-test-1' }
    await recordOnReplicas([[visit(person, 3600, id), visit(person, 3601, id)]])
    const kept = () => db.prisma.proposalViewPerson.findMany({ where: { proposalId: id } })
    const rows = await kept()
    expect(rows.map((row) => row.counted).sort()).toEqual([false, true])
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113\.7|Firefox|visitor-of-the-sweep-test/)
    const windowEnd = START + 3600_000 + POLICY.windowMs
    await deleteEndedViewWindows(db.prisma, { policy: POLICY, now: new Date(windowEnd - 1) })
    expect(await kept()).toHaveLength(2)
    await deleteEndedViewWindows(db.prisma, { policy: POLICY, now: new Date(windowEnd) })
    expect((await kept()).map((row) => row.counted)).toEqual([false])
    expect(await deleteEndedViewWindows(db.prisma, { policy: POLICY, now: new Date(windowEnd + 1000) })).toBe(1)
    expect(await kept()).toEqual([])
  })
})
