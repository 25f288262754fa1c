// The proposal calls of SPEC §7 (requests and answers), the product's default branding (SPEC §4/§9)
// and the shape of proposal ids (ARCHITECTURE: unguessable, at least 128 bits of randomness).
import { z } from 'zod'
import { agreementSchema, calculatorValuesSchema } from './agreement.ts'
import { releasedAgreementSchema, WHO_MAY_AGREE } from './agreement-rules.ts'
import { beaconTokenSchema } from './engagement.ts'
import type { ProposalDocument } from './proposal-document/model.ts'
import { refineStorableJson, storableString } from './storable-text.ts'

/** SPEC §5: sharing needs a non-empty trimmed name. */
export const PROPOSAL_TITLE_REQUIRED_MESSAGE = 'Please enter a name for the calculator'
export const PROPOSAL_TITLE_MAX_LENGTH = 200
export const ACCESS_CODE_MAX_LENGTH = 128
/** An access code shorter than this is refused (guessing a short one takes few attempts; decision 091). */
export const ACCESS_CODE_MIN_LENGTH = 6
export const ACCESS_CODE_TOO_SHORT_MESSAGE = `The access password must be at least ${ACCESS_CODE_MIN_LENGTH} characters`
/**
 * An access code among the 10,000 most common passwords (400, issue 34): the proposal service holds
 * the list (it is never sent to a browser); the Share dialog offers a generated code instead.
 */
export const ACCESS_CODE_TOO_COMMON_MESSAGE = 'This access code is too common. Choose another or use a generated one.'

/** What is wrong with an access code as entered (trimmed; empty means none), for the server and the Share dialog. */
export function accessCodeProblem(code: string): string | undefined {
  const trimmed = code.trim()
  return trimmed !== '' && trimmed.length < ACCESS_CODE_MIN_LENGTH ? ACCESS_CODE_TOO_SHORT_MESSAGE : undefined
}
/** The share request's free text (SPEC §3 'content'). */
export const PROPOSAL_CONTENT_MAX_LENGTH = 200_000
/** The generation request's input: the user's description, or a document's extracted text. */
export const PROPOSAL_INPUT_MAX_LENGTH = 200_000
/**
 * A proposal's calculator as JSON, at most (docs/decisions/120). The samples' calculators are 1.4 to
 * 4.4 KB (issue 34): room for an edited one with many inputs, never a megabyte of filler.
 */
export const CALCULATOR_DATA_MAX_BYTES = 64 * 1024
export const CALCULATOR_DATA_TOO_LARGE_MESSAGE = `calculatorData must be at most ${CALCULATOR_DATA_MAX_BYTES / 1024} KB as JSON`
/**
 * The body of POST /api/proposals and /api/proposals/generate, at most (the gateway's limit and the
 * service's): a calculator of up to 64 KB with up to 200,000 characters of text. The samples'
 * largest is 172 KB (a 161,000-character Swedish procurement document shared with its text).
 */
export const PROPOSAL_BODY_LIMIT_BYTES = 320 * 1024
export const PROPOSAL_TOO_LARGE_MESSAGE = 'Request body is too large (limit 320 KB): the calculator and its text must fit in 320 KB'

/** SPEC §3 templateType of a generated proposal (the 'Professional Business Proposal' and 'Executive Brief' cards). */
export const PROPOSAL_TEMPLATE_TYPES = ['standard', 'executive'] as const
export type ProposalTemplateType = (typeof PROPOSAL_TEMPLATE_TYPES)[number]

/** 16 random bytes as base64url: 22 characters, 128 bits. */
export const PROPOSAL_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

export function isProposalId(value: string): boolean {
  return PROPOSAL_ID_PATTERN.test(value)
}

export interface Branding {
  companyName: string
  companyLogo: string
  companyWebsite: string
}

/** Where the product lives when no PUBLIC_ORIGIN is configured. */
export const PRODUCT_WEBSITE = 'https://valueproof.app'

/**
 * SPEC §4/§9: a Free user's proposals carry the product's own name, logo and site. The logo is
 * the web app's own icon (web/public/favicon.svg), a path on the site that serves the proposal.
 */
