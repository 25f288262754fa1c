// Engagement beacons and views into analytics' aggregates (issue 19): both orders of a visit's view
// and its engagement leave the same rows, a beacon or event sent again counts once, an input keeps
// the value of its highest sequence number, a visit keeps at most ENGAGEMENT_MAX_EVENTS_PER_VISIT
// events (also when two writers race), a visit id cannot be borrowed by another proposal's token,
// a deleted proposal keeps nothing, and raw events go after their retention while aggregates stay.
import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import { ENGAGEMENT_MAX_EVENTS_PER_VISIT, type EngagementEvent } from '@valueproof/contracts'
import { proposalDeleted, proposalViewed } from '@valueproof/event-bus'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleProposalDeleted } from '../events/proposal-deleted.ts'
import { handleProposalViewed } from '../events/proposal-viewed.ts'
import { analyticsPGliteDatabase, analyticsPostgresDatabase, type AnalyticsTestDatabase } from '../testing/database.ts'
import { delivered, newProposalId, newVisitId } from '../testing/events.ts'
import { storeEngagement, type EngagementBeacon } from './engagement.ts'
import { deleteExpiredEngagement, deleteExpiredTokenBindings } from './retention.ts'

const kinds = (await needs('postgres')) ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const)
const OWNER = 7
const OPENED = new Date('2026-11-20T10:00:00.000Z')
const VIEWED = new Date('2026-11-20T10:00:01.000Z')

