// The Pro analytics dashboard's answers (issue 19; SPEC §1 and §6) and the product owner's view.
// Analytics reads them from its aggregate tables, never from raw events. Titles and the seller's
// own input values are not analytics' to keep: the page joins them from the owner's proposals.
import { z } from 'zod'
import { scenarioSchema } from './agreement.ts'

/** Days the dashboard may look back; the default when no `days` is asked. */
export const ANALYTICS_MAX_DAYS = 365
export const ANALYTICS_DEFAULT_DAYS = 30
export const analyticsRangeQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(ANALYTICS_MAX_DAYS).default(ANALYTICS_DEFAULT_DAYS),
})

/** Free accounts are answered 403 with this message and code; the page shows the upgrade view. */
export const ANALYTICS_PRO_REQUIRED_MESSAGE = 'The analytics dashboard is part of Pro. Upgrade to see who opened your proposals.'
export const ANALYTICS_PRO_REQUIRED_CODE = 'pro_required'
/** The 403's body: `{ message, code }` (any other error body is `{ message }` alone). */
export const analyticsProRequiredBodySchema = z.strictObject({ message: z.string(), code: z.literal(ANALYTICS_PRO_REQUIRED_CODE) })

/**
 * Views the proposal service took for automated (issue 34, docs/decisions/119): past a proposal's
 * ceiling a minute or an address's allowance of people. Never in `views`; shown apart.
 */
const suspectViews = z.number().int().nonnegative()

/** One UTC day (YYYY-MM-DD) of prospect views; days without views are included with zeros. */
export const analyticsDaySchema = z.strictObject({
  day: z.string(),
  views: z.number().int().nonnegative(),
  uniqueVisitors: z.number().int().nonnegative(),
  visibleMs: z.number().int().nonnegative(),
  suspectViews,
})
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>

export const analyticsTotalsSchema = z.strictObject({
  views: z.number().int().nonnegative(),
  uniqueVisitors: z.number().int().nonnegative(),
  /** Median visible time of the range's visits; null when nobody has looked. */
  medianVisibleMs: z.number().nonnegative().nullable(),
  totalVisibleMs: z.number().int().nonnegative(),
  suspectViews,
})
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>

/** A prospect's agreement to a proposal's figures (issue 20), whenever it happened: when, and in which scenario. */
export const analyticsAgreementSchema = z.strictObject({ agreedAt: z.string(), scenario: scenarioSchema })
export type AnalyticsAgreement = z.infer<typeof analyticsAgreementSchema>

/** A row of the dashboard's table: one of the owner's proposals that prospects opened in the range. */
export const analyticsProposalRowSchema = z.strictObject({
  proposalId: z.string(),
  views: z.number().int().nonnegative(),
  uniqueVisitors: z.number().int().nonnegative(),
  medianVisibleMs: z.number().nonnegative().nullable(),
  lastViewedAt: z.string().nullable(),
  /** PDFs prospects downloaded in the range (issue 20); the owner's own are not counted. */
  pdfDownloads: z.number().int().nonnegative(),
  /** The prospect's agreement, or null when nobody agreed. */
  agreement: analyticsAgreementSchema.nullable(),
  suspectViews,
})
export type AnalyticsProposalRow = z.infer<typeof analyticsProposalRowSchema>

/** GET /api/analytics/overview?days=N */
export const analyticsOverviewSchema = z.strictObject({
  days: z.array(analyticsDaySchema),
  totals: analyticsTotalsSchema,
  proposals: z.array(analyticsProposalRowSchema),
})
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>

/** One prospect visit of the detail's timeline (newest first; no visitor id leaves analytics). */
export const analyticsVisitSchema = z.strictObject({
  startedAt: z.string(),
  lastSeenAt: z.string(),
  visibleMs: z.number().int().nonnegative(),
  /** Whether this visitor had opened the proposal before (an earlier visit). */
  returning: z.boolean(),
  sectionsSeen: z.number().int().nonnegative(),
  inputsMoved: z.number().int().nonnegative(),
})
export type AnalyticsVisit = z.infer<typeof analyticsVisitSchema>

export const analyticsSectionSchema = z.strictObject({
  section: z.string(),
  visits: z.number().int().nonnegative(),
  visibleMs: z.number().int().nonnegative(),
})

/** A bar of an input's distribution: visits whose final value lies in [from, to] (the last bar includes its end). */
export const analyticsBucketSchema = z.strictObject({ from: z.number(), to: z.number(), count: z.number().int().nonnegative() })

/** A calculator input prospects moved: how many visits moved it and the values they settled on. */
export const analyticsInputSchema = z.strictObject({
  name: z.string(),
  moved: z.number().int().nonnegative(),
  median: z.number(),
  min: z.number(),
  max: z.number(),
  buckets: z.array(analyticsBucketSchema),
  /** The final values of the latest visits (newest first, at most ANALYTICS_LATEST_VALUES). */
  latest: z.array(z.strictObject({ value: z.number(), at: z.string() })),
})
export type AnalyticsInput = z.infer<typeof analyticsInputSchema>
export const ANALYTICS_LATEST_VALUES = 20
export const ANALYTICS_TIMELINE_VISITS = 50
export const ANALYTICS_BUCKETS = 8

/** GET /api/analytics/proposals/{id}?days=N (the owner's proposal; anyone else's answers 404). */
export const analyticsProposalDetailSchema = z.strictObject({
  proposalId: z.string(),
  totals: analyticsTotalsSchema,
  days: z.array(analyticsDaySchema),
  visits: z.array(analyticsVisitSchema),
  sections: z.array(analyticsSectionSchema),
  inputs: z.array(analyticsInputSchema),
  /** PDFs prospects downloaded in the range (issue 20); the owner's own are not counted. */
  pdfDownloads: z.number().int().nonnegative(),
  /** The prospect's agreement, or null when nobody agreed. */
  agreement: analyticsAgreementSchema.nullable(),
})
export type AnalyticsProposalDetail = z.infer<typeof analyticsProposalDetailSchema>

/**
 * GET /api/analytics/operator?days=N with `Authorization: Bearer <ANALYTICS_OPERATOR_TOKEN>`: the
 * product owner's daily counts. Without the token configured the path answers 404.
 */
export const operatorDaySchema = z.strictObject({
  day: z.string(),
  signUps: z.number().int().nonnegative(),
  demoInteractions: z.number().int().nonnegative(),
  ctaClicks: z.number().int().nonnegative(),
  calculatorsGenerated: z.number().int().nonnegative(),
  proposalsCreated: z.number().int().nonnegative(),
  proposalsShared: z.number().int().nonnegative(),
  prospectViews: z.number().int().nonnegative(),
})
export const operatorOverviewSchema = z.strictObject({ days: z.array(operatorDaySchema) })
export type OperatorOverview = z.infer<typeof operatorOverviewSchema>
