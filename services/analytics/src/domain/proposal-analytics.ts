// One proposal's analytics for its owner (issue 19): its days, the timeline of its newest visits,
// the time per section, for each calculator input the values prospects settled on, and (issue 20)
// its prospects' PDF downloads and their agreement. Read from
// the aggregates — proposal days and section days, visitor sets, visit rows and each visit's final
// input values — through indexes on the proposal; never from raw events.
import {
  ANALYTICS_BUCKETS,
  ANALYTICS_LATEST_VALUES,
  ANALYTICS_TIMELINE_VISITS,
  ENGAGEMENT_SECTIONS,
  analyticsProposalDetailSchema,
  type AnalyticsInput,
  type AnalyticsProposalDetail,
} from '@valueproof/contracts'
import { agreementOf, dashboardRange, fillDays, reader, requireProOwner, type DashboardDeps } from './dashboard.ts'

interface InputStats {
  input_name: string
  moved: number
  median: number
  min: number
  max: number
  /** [bar index, count] of the bars holding values. */
  bars: Array<[number, number]> | null
}

/**
 * ANALYTICS_BUCKETS bars of equal width from the smallest final value to the largest (the last
 * includes its end), counted in SQL with the same formula; one bar when every value is the same.
 */
export function inputBuckets(stats: InputStats): AnalyticsInput['buckets'] {
  if (stats.max === stats.min) return [{ from: stats.min, to: stats.max, count: stats.moved }]
  const counts = new Map(stats.bars ?? [])
  const width = (stats.max - stats.min) / ANALYTICS_BUCKETS
  return Array.from({ length: ANALYTICS_BUCKETS }, (_, index) => ({
    from: stats.min + index * width,
    to: index === ANALYTICS_BUCKETS - 1 ? stats.max : stats.min + (index + 1) * width,
    count: counts.get(index) ?? 0,
  }))
}

/**
 * The inputs whose final value was set in the range: how many visits left a value, its median,
 * spread and bars (one statement), then each input's latest values through its own index.
 */
async function inputsOf(read: ReturnType<typeof reader>, values: readonly unknown[]): Promise<AnalyticsInput[]> {
  const stats = await read<InputStats>(
    `WITH f AS MATERIALIZED (
       SELECT input_name, value FROM {visit_input} WHERE proposal_id = $1 AND moved_at >= $2::date
     ), s AS (
       SELECT input_name, count(*)::int AS moved, percentile_cont(0.5) WITHIN GROUP (ORDER BY value) AS median,
              min(value) AS lo, max(value) AS hi
         FROM f GROUP BY input_name
     ), b AS (
       SELECT f.input_name, least(floor((f.value - s.lo) / (s.hi - s.lo) * $3::int)::int, $3::int - 1) AS bar, count(*)::int AS n
         FROM f JOIN s USING (input_name) WHERE s.hi > s.lo GROUP BY 1, 2
     )
     SELECT s.input_name, s.moved, s.median, s.lo AS min, s.hi AS max,
            (SELECT json_agg(json_build_array(b.bar, b.n)) FROM b WHERE b.input_name = s.input_name) AS bars
       FROM s ORDER BY s.moved DESC, s.input_name`,
    [...values, ANALYTICS_BUCKETS],
  )
  if (stats.length === 0) return []
  const latest = await read<{ input_name: string; value: number; moved_at: Date }>(
    `SELECT n.input_name, l.value, l.moved_at FROM unnest($3::text[]) AS n(input_name)
       CROSS JOIN LATERAL (
         SELECT value, moved_at FROM {visit_input} i
          WHERE i.proposal_id = $1 AND i.input_name = n.input_name AND i.moved_at >= $2::date
          ORDER BY i.moved_at DESC, i.visit_id LIMIT $4
       ) l`,
    [...values, stats.map((input) => input.input_name), ANALYTICS_LATEST_VALUES],
  )
  return stats.map((input) => ({
    name: input.input_name,
    moved: input.moved,
    median: input.median,
    min: input.min,
    max: input.max,
    buckets: inputBuckets(input),
    latest: latest
      .filter((row) => row.input_name === input.input_name)
      .map((row) => ({ value: row.value, at: row.moved_at.toISOString() })),
  }))
}

