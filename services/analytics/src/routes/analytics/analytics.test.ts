// The Pro dashboard's reads and the product owner's view (issue 19): the signed-in owner's overview
// and proposal detail from the aggregates, exactly as the contract's schemas say (days with zeros,
// exact unique visitors, medians, the visit timeline, sections, input distributions, and issue 20's
// PDF downloads and agreements); Free owners get 403 pro_required, another's or a deleted proposal
// 404; the operator view answers only its token.
import { randomUUID } from 'node:crypto'
import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import {
  ANALYTICS_PRO_REQUIRED_CODE,
  ANALYTICS_PRO_REQUIRED_MESSAGE,
  analyticsOverviewSchema,
  analyticsProposalDetailSchema,
  operatorOverviewSchema,
  type EngagementEvent,
} from '@valueproof/contracts'
import {
  calculatorGenerated,
  proposalAgreed,
  proposalCreated,
  proposalDeleted,
  proposalPdfDownloaded,
  proposalShared,
  proposalViewed,
  userRegistered,
} from '@valueproof/event-bus'
import { deliveredPlanChange } from '@valueproof/event-bus/testing'
import { SubscriptionChange } from '@valueproof/proto'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countOnDay } from '../../domain/daily-counts.ts'
import { countDemoInteraction } from '../../domain/demo-interactions.ts'
import { storeEngagement } from '../../domain/engagement.ts'
import { OPERATOR_TOKEN_INVALID_MESSAGE } from '../../domain/operator.ts'
import { handleCalculatorGenerated } from '../../events/calculator-generated.ts'
import { handleProposalAgreed } from '../../events/proposal-agreed.ts'
import { handleProposalCreated } from '../../events/proposal-created.ts'
import { handleProposalDeleted } from '../../events/proposal-deleted.ts'
import { handleProposalPdfDownloaded } from '../../events/proposal-pdf-downloaded.ts'
import { handleProposalShared } from '../../events/proposal-shared.ts'
import { handleProposalViewed } from '../../events/proposal-viewed.ts'
import { handleSubscriptionChanged } from '../../events/subscription-changed.ts'
import { handleUserRegistered } from '../../events/user-registered.ts'
import { delivered, newProposalId, newVisitId } from '../../testing/events.ts'
import { startAnalytics, type AnalyticsUnderTest, type DatabaseKind } from '../../testing/service.ts'
import { DAYS_INVALID_MESSAGE } from './index.ts'

const kinds: DatabaseKind[] = (await needs('postgres')) ? ['PGlite', 'PostgreSQL'] : ['PGlite']
const NOW = new Date('2026-11-24T12:00:00.000Z')
const OWNER = 21
const OTHER = 22
const OPERATOR_TOKEN = 'operator-token-0123456789abcdefghijklmnop'
const at = (text: string) => new Date(`2026-11-${text}Z`)
/** An overview row's fields of issues 20 and 34 before any download, agreement or suspect view. */
const rowOf = (proposalId: string) => ({ proposalId, pdfDownloads: 0, agreement: null, suspectViews: 0 })

