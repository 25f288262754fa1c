// Issue 19 through the whole stack (gateway, proposal service, outbox, the bus, analytics): several
// prospects' views and engagement aggregate exactly — counts and medians checked against the raw
// events analytics kept — duplicates and replays count once, the owner's views and Do-Not-Track
// visitors count nothing, a beacon flood from one visitor is limited to exactly its allowance, an
// oversized or malformed beacon gets a clear 4xx and keeps nothing, Free owners get the upgrade
// answer and the operator's daily counts answer only its token.
import {
  ANALYTICS_PRO_REQUIRED_CODE,
  ANALYTICS_PRO_REQUIRED_MESSAGE,
  analyticsOverviewSchema,
  analyticsProposalDetailSchema,
  BEACON_TOKEN_INVALID_MESSAGE,
  ENGAGEMENT_BEACONS_PER_MINUTE,
  ENGAGEMENT_BODY_LIMIT_BYTES,
  ENGAGEMENT_SECTIONS,
  ENGAGEMENT_TOO_LARGE_MESSAGE,
  operatorOverviewSchema,
  type AnalyticsProposalDetail,
} from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOO_MANY_BEACONS_MESSAGE } from '../../services/analytics/src/domain/engagement-limit.ts'
import { analyticsTable, engage, fromRaw, median, openPage, rawEvents, sendEngagement, sendRawEngagement } from './support/analytics.ts'
import { ApiClient } from './support/http-client.ts'
import { eventually, newVisitId, registered, sendViewBeacon, share } from './support/proposals.ts'
import { grantCalculatorPro, stackKinds, startTestStack, type TestStack } from './support/stack.ts'

const OPERATOR_TOKEN = 'integration-operator-token-0123456789abcdef'
const kinds = await stackKinds('postgres+nats+minio')