export function productBranding(publicOrigin?: string): Branding {
  return {
    companyName: 'ValueProof',
    companyLogo: '/favicon.svg',
    companyWebsite: publicOrigin ? new URL(publicOrigin).origin : PRODUCT_WEBSITE,
  }
}

/** What a revoked or expired proposal's link answers (410), and what its page says. */
export const PROPOSAL_UNAVAILABLE_MESSAGE = 'This proposal is no longer available.'
/** The owner's calls on someone else's id or a missing one: the same 404, so neither is confirmed. */
export const OWN_PROPOSAL_NOT_FOUND_MESSAGE = 'Proposal not found. It may have been deleted.'
export const PROPOSAL_RENAME_TITLE_REQUIRED_MESSAGE = 'Please enter a title for the proposal'
export const PROPOSAL_UPDATE_EMPTY_MESSAGE = 'Nothing to change: send a title, an expiresAt, scenarios, or several of them'
export const PROPOSAL_EXPIRES_AT_MESSAGE =
  'expiresAt must be a date and time in ISO 8601 with a time zone (e.g. 2026-12-31T23:59:59Z), or null for none'
/** Appended to a duplicate's title (the whole title kept within PROPOSAL_TITLE_MAX_LENGTH). */
export const PROPOSAL_COPY_SUFFIX = ' (copy)'

/** Whether prospects can open a proposal's link: not after the owner revoked it, nor from its expiry on. */
export type ProposalAvailability = 'available' | 'revoked' | 'expired'

export function proposalAvailability(
  proposal: { revokedAt: Date | string | null; expiresAt: Date | string | null },
  now: Date,
): ProposalAvailability {
  if (proposal.revokedAt !== null) return 'revoked'
  if (proposal.expiresAt !== null && new Date(proposal.expiresAt).getTime() <= now.getTime()) return 'expired'
  return 'available'
}

/** An optional expiry: an ISO 8601 date-time with its zone, or null (none). A past one ends the link at once. */
const expiresAtField = z
  .union([z.iso.datetime({ offset: true, error: PROPOSAL_EXPIRES_AT_MESSAGE }), z.null()], { error: PROPOSAL_EXPIRES_AT_MESSAGE })
  .transform((value) => (value === null ? null : new Date(value)))

/**
 * About a value's size as UTF-8 JSON (escapes aside), counted without recursion and given up once
 * past `limit`: a nesting thousands deep must not exhaust the stack as JSON.stringify would.
 */
function jsonByteLength(value: unknown, limit: number): number {
  const encoder = new TextEncoder()
  const pending: unknown[] = [value]
  let total = 0
  while (pending.length > 0 && total <= limit) {
    const next = pending.pop()
    if (typeof next === 'string') total += encoder.encode(next).length + 2
    else if (Array.isArray(next)) {
      total += 1 + next.length
      for (const item of next as unknown[]) pending.push(item)
    } else if (typeof next === 'object' && next !== null) {
      const entries = Object.entries(next)
      total += 1 + entries.length
      for (const [key, item] of entries) {
        total += encoder.encode(key).length + 3
        pending.push(item)
      }
    } else total += String(next).length
  }
  return total
}

// Checked by the proposal service with validateCalculatorData from @valueproof/formula, which
// lists every problem; here only its presence and that all its text can be stored.
const calculatorDataField = z
  .unknown()
  .refine((value) => value !== undefined && value !== null, 'calculatorData is required')
  .refine((value) => jsonByteLength(value, CALCULATOR_DATA_MAX_BYTES) <= CALCULATOR_DATA_MAX_BYTES, CALCULATOR_DATA_TOO_LARGE_MESSAGE)
  .superRefine(refineStorableJson)

const accessCodeField = storableString({ error: 'accessCode must be text' })
  .trim()
  .max(ACCESS_CODE_MAX_LENGTH, `accessCode must be at most ${ACCESS_CODE_MAX_LENGTH} characters`)
  .nullish()
  // An empty password means none (SPEC §2: the access password is optional).
  .transform((value) => (value === undefined || value === null || value === '' ? null : value))