describe.each(kinds)('the dashboard on %s', (kind) => {
  let analytics: AnalyticsUnderTest
  const A = newProposalId()
  const B = newProposalId()
  const C = newProposalId()

  /** A prospect's visit: its view event, then its engagement received a minute after it started. */
  async function visit(props: { proposalId: string; owner?: number; visitorId: string; viewedAt: Date; events: EngagementEvent[] }) {
    const visitId = newVisitId()
    const ownerUserId = props.owner ?? OWNER
    const { proposalId, visitorId, viewedAt } = props
    await handleProposalViewed(
      analytics.prisma,
      analytics.dbSchema,
      delivered(proposalViewed, { proposalId, ownerUserId, viewer: 'visitor', visitorId, visitId, viewedAt: timestampFromDate(viewedAt) }),
    )
    const receivedAt = new Date(viewedAt.getTime() + 60_000)
    const beacon = {
      proposalId,
      ownerUserId,
      visitorId,
      visitId,
      tokenHash: `token of ${visitId}`,
      openedAt: viewedAt,
      receivedAt,
      events: props.events,
    }
    await analytics.prisma.$transaction((tx) => storeEngagement(tx, { beacons: [beacon], dbSchema: analytics.dbSchema }))
  }

  beforeAll(async () => {
    analytics = await startAnalytics(kind, () => NOW, { ANALYTICS_OPERATOR_TOKEN: OPERATOR_TOKEN })
    await visit({
      proposalId: A,
      visitorId: 'x',
      viewedAt: at('20T09:00:00'),
      events: [
        { type: 'heartbeat', seq: 0, visibleMs: 10_000 },
        { type: 'heartbeat', seq: 1, visibleMs: 5_000 },
        { type: 'input', seq: 2, name: 'hoursSaved', value: 10 },
        { type: 'input', seq: 3, name: 'hoursSaved', value: 30 },
        { type: 'input', seq: 4, name: 'teamSize', value: 5 },
        { type: 'section', seq: 5, section: 'calculator', visibleMs: 4_000 },
      ],
    })
    await visit({
      proposalId: A,
      visitorId: 'y',
      viewedAt: at('24T08:00:00'),
      events: [
        { type: 'heartbeat', seq: 0, visibleMs: 20_000 },
        { type: 'section', seq: 1, section: 'nextSteps', visibleMs: 1_000 },
        { type: 'input', seq: 2, name: 'hoursSaved', value: 20 },
      ],
    })
    await visit({ proposalId: A, visitorId: 'x', viewedAt: at('24T10:00:00'), events: [{ type: 'heartbeat', seq: 0, visibleMs: 2_000 }] })
    await visit({ proposalId: B, visitorId: 'z', viewedAt: at('23T12:00:00'), events: [{ type: 'heartbeat', seq: 0, visibleMs: 7_000 }] })
    await visit({
      proposalId: C,
      owner: OTHER,
      visitorId: 'x',
      viewedAt: at('24T09:00:00'),
      events: [{ type: 'heartbeat', seq: 0, visibleMs: 1_000 }],
    })
  })
  afterAll(async () => {
    await analytics?.close()
  })

  /** A GET as the gateway forwards it for the signed-in user (null: nobody signed in). */
  const get = (path: string, userId: number | null = OWNER) =>
    analytics.get(path, { clientIp: '192.0.2.5', ...(userId === null ? {} : { userId }) })

  async function setPlan(userId: number, change: SubscriptionChange, version: number) {
    await handleSubscriptionChanged(analytics.prisma, analytics.dbSchema, deliveredPlanChange({ userId, change, version }))
  }

  it('answers 401 without a session, and 403 pro_required to a Free owner until billing makes them Pro', async () => {
    expect((await get('/analytics/overview', null)).status).toBe(401)
    for (const path of ['/analytics/overview', `/analytics/proposals/${A}`]) {
      const answer = await get(path)
      expect(answer.status).toBe(403)
      expect(await answer.json()).toEqual({ message: ANALYTICS_PRO_REQUIRED_MESSAGE, code: ANALYTICS_PRO_REQUIRED_CODE })
    }
    await setPlan(OWNER, SubscriptionChange.ACTIVATED, 1)
    await setPlan(OTHER, SubscriptionChange.ACTIVATED, 1)
    expect((await get('/analytics/overview')).status).toBe(200)
  })

  it('answers the overview of the range: every day, exact unique visitors, medians of the visits', async () => {
    const answer = await get('/analytics/overview')
    expect(answer.status, await answer.clone().text()).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    const overview = analyticsOverviewSchema.parse(await answer.json())
    expect(overview.days).toHaveLength(30)
    expect(overview.days[0]?.day).toBe('2026-10-26')
    expect(overview.days.filter((day) => day.views > 0 || day.visibleMs > 0)).toEqual([
      { day: '2026-11-20', views: 1, uniqueVisitors: 1, visibleMs: 15_000, suspectViews: 0 },
      { day: '2026-11-23', views: 1, uniqueVisitors: 1, visibleMs: 7_000, suspectViews: 0 },
      { day: '2026-11-24', views: 2, uniqueVisitors: 2, visibleMs: 22_000, suspectViews: 0 },
    ])
    // x, y and z; the median of 2, 7, 15 and 20 seconds.
    expect(overview.totals).toEqual({ views: 4, uniqueVisitors: 3, medianVisibleMs: 11_000, totalVisibleMs: 44_000, suspectViews: 0 })
    expect(overview.proposals).toEqual([
      { ...rowOf(A), views: 3, uniqueVisitors: 2, medianVisibleMs: 15_000, lastViewedAt: '2026-11-24T10:00:00.000Z' },
      { ...rowOf(B), views: 1, uniqueVisitors: 1, medianVisibleMs: 7_000, lastViewedAt: '2026-11-23T12:00:00.000Z' },
    ])

    const today = analyticsOverviewSchema.parse(await (await get('/analytics/overview?days=1')).json())
    expect(today.days).toEqual([{ day: '2026-11-24', views: 2, uniqueVisitors: 2, visibleMs: 22_000, suspectViews: 0 }])
    expect(today.totals).toEqual({ views: 2, uniqueVisitors: 2, medianVisibleMs: 11_000, totalVisibleMs: 22_000, suspectViews: 0 })
    expect(today.proposals.map((row) => row.proposalId)).toEqual([A])
  })

  it('answers a proposal’s days, timeline, sections and the values prospects settled on', async () => {
    const answer = await get(`/analytics/proposals/${A}`)
    expect(answer.status, await answer.clone().text()).toBe(200)
    const detail = analyticsProposalDetailSchema.parse(await answer.json())
    expect(detail.proposalId).toBe(A)
    expect(detail.totals).toEqual({ views: 3, uniqueVisitors: 2, medianVisibleMs: 15_000, totalVisibleMs: 37_000, suspectViews: 0 })
    expect(detail.days).toHaveLength(30)
    expect(detail.visits).toEqual([
      {
        startedAt: '2026-11-24T10:00:00.000Z',
        lastSeenAt: '2026-11-24T10:01:00.000Z',
        visibleMs: 2_000,
        returning: true,
        sectionsSeen: 0,
        inputsMoved: 0,
      },
      {
        startedAt: '2026-11-24T08:00:00.000Z',
        lastSeenAt: '2026-11-24T08:01:00.000Z',
        visibleMs: 20_000,
        returning: false,
        sectionsSeen: 1,
        inputsMoved: 1,
      },
      {
        startedAt: '2026-11-20T09:00:00.000Z',
        lastSeenAt: '2026-11-20T09:01:00.000Z',
        visibleMs: 15_000,
        returning: false,
        sectionsSeen: 1,
        inputsMoved: 2,
      },
    ])
    expect(detail.sections).toEqual([
      { section: 'calculator', visits: 1, visibleMs: 4_000 },
      { section: 'nextSteps', visits: 1, visibleMs: 1_000 },
    ])
    const bar = (index: number, count: number) => ({ from: 20 + index * 1.25, to: index === 7 ? 30 : 20 + (index + 1) * 1.25, count })
    expect(detail.inputs).toEqual([
      {
        name: 'hoursSaved',
        moved: 2,
        median: 25,
        min: 20,
        max: 30,
        buckets: [bar(0, 1), ...[1, 2, 3, 4, 5, 6].map((index) => bar(index, 0)), bar(7, 1)],
        latest: [
          { value: 20, at: '2026-11-24T08:01:00.000Z' },
          { value: 30, at: '2026-11-20T09:01:00.000Z' },
        ],
      },
      {
        name: 'teamSize',
        moved: 1,
        median: 5,
        min: 5,
        max: 5,
        buckets: [{ from: 5, to: 5, count: 1 }],
        latest: [{ value: 5, at: '2026-11-20T09:01:00.000Z' }],
      },
    ])

    const today = analyticsProposalDetailSchema.parse(await (await get(`/analytics/proposals/${A}?days=1`)).json())
    expect(today.visits.map((row) => row.startedAt)).toEqual(['2026-11-24T10:00:00.000Z', '2026-11-24T08:00:00.000Z'])
    expect(today.inputs.map((input) => [input.name, input.moved, input.median])).toEqual([['hoursSaved', 1, 20]])
  })

  it('counts prospects’ PDF downloads per day and notes the agreement, each event once, never the owner’s downloads', async () => {
    const download = (props: { proposalId: string; viewer: 'owner' | 'visitor'; at: Date; id?: string }) =>
      handleProposalPdfDownloaded(
        analytics.prisma,
        analytics.dbSchema,
        delivered(
          proposalPdfDownloaded,
          {
            proposalId: props.proposalId,
            ownerUserId: OWNER,
            viewer: props.viewer,
            visitorId: props.viewer === 'visitor' ? 'x' : '',
            scenario: 'expected',
            downloadedAt: timestampFromDate(props.at),
          },
          props.id === undefined ? {} : { id: props.id },
        ),
      )
    const redelivered = randomUUID()
    await download({ proposalId: A, viewer: 'visitor', at: at('24T10:05:00'), id: redelivered })
    await download({ proposalId: A, viewer: 'visitor', at: at('24T10:05:00'), id: redelivered })
    await download({ proposalId: A, viewer: 'visitor', at: at('24T11:00:00') })
    await download({ proposalId: A, viewer: 'visitor', at: at('20T09:30:00') })
    await download({ proposalId: A, viewer: 'owner', at: at('24T12:00:00') })
    const agreed = delivered(proposalAgreed, {
      proposalId: A,
      ownerUserId: OWNER,
      scenario: 'conservative',
      version: 1,
      agreementHash: 'a'.repeat(64),
      agreedAt: timestampFromDate(at('24T10:30:00')),
    })
    await handleProposalAgreed(analytics.prisma, analytics.dbSchema, agreed)
    await handleProposalAgreed(analytics.prisma, analytics.dbSchema, agreed)
    const agreement = { agreedAt: '2026-11-24T10:30:00.000Z', scenario: 'conservative' }

    const detail = analyticsProposalDetailSchema.parse(await (await get(`/analytics/proposals/${A}`)).json())
    expect([detail.pdfDownloads, detail.agreement]).toEqual([3, agreement])
    const today = analyticsProposalDetailSchema.parse(await (await get(`/analytics/proposals/${A}?days=1`)).json())
    expect([today.pdfDownloads, today.agreement]).toEqual([2, agreement])
    // Views are what they were: a download adds no view.
    expect(detail.totals.views).toBe(3)
    const overview = analyticsOverviewSchema.parse(await (await get('/analytics/overview')).json())
    expect(overview.proposals.find((row) => row.proposalId === A)).toMatchObject({ views: 3, pdfDownloads: 3, agreement })
    expect(overview.proposals.find((row) => row.proposalId === B)).toMatchObject({ pdfDownloads: 0, agreement: null })
    expect(overview.days.reduce((sum, day) => sum + day.views, 0)).toBe(4)
  })

  it('answers 404 for another owner’s, an unknown or a deleted proposal, and 400 for a bad range', async () => {
    for (const id of [C, newProposalId()]) {
      const answer = await get(`/analytics/proposals/${id}`)
      expect(answer.status).toBe(404)
      expect(await answer.json()).toEqual({ message: 'Proposal not found' })
    }
    expect((await get(`/analytics/proposals/${C}`, OTHER)).status).toBe(200)
    for (const days of ['0', '366', 'week', '1.5']) {
      const answer = await get(`/analytics/overview?days=${days}`)
      expect(answer.status).toBe(400)
      expect(await answer.json()).toEqual({ message: DAYS_INVALID_MESSAGE })
    }
    await handleProposalDeleted(analytics.prisma, analytics.dbSchema, delivered(proposalDeleted, { proposalId: B, userId: OWNER }))
    expect((await get(`/analytics/proposals/${B}`)).status).toBe(404)
    // A late download of a deleted proposal adds nothing back.
    await handleProposalPdfDownloaded(
      analytics.prisma,
      analytics.dbSchema,
      delivered(proposalPdfDownloaded, { proposalId: B, ownerUserId: OWNER, viewer: 'visitor', downloadedAt: timestampFromDate(NOW) }),
    )
    const rows = await analytics.prisma.proposalDay.findMany({ where: { proposalId: B } })
    expect(rows).toEqual([])
    const overview = analyticsOverviewSchema.parse(await (await get('/analytics/overview')).json())
    expect(overview.proposals.map((row) => row.proposalId)).toEqual([A])
    expect(overview.totals.views).toBe(3)
  })

  it('answers the product owner’s daily counts only with the operator token', async () => {
    const handlers = analytics.prisma
    const schema = analytics.dbSchema
    const today = timestampFromDate(at('24T07:00:00'))
    await handleUserRegistered(
      handlers,
      schema,
      delivered(userRegistered, { userId: 90, username: 'ada', plan: 'free', registeredAt: today }),
    )
    await handleCalculatorGenerated(handlers, schema, delivered(calculatorGenerated, { userId: 90, generatedAt: today }))
    await handleProposalCreated(handlers, schema, delivered(proposalCreated, { proposalId: newProposalId(), userId: 90, createdAt: today }))
    await handleProposalShared(handlers, schema, delivered(proposalShared, { proposalId: newProposalId(), userId: 90, sharedAt: today }))
    await countDemoInteraction(handlers, NOW)
    await countOnDay(handlers, 'cta_click', NOW)

    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${OPERATOR_TOKEN}`, `Bearer ${OPERATOR_TOKEN}x`]) {
      const answer = await analytics.get('/analytics/operator', {
        clientIp: '192.0.2.9',
        headers: authorization ? { authorization } : undefined,
      })
      expect(answer.status).toBe(401)
      expect(answer.headers.get('www-authenticate')).toBe('Bearer')
      expect(await answer.json()).toEqual({ message: OPERATOR_TOKEN_INVALID_MESSAGE })
    }
    const answer = await analytics.get('/analytics/operator?days=7', {
      clientIp: '192.0.2.9',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    })
    expect(answer.status, await answer.clone().text()).toBe(200)
    const { days } = operatorOverviewSchema.parse(await answer.json())
    expect(days.map((day) => day.day)).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ])
    const zero = { signUps: 0, demoInteractions: 0, ctaClicks: 0, calculatorsGenerated: 0, proposalsCreated: 0, proposalsShared: 0 }
    expect(days.find((day) => day.day === '2026-11-20')).toEqual({ day: '2026-11-20', ...zero, prospectViews: 1 })
    // The views of B stay counted here after its deletion: they happened.
    expect(days.find((day) => day.day === '2026-11-23')).toEqual({ day: '2026-11-23', ...zero, prospectViews: 1 })
    expect(days.at(-1)).toEqual({
      day: '2026-11-24',
      signUps: 1,
      demoInteractions: 1,
      ctaClicks: 1,
      calculatorsGenerated: 1,
      proposalsCreated: 1,
      proposalsShared: 1,
      prospectViews: 3,
    })
  })
})

describe('the operator view without a token configured', () => {
  it('does not exist: 404 whatever is sent', async () => {
    const analytics = await startAnalytics('PGlite', () => NOW)
    try {
      const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer anything-at-all-0123456789abcdefghij' }]
      for (const headers of attempts) {
        expect((await analytics.get('/analytics/operator', { clientIp: '192.0.2.9', headers })).status).toBe(404)
      }
    } finally {
      await analytics.close()
    }
  })
})