describe.each(kinds)('prospect analytics through the gateway (%s)', (kind) => {
  let stack: TestStack
  let owner: { client: ApiClient; id: number }
  beforeAll(async () => {
    stack = await startTestStack(kind, { ANALYTICS_OPERATOR_TOKEN: OPERATOR_TOKEN })
    owner = await registered(stack, 'analytics')
    await grantCalculatorPro(stack, owner.id)
    // Analytics' own projection of the plan, from the same event.
    await eventually(async () => {
      const rows = await stack.databases.analytics.query<Array<{ plan: string }>>(
        `SELECT plan FROM ${analyticsTable(stack, 'owner_plan')} WHERE user_id = $1`,
        owner.id,
      )
      return rows[0]?.plan === 'pro' ? true : undefined
    })
  }, 60_000)
  afterAll(async () => {
    await stack?.close()
  })

  const prospect = () => new ApiClient(stack.url)
  async function detailOf(proposalId: string): Promise<{ status: number; detail?: AnalyticsProposalDetail }> {
    const response = await owner.client.get(`/api/analytics/proposals/${proposalId}`)
    if (response.status !== 200) return { status: response.status }
    return { status: 200, detail: analyticsProposalDetailSchema.parse(await response.json()) }
  }
  const storedFor = async (visitIds: string[]) =>
    (
      await stack.databases.analytics.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM ${analyticsTable(stack, 'engagement_event')} WHERE visit_id = ANY($1::text[])`,
        visitIds,
      )
    )[0]?.count ?? 0

  it('aggregates several prospects exactly; duplicates, replays, the owner and Do Not Track count nothing, a prompt return is a visit', async () => {
    const proposalId = await share(owner.client)
    const [first, second, third] = [prospect(), prospect(), prospect()]

    const visit1 = await openPage(first, proposalId)
    const beacon1 = [
      { type: 'heartbeat', seq: 0, visibleMs: 10_000 },
      { type: 'section', seq: 1, section: 'calculator', visibleMs: 3_000 },
      { type: 'input', seq: 2, name: 'hoursSaved', value: 12, figures: { monthly: 1200 } },
      { type: 'input', seq: 3, name: 'teamSize', value: 4 },
      { type: 'heartbeat', seq: 4, visibleMs: 8_000 },
    ] as const
    await engage(first, visit1, [...beacon1])
    await engage(first, visit1, [...beacon1]) // the same beacon again
    await engage(first, visit1, [
      { type: 'input', seq: 5, name: 'hoursSaved', value: 18, figures: { monthly: 1800 } },
      { type: 'heartbeat', seq: 6, visibleMs: 2_500 },
    ])
    const visit2 = await openPage(second, proposalId)
    const beacon2 = [
      { type: 'heartbeat', seq: 0, visibleMs: 30_000 },
      { type: 'section', seq: 1, section: 'nextSteps', visibleMs: 5_000 },
      { type: 'input', seq: 2, name: 'hoursSaved', value: 25 },
      { type: 'heartbeat', seq: 3, visibleMs: 4_000 },
    ] as const
    await engage(second, visit2, [...beacon2])
    // Replays: the view beacon again, and the first visit's token with a new visit id.
    expect((await sendViewBeacon(second, proposalId, { visitId: visit2.visitId, token: visit2.token })).status).toBe(202)
    await engage(first, { ...visit1, visitId: newVisitId() }, [{ type: 'heartbeat', seq: 0, visibleMs: 60_000 }])
    // The first prospect, returning within the window: a visit of someone counted already, not a view (decision 119).
    const visit3 = await openPage(first, proposalId)
    await engage(first, visit3, [{ type: 'heartbeat', seq: 0, visibleMs: 1_000 }])
    const visit4 = await openPage(third, proposalId)
    await engage(third, visit4, [
      { type: 'input', seq: 0, name: 'teamSize', value: 10 },
      { type: 'input', seq: 1, name: 'teamSize', value: 12 },
      { type: 'heartbeat', seq: 2, visibleMs: 6_000 },
      { type: 'section', seq: 3, section: 'calculator', visibleMs: 2_000 },
    ])
    for (const visit of [visit1, visit2, visit3, visit4]) expect(visit.counted).toBe(true)

    // The owner's own page, and a prospect asking not to be tracked: answered, never counted.
    const ownView = await openPage(owner.client, proposalId)
    expect(ownView.counted).toBe(false)
    await engage(owner.client, ownView, [{ type: 'heartbeat', seq: 0, visibleMs: 50_000 }], false)
    const private_ = prospect()
    const dntView = await openPage(private_, proposalId, { dnt: '1' })
    expect(dntView.counted).toBe(false)
    const dntAnswer = await sendEngagement(private_, dntView, [{ type: 'heartbeat', seq: 0, visibleMs: 50_000 }], { dnt: '1' })
    expect(await dntAnswer.json()).toEqual({ counted: false })

    // Everything arrived: the three views and a return (through the outbox and the bus) and the 16 distinct events.
    const expectedRaw = beacon1.length + 2 + beacon2.length + 1 + 4
    const { detail } = await eventually(async () => {
      const answer = await detailOf(proposalId)
      const raw = await storedFor([visit1, visit2, visit3, visit4].map((visit) => visit.visitId))
      return answer.detail?.totals.views === 3 && answer.detail.visits.length === 4 && raw === expectedRaw ? answer : undefined
    }, 20_000)
    if (!detail) throw new Error('no detail')

    // Nothing of the owner's page, the Do Not Track page or the replayed token was kept.
    const raw = await rawEvents(stack, proposalId)
    expect(new Set(raw.map((event) => event.visit_id))).toEqual(new Set([visit1, visit2, visit3, visit4].map((visit) => visit.visitId)))
    expect(raw).toHaveLength(expectedRaw)

    // Counts and medians against the raw events.
    const derived = fromRaw(raw)
    const visitTimes = [visit1, visit2, visit3, visit4].map((visit) => derived.visibleByVisit.get(visit.visitId) ?? 0)
    expect(visitTimes).toEqual([20_500, 34_000, 1_000, 6_000])
    expect(detail.totals).toEqual({
      views: 3,
      uniqueVisitors: 3,
      medianVisibleMs: median(visitTimes),
      totalVisibleMs: visitTimes.reduce((sum, time) => sum + time, 0),
      suspectViews: 0,
    })
    expect(detail.totals.medianVisibleMs).toBe(13_250)
    expect(detail.visits.map((visit) => [visit.visibleMs, visit.returning])).toEqual([
      [6_000, false],
      [1_000, true],
      [34_000, false],
      [20_500, false],
    ])
    const sectionOrder = (section: string) => (ENGAGEMENT_SECTIONS as readonly string[]).indexOf(section)
    expect(detail.sections).toEqual(
      [...derived.sections]
        .map(([section, seen]) => ({ section, visits: seen.visits.size, visibleMs: seen.visibleMs }))
        .sort((a, b) => sectionOrder(a.section) - sectionOrder(b.section)),
    )
    expect(detail.sections).toEqual([
      { section: 'calculator', visits: 2, visibleMs: 5_000 },
      { section: 'nextSteps', visits: 1, visibleMs: 5_000 },
    ])
    for (const input of detail.inputs) {
      const finals = derived.finals.get(input.name) ?? []
      expect(input).toMatchObject({ moved: finals.length, median: median(finals), min: Math.min(...finals), max: Math.max(...finals) })
      expect(input.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(finals.length)
      expect(input.latest.map((latest) => latest.value).sort()).toEqual([...finals].sort())
    }
    expect(detail.inputs.map((input) => [input.name, input.moved, input.median])).toEqual([
      ['hoursSaved', 2, 21.5],
      ['teamSize', 2, 8],
    ])
    const overview = analyticsOverviewSchema.parse(await (await owner.client.get('/api/analytics/overview?days=7')).json())
    expect(overview.proposals).toEqual([
      {
        proposalId,
        views: 3,
        uniqueVisitors: 3,
        medianVisibleMs: 13_250,
        lastViewedAt: detail.visits[0]?.startedAt ?? null,
        pdfDownloads: 0,
        agreement: null,
        suspectViews: 0,
      },
    ])

    // Deleted by its owner: its analytics go too (through its event); the operator's day counts stay.
    expect((await owner.client.request('DELETE', `/api/proposals/${proposalId}`)).status).toBe(204)
    await eventually(async () => ((await detailOf(proposalId)).status === 404 ? true : undefined))
    expect(await rawEvents(stack, proposalId)).toEqual([])
    // The product owner's counts (all days of the week: the test may run across midnight UTC).
    const operatorTotals = async () => {
      const operator = await owner.client.get('/api/analytics/operator?days=7', { authorization: `Bearer ${OPERATOR_TOKEN}` })
      expect(operator.status).toBe(200)
      const { days } = operatorOverviewSchema.parse(await operator.json())
      const total = (field: 'prospectViews' | 'signUps' | 'proposalsCreated') => days.reduce((sum, day) => sum + day[field], 0)
      return [total('prospectViews'), total('signUps'), total('proposalsCreated')]
    }
    await eventually(async () => ((await operatorTotals()).join() === '3,1,1' ? true : undefined))
  }, 60_000)

  it(`limits one visitor's flood to ${ENGAGEMENT_BEACONS_PER_MINUTE} beacons a minute, and keeps nothing of a bad beacon`, async () => {
    const proposalId = await share(owner.client)
    const flooder = prospect()
    const flood = await openPage(flooder, proposalId)
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, seq) => {
        const response = await sendEngagement(flooder, flood, [{ type: 'heartbeat', seq, visibleMs: 1_000 }])
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as unknown }
      }),
    )
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(ENGAGEMENT_BEACONS_PER_MINUTE)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused).toHaveLength(100 - ENGAGEMENT_BEACONS_PER_MINUTE)
    for (const answer of refused) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1)
      expect(answer.body).toEqual({ message: `${TOO_MANY_BEACONS_MESSAGE} Please try again in ${answer.retryAfter} second(s).` })
    }

    const visitor = prospect()
    const page = await openPage(visitor, proposalId)
    const body = (events: unknown, visitId = newVisitId()) => JSON.stringify({ proposalId, visitId, token: page.token, events })
    const bad: Array<[string, Response, number, string | RegExp]> = [
      [
        'oversized',
        await sendRawEngagement(visitor, body([{ type: 'heartbeat', seq: 0, visibleMs: 1, pad: 'x'.repeat(ENGAGEMENT_BODY_LIMIT_BYTES) }])),
        413,
        ENGAGEMENT_TOO_LARGE_MESSAGE,
      ],
      ['malformed', await sendRawEngagement(visitor, '{"proposalId":"'), 400, 'Request body must be JSON'],
      ['too long a visit', await sendRawEngagement(visitor, body([{ type: 'heartbeat', seq: 0, visibleMs: 3_600_000 }])), 400, /visibleMs/],
      ['not an event', await sendRawEngagement(visitor, body([{ type: 'keystroke', seq: 0, key: 'a' }])), 400, /type/],
      [
        'someone else’s token',
        await sendEngagement(prospect(), page, [{ type: 'heartbeat', seq: 0, visibleMs: 1 }]),
        403,
        BEACON_TOKEN_INVALID_MESSAGE,
      ],
      [
        'a forged token',
        await sendEngagement(visitor, { ...page, token: `${page.token.slice(0, -4)}AAAA` }, [{ type: 'heartbeat', seq: 0, visibleMs: 1 }]),
        403,
        BEACON_TOKEN_INVALID_MESSAGE,
      ],
    ]
    for (const [what, response, status, message] of bad) {
      expect(response.status, what).toBe(status)
      expect(((await response.json()) as { message: string }).message, what).toMatch(message)
    }
    // A good beacon after them: once it is stored, everything sent before it has been written.
    await engage(visitor, page, [{ type: 'heartbeat', seq: 0, visibleMs: 2_000 }])
    await eventually(async () => ((await storedFor([page.visitId])) === 1 ? true : undefined))
    await eventually(async () => ((await storedFor([flood.visitId])) === ENGAGEMENT_BEACONS_PER_MINUTE ? true : undefined))
    const raw = await rawEvents(stack, proposalId)
    expect(raw.filter((event) => event.visit_id === flood.visitId)).toHaveLength(ENGAGEMENT_BEACONS_PER_MINUTE)
    expect(raw.filter((event) => event.visit_id !== flood.visitId)).toEqual([
      { visit_id: page.visitId, seq: 0, type: 'heartbeat', section: null, input_name: null, value: null, visible_ms: 2_000 },
    ])
    const { detail } = await eventually(async () => {
      const answer = await detailOf(proposalId)
      return answer.detail?.totals.views === 2 ? answer : undefined
    })
    expect(detail?.totals).toMatchObject({ views: 2, uniqueVisitors: 2, totalVisibleMs: ENGAGEMENT_BEACONS_PER_MINUTE * 1_000 + 2_000 })
  }, 60_000)

  it('answers a Free owner 403 pro_required, and the operator view only to its token', async () => {
    const free = await registered(stack, 'analytics_free')
    const answer = await free.client.get('/api/analytics/overview')
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual({ message: ANALYTICS_PRO_REQUIRED_MESSAGE, code: ANALYTICS_PRO_REQUIRED_CODE })
    expect((await new ApiClient(stack.url).get('/api/analytics/overview')).status).toBe(401)
    const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-the-operator-token-0123456789abcdef' }]
    for (const headers of attempts) {
      expect((await new ApiClient(stack.url).get('/api/analytics/operator', headers)).status).toBe(401)
    }
  })
})
