// The Pro dashboard's overview (issue 19; SPEC §1, §6): the owner's prospect views per day, totals
// and a row per proposal opened in the range. Read from the aggregates only — proposal days, the
// visitor sets and visit rows, each through an index on the owner — never from raw events.
import {
  ANALYTICS_PRO_REQUIRED_CODE,
  ANALYTICS_PRO_REQUIRED_MESSAGE,
  analyticsOverviewSchema,
  type AnalyticsDay,
  type AnalyticsOverview,
} from '@valueproof/contracts'
import { qualifiedTable, type SqlReader } from '@valueproof/db'
import { errors } from '@valueproof/http-kit'
import { lastDays } from './days.ts'

export interface DashboardDeps {
  sql: SqlReader
  dbSchema: string | undefined
  now: () => Date
}

/** The range a dashboard answer covers: `days` UTC days ending today. */
export interface DashboardRange {
  days: string[]
  /** The first day, `YYYY-MM-DD`. */
  from: string
}

export function dashboardRange(now: Date, days: number): DashboardRange {
  const list = lastDays(now, days)
  return { days: list, from: list[0] ?? '' }
}

/** Reads rows of a statement naming analytics' tables as `{table}`, qualified with the service's schema. */
export function reader(deps: DashboardDeps) {
  return <Row>(template: string, values: readonly unknown[]): Promise<Row[]> =>
    deps.sql.read<Row>(
      template.replace(/\{(\w+)\}/g, (_, table: string) => qualifiedTable(deps.dbSchema, table)),
      values,
    )
}

/**
 * 403 `pro_required` unless billing's latest word on the user is Pro; with `proposalId`, 404 unless
 * it is the user's proposal and not deleted. One round trip for both.
 */
export async function requireProOwner(deps: DashboardDeps, props: { userId: number; proposalId?: string }): Promise<void> {
  const [row] = await reader(deps)<{ plan: string | null; owner: number | null }>(
    `SELECT (SELECT plan FROM {owner_plan} WHERE user_id = $1) AS plan,
            (SELECT owner_user_id FROM {proposal} WHERE id = $2 AND deleted_at IS NULL) AS owner`,
    [props.userId, props.proposalId ?? ''],
  )
  if (row?.plan !== 'pro') throw errors.forbidden(ANALYTICS_PRO_REQUIRED_MESSAGE, ANALYTICS_PRO_REQUIRED_CODE)
  if (props.proposalId !== undefined && row.owner !== props.userId) throw errors.notFound('Proposal not found')
}

/** A proposal's agreement as analytics noted it (issue 20; both columns are set together), checked by the answer's schema. */
export function agreementOf(row: {
  agreed_at: Date | null
  agreed_scenario: string | null
}): { agreedAt: string; scenario: string } | null {
  if (row.agreed_at === null || row.agreed_scenario === null) return null
  return { agreedAt: row.agreed_at.toISOString(), scenario: row.agreed_scenario }
}

interface ProposalRow {
  proposal_id: string
  views: number
  visitors: number
  median: number | null
  last_viewed_at: Date | null
  pdf_downloads: number
  suspect_views: number
  agreed_at: Date | null
  agreed_scenario: string | null
}

interface DayRow {
  day: string
  views: number
  visible_ms: number
  suspect_views: number
}

/** Every day of the range, with zeros where nothing was counted. */
export function fillDays(
  range: DashboardRange,
  views: readonly DayRow[],
  uniques: ReadonlyArray<{ day: string; visitors: number }>,
): AnalyticsDay[] {
  const viewsOf = new Map(views.map((row) => [row.day, row]))
  const uniquesOf = new Map(uniques.map((row) => [row.day, row.visitors]))
  return range.days.map((day) => ({
    day,
    views: viewsOf.get(day)?.views ?? 0,
    uniqueVisitors: uniquesOf.get(day) ?? 0,
    visibleMs: viewsOf.get(day)?.visible_ms ?? 0,
    suspectViews: viewsOf.get(day)?.suspect_views ?? 0,
  }))
}

/** The owner's overview for the range. */
export async function dashboardOverview(deps: DashboardDeps, props: { userId: number; days: number }): Promise<AnalyticsOverview> {
  await requireProOwner(deps, { userId: props.userId })
  const range = dashboardRange(deps.now(), props.days)
  const read = reader(deps)
  const values = [props.userId, range.from]
  const [days, uniques, totals, proposals] = await Promise.all([
    read<DayRow>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(views)::int AS views, sum(visible_ms)::float8 AS visible_ms,
              sum(suspect_views)::int AS suspect_views
         FROM {proposal_day} WHERE owner_user_id = $1 AND day >= $2::date GROUP BY day`,
      values,
    ),
    read<{ day: string; visitors: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(DISTINCT visitor_id)::int AS visitors
         FROM {proposal_day_visitor} WHERE owner_user_id = $1 AND day >= $2::date GROUP BY day`,
      values,
    ),
    read<{ visitors: number; median: number | null }>(
      `SELECT (SELECT count(DISTINCT visitor_id)::int FROM {proposal_visitor} WHERE owner_user_id = $1 AND last_day >= $2::date) AS visitors,
              (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY visible_ms) FROM {visit}
                WHERE owner_user_id = $1 AND viewed AND started_at >= $2::date) AS median`,
      values,
    ),
    read<ProposalRow>(
      `WITH counted AS (
         SELECT proposal_id, sum(views)::int AS views, sum(pdf_downloads)::int AS pdf_downloads,
                sum(suspect_views)::int AS suspect_views FROM {proposal_day}
          WHERE owner_user_id = $1 AND day >= $2::date GROUP BY proposal_id HAVING sum(views) > 0 OR sum(suspect_views) > 0
       ), uniques AS (
         SELECT proposal_id, count(*)::int AS visitors FROM {proposal_visitor}
          WHERE owner_user_id = $1 AND last_day >= $2::date GROUP BY proposal_id
       ), visits AS (
         SELECT proposal_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY visible_ms) AS median, max(started_at) AS last_viewed_at
           FROM {visit} WHERE owner_user_id = $1 AND viewed AND started_at >= $2::date GROUP BY proposal_id
       )
       SELECT c.proposal_id, c.views, coalesce(u.visitors, 0) AS visitors, v.median, v.last_viewed_at,
              c.pdf_downloads, c.suspect_views, p.agreed_at, p.agreed_scenario
         FROM counted c LEFT JOIN uniques u USING (proposal_id) LEFT JOIN visits v USING (proposal_id)
              LEFT JOIN {proposal} p ON p.id = c.proposal_id
        ORDER BY v.last_viewed_at DESC NULLS LAST, c.proposal_id`,
      values,
    ),
  ])
  const filled = fillDays(range, days, uniques)
  return analyticsOverviewSchema.parse({
    days: filled,
    totals: {
      views: filled.reduce((sum, day) => sum + day.views, 0),
      uniqueVisitors: totals[0]?.visitors ?? 0,
      medianVisibleMs: totals[0]?.median ?? null,
      totalVisibleMs: filled.reduce((sum, day) => sum + day.visibleMs, 0),
      suspectViews: filled.reduce((sum, day) => sum + day.suspectViews, 0),
    },
    proposals: proposals.map((row) => ({
      proposalId: row.proposal_id,
      views: row.views,
      uniqueVisitors: row.visitors,
      medianVisibleMs: row.median,
      lastViewedAt: row.last_viewed_at?.toISOString() ?? null,
      pdfDownloads: row.pdf_downloads,
      agreement: agreementOf(row),
      suspectViews: row.suspect_views,
    })),
  })
}
