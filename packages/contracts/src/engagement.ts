// What a prospect's proposal page reports (issue 19): the view beacon (to the proposal service,
// which records the view) and the engagement beacons (to analytics, which only counts them). Both
// are sent with navigator.sendBeacon, so they arrive as text/plain carrying JSON; neither needs a
// session, and neither is trusted for anything but counting. The gateway, the services and the page
// share every limit from here.
import { z } from 'zod'
import {
  CONVERSION_CURRENCY_PATTERN,
  CONVERSION_MAX_AMOUNT,
  ENGAGEMENT_MAX_EVENTS,
  ENGAGEMENT_MAX_FIGURES,
  ENGAGEMENT_SECTIONS,
  MAX_REPORTED_VISIBLE_MS,
  VISIT_ID_PATTERN,
} from './engagement-limits.ts'

// The limits without the schemas (the page imports them from there): the same values, re-exported.
export * from './engagement-limits.ts'

export const visitIdSchema = z.string().regex(VISIT_ID_PATTERN, 'visitId must be 22 base64url characters')

/**
 * The proposal answer's beacon token: `v1.<payload>.<mac>`, signed by the proposal service when the
 * proposal opened for this visitor (after its access code, if any). Beacons must carry it, so a
 * view or an engagement is counted only for someone the proposal really opened for.
 */
export const BEACON_TOKEN_MAX_LENGTH = 512
export const beaconTokenSchema = z.string().min(1).max(BEACON_TOKEN_MAX_LENGTH)
/** How long after the proposal opened its page may still report (a tab left open all day). */
export const BEACON_TOKEN_TTL_MS = 24 * 3_600_000

/** POST /api/proposals/{id}/views: the page's first beacon; records one view of the proposal. */
export const VIEW_BEACON_BODY_LIMIT_BYTES = 1024
export const VIEW_BEACON_TOO_LARGE_MESSAGE = 'Request body is too large (limit 1 KB): a view beacon carries a visit id and a token'
export const viewBeaconBodySchema = z.strictObject({ visitId: visitIdSchema, token: beaconTokenSchema })
export type ViewBeaconBody = z.infer<typeof viewBeaconBodySchema>

/** 403 `beacon_token_invalid`: the token is forged, expired, or another proposal's or visitor's. */
export const BEACON_TOKEN_INVALID_MESSAGE = 'This beacon token is not valid for this proposal and visitor: open the proposal again'

/** Both beacons' answer, 202 (also when Do Not Track or the owner's own view meant nothing was kept). */
export const beaconResponseSchema = z.strictObject({ counted: z.boolean() })
export type BeaconResponse = z.infer<typeof beaconResponseSchema>

export const ENGAGEMENT_TOO_LARGE_MESSAGE = 'Request body is too large (limit 16 KB): send at most 50 engagement events per beacon'
const sequence = z.number().int().min(0).max(1_000_000)
const visibleMs = z.number().int().min(0).max(MAX_REPORTED_VISIBLE_MS)
const finite = z.number().finite()
/** A calculator parameter's name (SPEC §3: an identifier, camelCase). */
const inputName = z
  .string()
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'name must be a parameter name')
/** A figure's name: the timeframe or result it is (daily, monthly, yearly, roi …). */
const figureName = z
  .string()
  .max(32)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'figure names are words')

/** Each event has a sequence number unique within its visit: a beacon sent twice counts once. */
export const engagementEventSchema = z.discriminatedUnion('type', [
  /** Time the tab was visible since the previous heartbeat. */
  z.strictObject({ type: z.literal('heartbeat'), seq: sequence, visibleMs }),
  /** Time a section was on screen (while the tab was visible) since the previous report of it. */
  z.strictObject({ type: z.literal('section'), seq: sequence, section: z.enum(ENGAGEMENT_SECTIONS), visibleMs }),
  /** The prospect moved a calculator input: its value now, and the figures the page showed with it. */
  z.strictObject({
    type: z.literal('input'),
    seq: sequence,
    name: inputName,
    value: finite,
    figures: z
      .record(figureName, finite)
      .refine((figures) => Object.keys(figures).length <= ENGAGEMENT_MAX_FIGURES, `at most ${ENGAGEMENT_MAX_FIGURES} figures`)
      .optional(),
  }),
])
export type EngagementEvent = z.infer<typeof engagementEventSchema>

/** POST /api/track/engagement: a batch of one visit's engagement. */
export const engagementBeaconBodySchema = z.strictObject({
  proposalId: z.string().min(1).max(64),
  visitId: visitIdSchema,
  token: beaconTokenSchema,
  events: z.array(engagementEventSchema).min(1).max(ENGAGEMENT_MAX_EVENTS),
})
export type EngagementBeaconBody = z.infer<typeof engagementBeaconBodySchema>

/** POST /api/track/conversion: SPEC §1's conversion events, counted per day for the product owner. */
export const CONVERSION_EVENTS = ['SIGN_UP', 'CTA_CLICK'] as const
export const CONVERSION_BODY_LIMIT_BYTES = 1024
export const CONVERSION_TOO_LARGE_MESSAGE =
  'Request body is too large (limit 1 KB): a conversion carries an event, an amount and a currency'
export const conversionBodySchema = z.strictObject({
  event: z.enum(CONVERSION_EVENTS),
  amount: z.number().finite().nonnegative().max(CONVERSION_MAX_AMOUNT).optional(),
  currency: z.string().regex(CONVERSION_CURRENCY_PATTERN).optional(),
})
export type ConversionBody = z.infer<typeof conversionBodySchema>

/**
 * GET /api/live: Server-Sent Events for the signed-in user's open app. `proposal-viewed`: prospects
 * (never the owner) opened one of the user's proposals — `views` counted views since the last such
 * event for it, at most one a proposal per LIVE_VIEW_TOAST_INTERVAL_MS (decision 119); `viewedAt`
 * is the latest's time.
 */
export const LIVE_PROPOSAL_VIEWED_EVENT = 'proposal-viewed'
export const liveProposalViewedSchema = z.strictObject({ proposalId: z.string(), viewedAt: z.string(), views: z.number().int().positive() })
/** A proposal's first counted view is announced at once; the views after it within this are folded into one event at its end. */
export const LIVE_VIEW_TOAST_INTERVAL_MS = 60_000
export type LiveProposalViewed = z.infer<typeof liveProposalViewedSchema>
/** Open live streams per user on one gateway replica (tabs); the oldest is closed beyond it. */
export const LIVE_STREAMS_PER_USER = 8
/** A comment line keeps idle proxies from closing the stream. */
export const LIVE_KEEPALIVE_MS = 25_000
