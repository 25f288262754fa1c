// The limits of the prospect page's beacons and of conversions (issue 19) without their schemas:
// the light pages import them from `@valueproof/contracts/engagement-limits` so that they do not
// carry the schemas (which keep every top-level zod call) in their JavaScript budget. engagement.ts
// re-exports all of it.

/** A page view's random id (16 random bytes, base64url), made by the page when the proposal shows. */
export const VISIT_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** The page sends a heartbeat this often while the tab is visible (and flushes when it is hidden). */
export const HEARTBEAT_INTERVAL_MS = 10_000
/** The most visible time one heartbeat or section report may claim: anything above is refused. */
export const MAX_REPORTED_VISIBLE_MS = 60_000
/** Engagement events per beacon, and the beacon's size. */
export const ENGAGEMENT_MAX_EVENTS = 50
export const ENGAGEMENT_BODY_LIMIT_BYTES = 16 * 1024
/** Engagement events one visit may have counted in all (a tab open for days stops counting). */
export const ENGAGEMENT_MAX_EVENTS_PER_VISIT = 2_000
/** Engagement beacons per visitor per minute, on each analytics replica (beyond it: 429, nothing kept). */
export const ENGAGEMENT_BEACONS_PER_MINUTE = 30
/** Figures (the results shown: daily, monthly, yearly …) one input event may carry. */
export const ENGAGEMENT_MAX_FIGURES = 12

/** The parts of the proposal page whose visible time is reported. */
export const ENGAGEMENT_SECTIONS = [
  'executiveSummary',
  'problemStatement',
  'solutionOverview',
  'valueProposition',
  'calculator',
  'nextSteps',
  'contactInformation',
] as const
export type EngagementSection = (typeof ENGAGEMENT_SECTIONS)[number]

/** POST /api/track/conversion: the largest amount a conversion may carry, and a currency's form (ISO 4217). */
export const CONVERSION_MAX_AMOUNT = 1_000_000
export const CONVERSION_CURRENCY_PATTERN = /^[A-Z]{3}$/
