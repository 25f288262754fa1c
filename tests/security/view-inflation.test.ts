// Issue 34, item 3 (decision 119): "View counts can be inflated by anyone with the link. Dropping
// the visitor cookie and repeating GET + view beacon counted 300 views from one address in seconds,
// and each fired a live 'was just opened' toast at the seller." Through the gateway on the whole
// stack: 300 cookie-less opens + beacons of one proposal from one address count one person; 300
// with a new browser each time count at most the address's allowance of people; every other view
// is suspect or a repeat, none is counted in the seller's list or dashboard, the dashboard shows
// the suspect ones apart, and the seller's open app hears of each flood once, then once more with
// what the minute folded ("opened 9 times").
import {
  ANALYTICS_TIMELINE_VISITS,
  analyticsProposalDetailSchema,
  LIVE_PROPOSAL_VIEWED_EVENT,
  type ProposalListEntry,
} from '@valueproof/contracts'
import { proposalViewed } from '@valueproof/event-bus'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEventStream, type OpenedStream } from '../../gateway/src/live/testing/event-stream.ts'
import { proposalConfigSchema } from '../../services/proposal/src/config.ts'
import { analyticsTable } from '../integration/support/analytics.ts'
import { ApiClient } from '../integration/support/http-client.ts'
import {
  eventually,
  newVisitId,
  openAndReport,
  registered,
  sendViewBeacon,
  share,
  table,
  viewEventsOf,
} from '../integration/support/proposals.ts'
import { grantCalculatorPro, stackKinds, startTestStack, type TestStack } from '../integration/support/stack.ts'

const OPENS = 300
/** The defaults the stack runs with (decision 119): people per address per window, views a minute. */
const { PROPOSAL_VIEW_PEOPLE_PER_ADDRESS: PEOPLE_PER_ADDRESS, PROPOSAL_VIEW_CEILING_PER_MINUTE: CEILING } = proposalConfigSchema.parse({})
const MINUTE_MS = 60_000
/** The live events' interval (LIVE_VIEW_TOAST_INTERVAL_MS) and some room for the bus. */
const FOLDED_EVENT_WAIT_MS = 75_000

const kinds = await stackKinds('postgres+nats+minio')

