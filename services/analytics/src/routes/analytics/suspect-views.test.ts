// Views that count people (issue 34, docs/decisions/119) in the dashboard: the proposal service says
// how each view counted; a repeat is a visit but no view, a suspect view is counted apart on its day
// and shows no visit, events from before say nothing and counted; the operator's prospect views are
// the counted ones.
import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import { analyticsOverviewSchema, analyticsProposalDetailSchema, operatorOverviewSchema } from '@valueproof/contracts'
import { proposalViewed } from '@valueproof/event-bus'
import { deliveredPlanChange } from '@valueproof/event-bus/testing'
import { SubscriptionChange } from '@valueproof/proto'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleProposalViewed } from '../../events/proposal-viewed.ts'
import { handleSubscriptionChanged } from '../../events/subscription-changed.ts'
import { delivered, newProposalId, newVisitId } from '../../testing/events.ts'
import { startAnalytics, type AnalyticsUnderTest, type DatabaseKind } from '../../testing/service.ts'

const kinds: DatabaseKind[] = (await needs('postgres')) ? ['PGlite', 'PostgreSQL'] : ['PGlite']
const NOW = new Date('2026-11-24T12:00:00.000Z')
const OWNER = 23
const OPERATOR_TOKEN = 'operator-token-0123456789abcdefghijklmnop'
const at = (text: string) => new Date(`2026-11-${text}Z`)
const rowOf = (proposalId: string) => ({ proposalId, pdfDownloads: 0, agreement: null })

describe.each(kinds)('suspect views and repeats on the dashboard (%s)', (kind) => {
  let analytics: AnalyticsUnderTest
  const [D, E] = [newProposalId(), newProposalId()]

  const view = (props: { proposalId?: string; counting: string; visitorId: string; viewedAt: Date }) =>
    handleProposalViewed(
      analytics.prisma,
      analytics.dbSchema,
      delivered(proposalViewed, {
        proposalId: props.proposalId ?? D,
        ownerUserId: OWNER,
        viewer: 'visitor',
        visitorId: props.visitorId,
        visitId: newVisitId(),
        viewedAt: timestampFromDate(props.viewedAt),
        counting: props.counting,
      }),
    )
  const get = (path: string, headers?: Record<string, string>) =>
    analytics.get(path, { clientIp: '192.0.2.5', userId: OWNER, ...(headers ? { headers } : {}) })

  beforeAll(async () => {
    analytics = await startAnalytics(kind, () => NOW, { ANALYTICS_OPERATOR_TOKEN: OPERATOR_TOKEN })
    await handleSubscriptionChanged(
      analytics.prisma,
      analytics.dbSchema,
      deliveredPlanChange({ userId: OWNER, change: SubscriptionChange.ACTIVATED, version: 1 }),
    )
    await view({ counting: 'counted', visitorId: 'p', viewedAt: at('20T09:00:00') })
    // The same person with the cookie dropped: a new visitor id, not a new visitor.
    await view({ counting: 'repeat', visitorId: 'q', viewedAt: at('20T09:10:00') })
    for (const bot of ['b1', 'b2', 'b3']) await view({ counting: 'suspect', visitorId: bot, viewedAt: at('20T09:20:00') })
    await view({ counting: 'suspect', visitorId: 'b4', viewedAt: at('21T08:00:00') })
    // An event from before issue 34 says nothing: it counted.
    await view({ counting: '', visitorId: 'r', viewedAt: at('21T09:00:00') })
    await view({ proposalId: E, counting: 'suspect', visitorId: 'b5', viewedAt: at('21T10:00:00') })
  })
  afterAll(async () => {
    await analytics?.close()
  })

  it('counts suspect views apart on their days, and lists a proposal only suspect views reached', async () => {
    const overview = analyticsOverviewSchema.parse(await (await get('/analytics/overview')).json())
    expect(overview.days.filter((day) => day.views > 0 || day.suspectViews > 0)).toEqual([
      { day: '2026-11-20', views: 1, uniqueVisitors: 1, visibleMs: 0, suspectViews: 3 },
      { day: '2026-11-21', views: 1, uniqueVisitors: 1, visibleMs: 0, suspectViews: 2 },
    ])
    expect(overview.totals).toEqual({ views: 2, uniqueVisitors: 2, medianVisibleMs: 0, totalVisibleMs: 0, suspectViews: 5 })
    expect(overview.proposals).toEqual([
      { ...rowOf(D), views: 2, uniqueVisitors: 2, medianVisibleMs: 0, lastViewedAt: '2026-11-21T09:00:00.000Z', suspectViews: 4 },
      { ...rowOf(E), views: 0, uniqueVisitors: 0, medianVisibleMs: null, lastViewedAt: null, suspectViews: 1 },
    ])
  })

  it("shows a repeat in the proposal's timeline and suspect views in none", async () => {
    const detail = analyticsProposalDetailSchema.parse(await (await get(`/analytics/proposals/${D}`)).json())
    expect(detail.totals).toEqual({ views: 2, uniqueVisitors: 2, medianVisibleMs: 0, totalVisibleMs: 0, suspectViews: 4 })
    expect(detail.visits.map((visit) => visit.startedAt)).toEqual([
      '2026-11-21T09:00:00.000Z',
      '2026-11-20T09:10:00.000Z',
      '2026-11-20T09:00:00.000Z',
    ])
    expect(detail.days.find((day) => day.day === '2026-11-20')).toMatchObject({ views: 1, suspectViews: 3 })
  })

  it("counts only the counted views in the product owner's prospect views", async () => {
    const answer = await get('/analytics/operator?days=7', { authorization: `Bearer ${OPERATOR_TOKEN}` })
    const { days } = operatorOverviewSchema.parse(await answer.json())
    expect(days.map((day) => [day.day, day.prospectViews]).filter(([, views]) => views !== 0)).toEqual([
      ['2026-11-20', 1],
      ['2026-11-21', 1],
    ])
  })
})