/**
 * POST /api/proposals: share a calculator as a published proposal. A missing or blank title
 * answers exactly SPEC §5's message (checked on the object so the message has no field prefix).
 */
export const createProposalBodySchema = z
  .object({
    title: storableString({ error: PROPOSAL_TITLE_REQUIRED_MESSAGE }).nullish(),
    content: storableString({ error: 'content must be text' })
      .max(PROPOSAL_CONTENT_MAX_LENGTH, `content must be at most ${PROPOSAL_CONTENT_MAX_LENGTH.toLocaleString('en-US')} characters`)
      .nullish()
      .transform((value) => value ?? ''),
    calculatorData: calculatorDataField,
    accessCode: accessCodeField,
    /** When the link stops opening for prospects (optional; the owner can change it later). */
    expiresAt: expiresAtField.optional().transform((value) => value ?? null),
  })
  .superRefine((body, context) => {
    const title = body.title?.trim() ?? ''
    if (title === '') context.addIssue({ code: 'custom', message: PROPOSAL_TITLE_REQUIRED_MESSAGE })
    else if (title.length > PROPOSAL_TITLE_MAX_LENGTH) {
      context.addIssue({ code: 'custom', message: `The name must be at most ${PROPOSAL_TITLE_MAX_LENGTH} characters` })
    }
    const accessCodeIssue = body.accessCode === null ? undefined : accessCodeProblem(body.accessCode)
    if (accessCodeIssue !== undefined) context.addIssue({ code: 'custom', message: accessCodeIssue })
  })
  .transform((body) => ({ ...body, title: body.title?.trim() ?? '' }))
export type CreateProposalBody = z.output<typeof createProposalBodySchema>

/** POST /api/proposals/generate: the sections are written from the calculator and the input. */
export const generateProposalBodySchema = z.object({
  calculatorData: calculatorDataField,
  /** The user's words about the service: the description, or the extracted text of the document. */
  input: storableString({ error: 'input must be text: the description or the document text the calculator came from' })
    .max(PROPOSAL_INPUT_MAX_LENGTH, `input must be at most ${PROPOSAL_INPUT_MAX_LENGTH.toLocaleString('en-US')} characters`)
    .nullish()
    .transform((value) => value ?? ''),
  templateType: z.enum(PROPOSAL_TEMPLATE_TYPES, { error: () => `templateType must be one of ${PROPOSAL_TEMPLATE_TYPES.join(', ')}` }),
})
export type GenerateProposalBody = z.output<typeof generateProposalBodySchema>

/**
 * The seller's conservative and optimistic input values (issue 20), by input name; the expected
 * scenario is the seller's own values. The proposal service checks the names against the calculator.
 */
export const proposalScenariosSchema = z.strictObject(
  { conservative: calculatorValuesSchema, optimistic: calculatorValuesSchema },
  { error: 'scenarios must be an object with conservative and optimistic values, or null' },
)
export type ProposalScenarios = z.infer<typeof proposalScenariosSchema>

/**
 * PATCH /api/proposals/{id}: the owner renames the proposal, sets or clears its expiry, and/or sets
 * its scenarios (null: back to the derived ones). Unknown fields are refused, so a change the call
 * cannot make is never silently dropped. An agreed proposal answers 409 to every change.
 */
export const updateProposalBodySchema = z
  .strictObject({
    title: storableString({ error: PROPOSAL_RENAME_TITLE_REQUIRED_MESSAGE })
      .trim()
      .min(1, PROPOSAL_RENAME_TITLE_REQUIRED_MESSAGE)
      .max(PROPOSAL_TITLE_MAX_LENGTH, `The title must be at most ${PROPOSAL_TITLE_MAX_LENGTH} characters`)
      .optional(),
    expiresAt: expiresAtField.optional(),
    scenarios: proposalScenariosSchema.nullable().optional(),
  })
  .refine((body) => body.title !== undefined || body.expiresAt !== undefined || body.scenarios !== undefined, PROPOSAL_UPDATE_EMPTY_MESSAGE)
