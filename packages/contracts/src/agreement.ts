// The prospect's agreement (issue 20): "These numbers work for us" with a name and an e-mail. The
// proposal service freezes the scenario and the values shown, with a hash of the calculator
// definition and those values; the proposal then shows the agreed figures to anyone with the link.
import { SCENARIOS } from '@valueproof/formula'
import { z } from 'zod'
import { storableString } from './storable-text.ts'

export const AGREEMENT_NAME_MAX_LENGTH = 120
export const AGREEMENT_EMAIL_MAX_LENGTH = 254
/** A calculator has at most this many inputs worth agreeing on; more names in `values` are refused. */
export const AGREEMENT_MAX_VALUES = 100

export const AGREEMENT_NAME_REQUIRED_MESSAGE = 'Please enter your name'
export const AGREEMENT_EMAIL_MESSAGE = 'Please enter your e-mail address, like name@example.com'
/** POST /api/proposals/{id}/agreement on a proposal that has one already (409). */
export const PROPOSAL_ALREADY_AGREED_MESSAGE = 'These numbers have already been agreed to.'
/** PATCH, revoke or DELETE of an agreed proposal (409): the agreed version stays as it is. */
export const PROPOSAL_AGREED_LOCKED_MESSAGE =
  'This proposal was agreed to. Create a new version to change it; the agreed version stays readable.'
/** A value whose name is not an input of the proposal's calculator (400). */
export const AGREEMENT_UNKNOWN_INPUT_MESSAGE = 'values names an input this calculator does not have'
/** An agreement on a proposal without a calculator that can be shown (400). */
export const AGREEMENT_NO_CALCULATOR_MESSAGE = 'This proposal has no calculator to agree to'
/** The owner agreeing to their own proposal (403): only the prospect's agreement means anything. */
export const AGREEMENT_OWN_PROPOSAL_MESSAGE = 'This is your own proposal: the prospect agrees to its numbers from the link you share.'
/** POST /api/proposals/{id}/versions on a proposal nobody agreed to (409): change it, or duplicate it. */
export const PROPOSAL_VERSION_NOT_AGREED_MESSAGE = 'Only an agreed proposal gets a new version. Change this one directly, or duplicate it.'
/**
 * POST /api/proposals/{id}/versions when the proposal has its next version already (409, issue 34):
 * one per agreed proposal. A retry of the request that made it (the same Idempotency-Key) answers
 * that version again (200).
 */
export const PROPOSAL_VERSION_EXISTS_MESSAGE =
  'This proposal has its new version already. Open it from your proposals: an agreed proposal has one next version.'
/** The Idempotency-Key of POST /api/proposals/{id}/versions: what makes a request a retry of another. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 8 to 128 letters, digits or the characters _ . : -'
/** POST /api/proposals/{id}/agreement: a name, an e-mail, a scenario and at most AGREEMENT_MAX_VALUES values fit in this. */
export const AGREEMENT_BODY_LIMIT_BYTES = 16 * 1024
export const AGREEMENT_TOO_LARGE_MESSAGE = 'Request body is too large (limit 16 KB): send the name, the e-mail, the scenario and the values'

const EMAIL_SHAPE = z.regexes.email

/** conservative, expected or optimistic (formula's SCENARIOS). */
export const scenarioSchema = z.enum(SCENARIOS, { error: () => `scenario must be one of ${SCENARIOS.join(', ')}` })
const scenarioField = scenarioSchema

/** The input values on the prospect's screen, by input name: finite numbers only. */
export const calculatorValuesSchema = z
  .record(
    z.string().max(64, 'an input name has at most 64 characters'),
    z.number({ error: 'values must be numbers' }).refine(Number.isFinite, { error: 'values must be finite numbers' }),
  )
  .refine((values) => Object.keys(values).length <= AGREEMENT_MAX_VALUES, `values has at most ${AGREEMENT_MAX_VALUES} inputs`)

/** POST /api/proposals/{id}/agreement (with ?code= when the proposal has an access code). */
export const agreementBodySchema = z.strictObject({
  name: storableString({ error: AGREEMENT_NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, AGREEMENT_NAME_REQUIRED_MESSAGE)
    .max(AGREEMENT_NAME_MAX_LENGTH, `Your name must be at most ${AGREEMENT_NAME_MAX_LENGTH} characters`)
    .regex(/^[^\p{C}]*$/u, 'Your name must not contain control characters'),
  email: storableString({ error: AGREEMENT_EMAIL_MESSAGE })
    .trim()
    .max(AGREEMENT_EMAIL_MAX_LENGTH, `Your e-mail must be at most ${AGREEMENT_EMAIL_MAX_LENGTH} characters`)
    .refine((value) => EMAIL_SHAPE.test(value), AGREEMENT_EMAIL_MESSAGE),
  scenario: scenarioField,
  values: calculatorValuesSchema,
  /**
   * The optional pricing lines the prospect ticked (issue 37): with them the agreed figures use the
   * quote's price as the page showed it. Absent: the seller's own choice of optional lines.
   */
  options: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'options must be the ids of optional pricing lines'), {
      error: 'options must be the ids of optional pricing lines',
    })
    .max(50, 'options names at most 50 lines')
    .optional(),
})
export type AgreementBody = z.output<typeof agreementBodySchema>

/** The figures frozen with an agreement, computed by the proposal service with @valueproof/formula. */
export const agreedFiguresSchema = z.object({
  /** The value per year in the calculator's baseCurrency; null for a calculator without one (value calculators). */
  yearlyValue: z.number().nullable(),
  /** Months until the value pays the cost back; null without a payback. */
  paybackMonths: z.number().nullable(),
  /** False when the value never pays the cost back within the horizon. */
  paidBack: z.boolean().nullable(),
  /** The payback is SPEC §9's estimate (no seller price). */
  paybackEstimate: z.boolean(),
})
export type AgreedFigures = z.infer<typeof agreedFiguresSchema>

/**
 * The agreement as the proposal's answer carries it: to anyone with the link, what the page shows
 * (scenario, values, figures, date, hash, and whether the stored record still matches its hash);
 * the owner's answer adds who agreed.
 */
export const agreementSchema = z.object({
  scenario: scenarioField,
  values: z.record(z.string(), z.number()),
  figures: agreedFiguresSchema,
  agreedAt: z.string(),
  /** SHA-256 (hex) of the canonical JSON of the calculator definition and the values. */
  hash: z.string(),
  /** Whether the stored definition and values still give `hash` (false: the record was altered). */
  verified: z.boolean(),
  /** The owner's answer only. */
  name: z.string().optional(),
  email: z.string().optional(),
})
export type Agreement = z.infer<typeof agreementSchema>

/**
 * GET /api/live's `proposal-agreed` event: a prospect agreed to one of the user's proposals. The
 * app refetches the proposal for who agreed; the stream carries no personal data.
 */
export const LIVE_PROPOSAL_AGREED_EVENT = 'proposal-agreed'
export const liveProposalAgreedSchema = z.strictObject({ proposalId: z.string(), agreedAt: z.string(), scenario: scenarioField })
export type LiveProposalAgreed = z.infer<typeof liveProposalAgreedSchema>

/** GET /api/proposals/{id}/pdf: the query's values (JSON, URL-encoded) fit in this many characters. */
export const PDF_VALUES_MAX_LENGTH = 4_000