/** The visits counted in the range: viewed, started on or after its first day. */
const RANGE_VISITS = `v.proposal_id = $1 AND v.viewed AND v.started_at >= $2::date`

/** The proposal's analytics for the range; 403 for Free owners, 404 when it is not the user's. */
export async function proposalAnalytics(
  deps: DashboardDeps,
  props: { userId: number; proposalId: string; days: number },
): Promise<AnalyticsProposalDetail> {
  await requireProOwner(deps, { userId: props.userId, proposalId: props.proposalId })
  const range = dashboardRange(deps.now(), props.days)
  const read = reader(deps)
  const values = [props.proposalId, range.from]
  const [days, totals, visits, sections, inputs, agreements] = await Promise.all([
    read<{ day: string; views: number; visitors: number; visible_ms: number; pdf_downloads: number; suspect_views: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, views, unique_visitors AS visitors, visible_ms::float8 AS visible_ms, pdf_downloads,
              suspect_views
         FROM {proposal_day} WHERE proposal_id = $1 AND day >= $2::date`,
      values,
    ),
    read<{ visitors: number; median: number | null }>(
      `SELECT (SELECT count(*)::int FROM {proposal_visitor} WHERE proposal_id = $1 AND last_day >= $2::date) AS visitors,
              (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY visible_ms) FROM {visit} v WHERE ${RANGE_VISITS}) AS median`,
      values,
    ),
    read<{ started_at: Date; last_seen_at: Date; visible_ms: number; is_returning: boolean; sections_seen: number; inputs_moved: number }>(
      `SELECT v.started_at, v.last_seen_at, v.visible_ms::float8 AS visible_ms,
              EXISTS (SELECT 1 FROM {visit} e WHERE e.proposal_id = v.proposal_id AND e.visitor_id = v.visitor_id
                         AND v.visitor_id <> '' AND e.viewed AND e.started_at < v.started_at) AS is_returning,
              (SELECT count(*)::int FROM {visit_section} s WHERE s.visit_id = v.visit_id) AS sections_seen,
              (SELECT count(*)::int FROM {visit_input} i WHERE i.visit_id = v.visit_id) AS inputs_moved
         FROM {visit} v WHERE ${RANGE_VISITS} ORDER BY v.started_at DESC, v.visit_id LIMIT $3`,
      [...values, ANALYTICS_TIMELINE_VISITS],
    ),
    read<{ section: string; visits: number; visible_ms: number }>(
      `SELECT section, sum(visits)::int AS visits, sum(visible_ms)::float8 AS visible_ms
         FROM {proposal_section_day} WHERE proposal_id = $1 AND day >= $2::date GROUP BY section`,
      values,
    ),
    inputsOf(read, values),
    read<{ agreed_at: Date | null; agreed_scenario: string | null }>(`SELECT agreed_at, agreed_scenario FROM {proposal} WHERE id = $1`, [
      props.proposalId,
    ]),
  ])
  const filled = fillDays(range, days, days)
  const order = (section: string) => (ENGAGEMENT_SECTIONS as readonly string[]).indexOf(section)
  return analyticsProposalDetailSchema.parse({
    proposalId: props.proposalId,
    totals: {
      views: filled.reduce((sum, day) => sum + day.views, 0),
      uniqueVisitors: totals[0]?.visitors ?? 0,
      medianVisibleMs: totals[0]?.median ?? null,
      totalVisibleMs: filled.reduce((sum, day) => sum + day.visibleMs, 0),
      suspectViews: filled.reduce((sum, day) => sum + day.suspectViews, 0),
    },
    days: filled,
    visits: visits.map((visit) => ({
      startedAt: visit.started_at.toISOString(),
      lastSeenAt: visit.last_seen_at.toISOString(),
      visibleMs: visit.visible_ms,
      returning: visit.is_returning,
      sectionsSeen: visit.sections_seen,
      inputsMoved: visit.inputs_moved,
    })),
    sections: sections
      .filter((row) => row.visits > 0 || row.visible_ms > 0)
      .map((row) => ({ section: row.section, visits: row.visits, visibleMs: row.visible_ms }))
      .sort((a, b) => order(a.section) - order(b.section)),
    inputs,
    pdfDownloads: days.reduce((sum, day) => sum + day.pdf_downloads, 0),
    agreement: agreements[0] ? agreementOf(agreements[0]) : null,
  })
}