export type UpdateProposalBody = z.output<typeof updateProposalBodySchema>

/** The answer of both creating calls: SPEC §7 reads `id`. */
export const createdProposalSchema = z.object({ id: z.string() })

/**
 * GET /api/proposals: one entry per proposal of the signed-in user, newest first: SPEC §2's four
 * fields, when its link stops or stopped opening (the owner's list marks revoked and expired ones),
 * its views, its version and when a prospect agreed to it. The answers of PATCH and revoke are the
 * same entry.
 */
export const proposalListEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  accessCode: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /**
   * How many times prospects opened the proposal: every opening by anyone but its owner (signed
   * out or signed in as someone else), counted a moment after it happened; the owner's own are not.
   */
  views: z.number().int().nonnegative(),
  /** 1 for a first proposal, n + 1 for a new version of an agreed one (issue 20). */
  version: z.number().int().positive(),
  /** When a prospect agreed to its figures; null when nobody has. An agreed proposal is locked. */
  agreedAt: z.string().nullable(),
})
export type ProposalListEntry = z.infer<typeof proposalListEntrySchema>

/** The written sections of a proposal record (SPEC §3), in the document's order. */
export const PROPOSAL_SECTIONS = [
  'executiveSummary',
  'problemStatement',
  'solutionOverview',
  'valueProposition',
  'callToAction',
  'contactInformation',
] as const

/**
 * GET /api/proposals/{id}: the proposal record of SPEC §3. The owner's answer has every field; a
 * visitor's has exactly what the proposal page shows (issue 15): no access code, no owner id, no
 * extracted document text (`content`), no bookkeeping flags or update time.
 */
export const proposalRecordSchema = z.object({
  id: z.string(),
  /** The owner's id: in the owner's answer only. */
  userId: z.number().int().optional(),
  title: z.string(),
  executiveSummary: z.string().nullable(),
  problemStatement: z.string().nullable(),
  solutionOverview: z.string().nullable(),
  valueProposition: z.string().nullable(),
  callToAction: z.string().nullable(),
  contactInformation: z.string().nullable(),
  calculatorData: z.unknown(),
  /** The share request's text or the uploaded document's extracted text: the owner's answer only. */
  content: z.string().nullable().optional(),
  isTemplate: z.boolean().optional(),
  isPublished: z.boolean().optional(),
  accessCode: z.string().nullable().optional(),
  templateType: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  /** When the link stops or stopped opening, and when the owner revoked it: the owner's answer only. */
  expiresAt: z.string().nullable().optional(),
  revokedAt: z.string().nullable().optional(),
  /** 1 for a first proposal; an agreed proposal is changed by making version n + 1 (issue 20). */
  version: z.number().int().positive().optional(),
  /** The version this one was made from, when it is a new version of an agreed proposal. */
  previousVersionId: z.string().nullable().optional(),
  /** The prospect's agreement to the figures, when there is one (issue 20). */
  agreement: agreementSchema.nullable().optional(),
  /** Who may agree (issue 34): anyone with the link, or only the e-mail addresses the seller named. */
  whoMayAgree: z.enum(WHO_MAY_AGREE).optional(),
  /** Those addresses: the owner's answer only (a prospect never sees who else was named). */
  agreementEmails: z.array(z.string()).optional(),
  /** Agreements the seller released, newest first: the owner's answer only. */
  releasedAgreements: z.array(releasedAgreementSchema).optional(),
  /**
   * What the prospect's page and the PDF render (issue 37): the seller's last publication, or the
   * document made from the written sections before the first one.
   */
  document: z.custom<ProposalDocument>(),
})
export type ProposalRecord = z.infer<typeof proposalRecordSchema>

/**
 * GET /api/proposals/{id}'s answer: the record, with the beacon token signed for this opening
 * (issue 19). The page's view and engagement beacons carry the token back; no other answer has one.
 */
export const openedProposalSchema = proposalRecordSchema.extend({ beaconToken: beaconTokenSchema })
export type OpenedProposal = z.infer<typeof openedProposalSchema>