describe.each(kinds)('view counts against cookie-less floods through the gateway (%s)', (kind) => {
  let stack: TestStack
  let seller: { client: ApiClient; id: number }
  let live: OpenedStream | undefined
  beforeAll(async () => {
    stack = await startTestStack(kind)
    seller = await registered(stack, 'inflation')
    await grantCalculatorPro(stack, seller.id)
    // Analytics' own projection of the plan, from the same event: the dashboard answers once it has it.
    await eventually(async () => {
      const rows = await stack.databases.analytics.query<Array<{ plan: string }>>(
        `SELECT plan FROM ${analyticsTable(stack, 'owner_plan')} WHERE user_id = $1`,
        seller.id,
      )
      return rows[0]?.plan === 'pro' ? true : undefined
    })
  }, 60_000)
  afterAll(async () => {
    live?.close()
    await stack?.close()
  })

  /** GET + view beacon with no cookie at all, from one address (127.0.0.1) and the given browser. */
  async function openWithoutCookie(proposalId: string, userAgent: string): Promise<void> {
    const bot = new ApiClient(stack.url)
    const headers = { 'user-agent': userAgent }
    const opened = await bot.get(`/api/proposals/${proposalId}`, headers)
    expect(opened.status).toBe(200)
    const { beaconToken } = (await opened.json()) as { beaconToken: string }
    const beacon = await sendViewBeacon(bot, proposalId, { visitId: newVisitId(), token: beaconToken }, headers)
    expect(beacon.status).toBe(202)
  }

  /** The 300 opens, ten at a time (each opening is a new visitor id: the cookie is never sent back). */
  async function flood(proposalId: string, userAgent: (index: number) => string): Promise<void> {
    for (let started = 0; started < OPENS; started += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, offset) => openWithoutCookie(proposalId, userAgent(started + offset))))
    }
  }

  /** Once all of a proposal's view events are in the outbox: how each counted, and the span of their times. */
  async function classified(proposalId: string) {
    const events = await eventually(async () => {
      const found = await viewEventsOf(stack, proposalId)
      return found.length === OPENS ? found : undefined
    })
    const counts = { counted: 0, repeat: 0, suspect: 0 }
    for (const event of events) {
      const counting = event.counting
      if (counting === 'counted' || counting === 'repeat' || counting === 'suspect') counts[counting] += 1
    }
    const times = events.map((event) => Number(event.viewedAt?.seconds ?? 0n) * 1000 + (event.viewedAt?.nanos ?? 0) / 1e6)
    return { counts, spanMs: Math.max(...times) - Math.min(...times), visitors: new Set(events.map((event) => event.visitorId)).size }
  }

  /** What the seller's list and dashboard say of the proposal, once the dashboard has every suspect view. */
  async function sellerSees(proposalId: string, suspect: number) {
    const detail = await eventually(async () => {
      const answer = await seller.client.get(`/api/analytics/proposals/${proposalId}`)
      if (answer.status !== 200) return undefined
      const parsed = analyticsProposalDetailSchema.parse(await answer.json())
      return parsed.totals.suspectViews === suspect ? parsed : undefined
    }, 30_000)
    const list = (await (await seller.client.get('/api/proposals')).json()) as ProposalListEntry[]
    return { listed: list.find((entry) => entry.id === proposalId)?.views, dashboard: detail.totals.views, visits: detail.visits.length }
  }

  it(`${OPENS} cookie-less opens + beacons from one address: one person, or with a new browser each time at most ${PEOPLE_PER_ADDRESS}; the rest not counted, and the seller told once a minute`, async () => {
    live = await openEventStream(stack.url, seller.client.sessionCookie)
    expect(live.status).toBe(200)

    // The same browser each time: one person however often the cookie is dropped.
    const sameBrowser = await share(seller.client, { title: 'Flooded with one browser' })
    await flood(sameBrowser, () => 'Mozilla/5.0 (X11; Linux x86_64) FloodBot/1.0')
    const one = await classified(sameBrowser)
    console.log(`  one browser, ${OPENS} opens over ${(one.spanMs / 1000).toFixed(1)} s: ${JSON.stringify(one.counts)}`)
    expect(one.visitors).toBe(OPENS)
    expect(one.counts.counted).toBe(1)
    // Repeats up to the ceiling in any minute of the flood, the rest suspect.
    expect(one.counts.repeat).toBeLessThanOrEqual(CEILING * (Math.floor(one.spanMs / MINUTE_MS) + 1) - 1)
    expect(one.counts.repeat + one.counts.suspect).toBe(OPENS - 1)
    // The repeats are visits of the one person, not views.
    expect(await sellerSees(sameBrowser, one.counts.suspect)).toEqual({
      listed: 1,
      dashboard: 1,
      visits: Math.min(ANALYTICS_TIMELINE_VISITS, 1 + one.counts.repeat),
    })

    // A new browser each time: one address adds at most its allowance of people.
    const newBrowsers = await share(seller.client, { title: 'Flooded with new browsers' })
    await flood(newBrowsers, (index) => `Mozilla/5.0 (X11; Linux x86_64) FloodBot/${index}`)
    const many = await classified(newBrowsers)
    console.log(`  a new browser each time, ${OPENS} opens over ${(many.spanMs / 1000).toFixed(1)} s: ${JSON.stringify(many.counts)}`)
    expect(many.counts).toEqual({ counted: PEOPLE_PER_ADDRESS, repeat: 0, suspect: OPENS - PEOPLE_PER_ADDRESS })
    expect(await sellerSees(newBrowsers, OPENS - PEOPLE_PER_ADDRESS)).toEqual({
      listed: PEOPLE_PER_ADDRESS,
      dashboard: PEOPLE_PER_ADDRESS,
      visits: PEOPLE_PER_ADDRESS,
    })

    // A real prospect elsewhere, once every flood event is published: events reach the gateway in
    // order, so when this one's arrives the floods' were all handled.
    await eventually(async () => {
      const [row] = await stack.databases.proposal.query<Array<{ waiting: number }>>(
        `SELECT count(*)::int AS waiting FROM ${table(stack, 'proposal', 'outbox_event')} WHERE subject = $1 AND published_at IS NULL`,
        proposalViewed.subject,
      )
      return row?.waiting === 0 ? true : undefined
    })
    const elsewhere = await share(seller.client, { title: 'Opened by a prospect' })
    await openAndReport(new ApiClient(stack.url), elsewhere)
    const received = [await live.next(10_000), await live.next(10_000), await live.next(10_000)]
    const told = (event: { event: string; data: string }) => {
      expect(event.event).toBe(LIVE_PROPOSAL_VIEWED_EVENT)
      const { proposalId, views } = JSON.parse(event.data) as { proposalId: string; views: number }
      return [proposalId, views]
    }
    // One event for each flood, and none of the 598 other opens.
    expect(received.map(told)).toEqual([
      [sameBrowser, 1],
      [newBrowsers, 1],
      [elsewhere, 1],
    ])
    // The minute's end: what it folded, once — nothing for the one-browser flood (a single view counted).
    const folded = await live.next(FOLDED_EVENT_WAIT_MS)
    expect(told(folded)).toEqual([newBrowsers, PEOPLE_PER_ADDRESS - 1])
    expect(live.events).toHaveLength(4)
  }, 240_000)
})