describe.each(kinds)('engagement and views on %s', (kind) => {
  let database: AnalyticsTestDatabase
  beforeAll(async () => {
    database = kind === 'PGlite' ? await analyticsPGliteDatabase() : await analyticsPostgresDatabase()
  })
  afterAll(async () => {
    await database?.close()
  })

  const prisma = () => database.db.prisma
  const dbSchema = () => database.db.schema

  function beacon(props: Partial<EngagementBeacon> & Pick<EngagementBeacon, 'proposalId' | 'visitId' | 'events'>): EngagementBeacon {
    return {
      ownerUserId: OWNER,
      visitorId: 'visitor-1',
      tokenHash: `token of ${props.visitId}`,
      openedAt: OPENED,
      receivedAt: new Date('2026-11-20T10:00:30.000Z'),
      ...props,
    }
  }

  const store = (...beacons: EngagementBeacon[]) => prisma().$transaction((tx) => storeEngagement(tx, { beacons, dbSchema: dbSchema() }))

  function view(props: { proposalId: string; visitId: string; visitorId?: string; viewer?: string; viewedAt?: Date; id?: string }) {
    const event = delivered(
      proposalViewed,
      {
        proposalId: props.proposalId,
        ownerUserId: OWNER,
        viewer: props.viewer ?? 'visitor',
        visitorId: props.visitorId ?? 'visitor-1',
        visitId: props.visitId,
        viewedAt: timestampFromDate(props.viewedAt ?? VIEWED),
      },
      props.id === undefined ? {} : { id: props.id },
    )
    return handleProposalViewed(prisma(), dbSchema(), event)
  }

  /** Everything analytics keeps of a proposal, without its ids, to compare two proposals' rows. */
  async function kept(proposalId: string) {
    const where = { where: { proposalId } }
    const [visits, sections, inputs, days, visitors, raw, sectionDays, lastDays] = await Promise.all([
      prisma().visit.findMany({
        ...where,
        select: { ownerUserId: true, visitorId: true, startedAt: true, lastSeenAt: true, visibleMs: true, viewed: true, eventCount: true },
      }),
      prisma().visitSection.findMany({ ...where, orderBy: { section: 'asc' } }),
      prisma().visitInput.findMany({ ...where, orderBy: { inputName: 'asc' } }),
      prisma().proposalDay.findMany(where),
      prisma().proposalDayVisitor.count(where),
      prisma().engagementEvent.count(where),
      prisma().proposalSectionDay.findMany({ ...where, orderBy: [{ day: 'asc' }, { section: 'asc' }] }),
      prisma().proposalVisitor.findMany({ ...where, orderBy: { visitorId: 'asc' } }),
    ])
    return {
      visits: visits.map((visit) => ({ ...visit, visibleMs: Number(visit.visibleMs) })),
      sections: sections.map((row) => [row.section, Number(row.visibleMs)]),
      inputs: inputs.map((row) => [row.inputName, row.value, row.seq, row.figures]),
      days: days.map((row) => [row.day.toISOString(), row.views, row.uniqueVisitors, Number(row.visibleMs)]),
      visitors,
      raw,
      sectionDays: sectionDays.map((row) => [row.day.toISOString().slice(0, 10), row.section, row.visits, Number(row.visibleMs)]),
      lastDays: lastDays.map((row) => [row.visitorId, row.lastDay.toISOString().slice(0, 10)]),
    }
  }

  const events: EngagementEvent[] = [
    { type: 'heartbeat', seq: 0, visibleMs: 10_000 },
    { type: 'section', seq: 1, section: 'calculator', visibleMs: 4_000 },
    { type: 'input', seq: 2, name: 'hoursSaved', value: 12, figures: { monthly: 1200 } },
    { type: 'heartbeat', seq: 3, visibleMs: 7_500 },
    { type: 'input', seq: 4, name: 'hoursSaved', value: 20, figures: { monthly: 2000 } },
    { type: 'section', seq: 5, section: 'calculator', visibleMs: 2_000 },
  ]

  it('leaves the same rows whether the view or the engagement comes first', async () => {
    const viewedFirst = newProposalId()
    const engagedFirst = newProposalId()
    const first = newVisitId()
    const second = newVisitId()
    await view({ proposalId: viewedFirst, visitId: first })
    expect(await store(beacon({ proposalId: viewedFirst, visitId: first, events }))).toBe(events.length)
    expect(await store(beacon({ proposalId: engagedFirst, visitId: second, events }))).toBe(events.length)
    // Before its view event the visit is kept, but not viewed: the dashboard does not show it yet.
    expect((await kept(engagedFirst)).visits[0]).toMatchObject({ viewed: false, startedAt: OPENED, visibleMs: 17_500 })
    await view({ proposalId: engagedFirst, visitId: second })

    const rows = await kept(viewedFirst)
    expect(await kept(engagedFirst)).toEqual(rows)
    expect(rows.visits).toEqual([
      {
        ownerUserId: OWNER,
        visitorId: 'visitor-1',
        startedAt: VIEWED,
        lastSeenAt: new Date('2026-11-20T10:00:30.000Z'),
        visibleMs: 17_500,
        viewed: true,
        eventCount: events.length,
      },
    ])
    expect(rows.sections).toEqual([['calculator', 6_000]])
    expect(rows.sectionDays).toEqual([['2026-11-20', 'calculator', 1, 6_000]])
    expect(rows.lastDays).toEqual([['visitor-1', '2026-11-20']])
    expect(rows.inputs).toEqual([['hoursSaved', 20, 4, { monthly: 2000 }]])
    expect(rows.days).toEqual([['2026-11-20T00:00:00.000Z', 1, 1, 17_500]])
    expect(rows.raw).toBe(events.length)
  })

  it('counts a beacon sent again, or an event repeated in one batch, once; an input keeps its highest sequence number', async () => {
    const proposalId = newProposalId()
    const visitId = newVisitId()
    await view({ proposalId, visitId })
    const later: EngagementEvent[] = [
      { type: 'input', seq: 9, name: 'teamSize', value: 40 },
      { type: 'heartbeat', seq: 8, visibleMs: 5_000 },
    ]
    const earlier: EngagementEvent[] = [
      { type: 'input', seq: 7, name: 'teamSize', value: 10 },
      { type: 'heartbeat', seq: 8, visibleMs: 5_000 },
    ]
    // The later input arrives first, in a beacon of its own; the earlier one comes in the next batch
    // with the first beacon again (seq 8 twice): only seq 7 is new, and it does not replace seq 9's value.
    expect(await store(beacon({ proposalId, visitId, events: later }))).toBe(2)
    expect(await store(beacon({ proposalId, visitId, events: later }), beacon({ proposalId, visitId, events: earlier }))).toBe(1)
    expect(await store(beacon({ proposalId, visitId, events: earlier }))).toBe(0)
    // In one batch alike: the highest sequence number wins whatever the order.
    const otherVisit = newVisitId()
    await view({ proposalId, visitId: otherVisit, visitorId: 'visitor-2' })
    expect(
      await store(
        beacon({
          proposalId,
          visitId: otherVisit,
          visitorId: 'visitor-2',
          events: [{ type: 'input', seq: 3, name: 'teamSize', value: 30 }],
        }),
        beacon({
          proposalId,
          visitId: otherVisit,
          visitorId: 'visitor-2',
          events: [{ type: 'input', seq: 2, name: 'teamSize', value: 20 }],
        }),
      ),
    ).toBe(2)
    // Replaying the view event (another delivery, another id) adds no view.
    await view({ proposalId, visitId })
    const rows = await kept(proposalId)
    expect(rows.raw).toBe(5)
    expect(await prisma().visit.findUnique({ where: { visitId } })).toMatchObject({ visibleMs: 5_000n, eventCount: 3 })
    expect(await prisma().visitInput.findMany({ where: { proposalId }, select: { visitId: true, value: true, seq: true } })).toEqual(
      expect.arrayContaining([
        { visitId, value: 40, seq: 9 },
        { visitId: otherVisit, value: 30, seq: 3 },
      ]),
    )
    expect(rows.days).toEqual([['2026-11-20T00:00:00.000Z', 2, 2, 5_000]])
  })

  it(`keeps at most ${ENGAGEMENT_MAX_EVENTS_PER_VISIT} events a visit, the first to arrive, also from two writers at once`, async () => {
    const proposalId = newProposalId()
    const visitId = newVisitId()
    await view({ proposalId, visitId })
    const heartbeats = (from: number, count: number): EngagementEvent[] =>
      Array.from({ length: count }, (_, index) => ({ type: 'heartbeat', seq: from + index, visibleMs: 1_000 }))
    // Two writers (replicas) with 1,100 new events each, at once: the visit row's lock orders them.
    const half = ENGAGEMENT_MAX_EVENTS_PER_VISIT / 2 + 100
    const stored = await Promise.all([
      store(beacon({ proposalId, visitId, events: heartbeats(0, half) })),
      store(beacon({ proposalId, visitId, events: heartbeats(half, half) })),
    ])
    expect(stored[0] + stored[1]).toBe(ENGAGEMENT_MAX_EVENTS_PER_VISIT)
    expect(await store(beacon({ proposalId, visitId, events: heartbeats(5_000, 1) }))).toBe(0)
    const rows = await kept(proposalId)
    expect(rows.raw).toBe(ENGAGEMENT_MAX_EVENTS_PER_VISIT)
    expect(rows.visits[0]).toMatchObject({
      visibleMs: ENGAGEMENT_MAX_EVENTS_PER_VISIT * 1_000,
      eventCount: ENGAGEMENT_MAX_EVENTS_PER_VISIT,
    })
    expect(rows.days).toEqual([['2026-11-20T00:00:00.000Z', 1, 1, ENGAGEMENT_MAX_EVENTS_PER_VISIT * 1_000]])
  })

  it("adds nothing to a visit from another proposal's or visitor's token", async () => {
    const proposalId = newProposalId()
    const other = newProposalId()
    const visitId = newVisitId()
    await view({ proposalId, visitId })
    expect(await store(beacon({ proposalId: other, visitId, events }))).toBe(0)
    expect(await store(beacon({ proposalId, visitId, visitorId: 'visitor-2', events }))).toBe(0)
    // And a view event cannot take over a visit another proposal's engagement started.
    const started = newVisitId()
    expect(await store(beacon({ proposalId: other, visitId: started, events }))).toBe(events.length)
    await view({ proposalId, visitId: started })
    expect((await kept(proposalId)).raw).toBe(0)
    expect((await kept(proposalId)).days).toEqual([['2026-11-20T00:00:00.000Z', 1, 1, 0]])
    expect((await kept(other)).visits[0]).toMatchObject({ viewed: false })
  })

  it('counts a visit into a section once, on the day it first reported it; its time on each day', async () => {
    const proposalId = newProposalId()
    const visitId = newVisitId()
    await view({ proposalId, visitId })
    const section = (seq: number, visibleMs: number): EngagementEvent => ({ type: 'section', seq, section: 'valueProposition', visibleMs })
    // The next day's report arrives first.
    await store(beacon({ proposalId, visitId, receivedAt: new Date('2026-11-21T00:00:10Z'), events: [section(3, 2_000)] }))
    await store(
      beacon({ proposalId, visitId, receivedAt: new Date('2026-11-20T23:59:50Z'), events: [section(1, 5_000), section(2, 1_000)] }),
    )
    expect((await kept(proposalId)).sectionDays).toEqual([
      ['2026-11-20', 'valueProposition', 0, 6_000],
      ['2026-11-21', 'valueProposition', 1, 2_000],
    ])
    // Within one batch, the earlier day takes the visit.
    const other = newVisitId()
    await view({ proposalId, visitId: other, visitorId: 'visitor-2' })
    await store(
      beacon({
        proposalId,
        visitId: other,
        visitorId: 'visitor-2',
        receivedAt: new Date('2026-11-21T08:00:00Z'),
        events: [section(1, 1_000)],
      }),
      beacon({
        proposalId,
        visitId: other,
        visitorId: 'visitor-2',
        receivedAt: new Date('2026-11-20T08:00:00Z'),
        events: [section(0, 1_000)],
      }),
    )
    expect((await kept(proposalId)).sectionDays).toEqual([
      ['2026-11-20', 'valueProposition', 1, 7_000],
      ['2026-11-21', 'valueProposition', 1, 3_000],
    ])
  })

  it('keeps a token to the visit it first came with: replayed with new visit ids, it adds nothing', async () => {
    const proposalId = newProposalId()
    const visitId = newVisitId()
    const tokenHash = `token of ${visitId}`
    const replayed = () => beacon({ proposalId, visitId: newVisitId(), tokenHash, events })
    // In one batch, the first visit id takes the token.
    expect(await store(beacon({ proposalId, visitId, tokenHash, events: events.slice(0, 1) }), replayed())).toBe(1)
    expect(await store(replayed(), replayed())).toBe(0)
    expect(await store(beacon({ proposalId, visitId, tokenHash, events }))).toBe(events.length - 1)
    expect(await prisma().visit.count({ where: { proposalId } })).toBe(1)

    // The binding goes once the token has expired (a day) and an hour more.
    const bound = await prisma().visitToken.findUniqueOrThrow({ where: { tokenHash } })
    expect(await deleteExpiredTokenBindings(prisma(), { now: new Date(bound.boundAt.getTime() + 24 * 3_600_000) })).toBe(0)
    expect(
      await deleteExpiredTokenBindings(prisma(), { now: new Date(bound.boundAt.getTime() + 25 * 3_600_000 + 1) }),
    ).toBeGreaterThanOrEqual(1)
    expect(await prisma().visitToken.count({ where: { tokenHash } })).toBe(0)
  })

  it('counts views per day with exact unique visitors, and never the owner’s', async () => {
    const proposalId = newProposalId()
    const eventId = '6a1c5f0e-4d8b-4c8e-9e59-3f1d1c7a2b10'
    await view({ proposalId, visitId: newVisitId(), id: eventId })
    await view({ proposalId, visitId: newVisitId(), id: eventId })
    await view({ proposalId, visitId: newVisitId() })
    await view({ proposalId, visitId: newVisitId(), visitorId: 'visitor-2' })
    await view({ proposalId, visitId: newVisitId(), viewedAt: new Date('2026-11-21T08:00:00Z') })
    await view({ proposalId, visitId: newVisitId(), viewer: 'owner', visitorId: '' })
    const rows = await kept(proposalId)
    expect(rows.days.sort()).toEqual([
      ['2026-11-20T00:00:00.000Z', 3, 2, 0],
      ['2026-11-21T00:00:00.000Z', 1, 1, 0],
    ])
    expect(rows.visits).toHaveLength(4)
  })

  it('drops a deleted proposal’s rows, and adds none for views or beacons that come after', async () => {
    const proposalId = newProposalId()
    const visitId = newVisitId()
    await view({ proposalId, visitId })
    await store(beacon({ proposalId, visitId, events }))
    await handleProposalDeleted(
      prisma(),
      dbSchema(),
      delivered(proposalDeleted, { proposalId, userId: OWNER, deletedAt: timestampFromDate(new Date()) }),
    )
    const nothing = { visits: [], sections: [], inputs: [], days: [], visitors: 0, raw: 0, sectionDays: [], lastDays: [] }
    expect(await kept(proposalId)).toEqual(nothing)
    await view({ proposalId, visitId: newVisitId() })
    expect(await store(beacon({ proposalId, visitId: newVisitId(), events }))).toBe(0)
    expect(await kept(proposalId)).toEqual(nothing)
    const tombstone = await prisma().proposal.findUniqueOrThrow({ where: { id: proposalId } })
    expect(tombstone.ownerUserId).toBe(OWNER)
    expect(tombstone.deletedAt).toBeInstanceOf(Date)
  })

  it('deletes raw events past their retention and keeps the aggregates', async () => {
    const proposalId = newProposalId()
    const visitId = newVisitId()
    await view({ proposalId, visitId })
    const old = new Date('2026-08-01T12:00:00Z')
    await store(beacon({ proposalId, visitId, receivedAt: old, events: [{ type: 'heartbeat', seq: 0, visibleMs: 3_000 }] }))
    await store(beacon({ proposalId, visitId, events: [{ type: 'heartbeat', seq: 1, visibleMs: 4_000 }] }))
    const now = new Date('2026-11-20T12:00:00Z')
    const deleted = await deleteExpiredEngagement(prisma(), { dbSchema: dbSchema(), now, retentionDays: 90 })
    expect(deleted).toBeGreaterThanOrEqual(1)
    expect(await prisma().engagementEvent.findMany({ where: { proposalId }, select: { seq: true } })).toEqual([{ seq: 1 }])
    expect((await kept(proposalId)).visits[0]).toMatchObject({ visibleMs: 7_000 })
    expect(await prisma().engagementEvent.count({ where: { receivedAt: { lt: new Date(now.getTime() - 90 * 86_400_000) } } })).toBe(0)
  })
})
