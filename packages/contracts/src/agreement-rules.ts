// Who may agree to a proposal, and agreements the seller released (issue 34, docs/decisions/123):
// a stranger's "These numbers work for us" cannot hold a proposal hostage. The seller chooses who
// may agree — anyone with the link (the default) or only e-mail addresses they named — and may
// release an agreement they did not expect: it stays in the proposal's history, marked released,
// and the proposal is open to a new agreement without a new version.
import { z } from 'zod'
import { agreedFiguresSchema, AGREEMENT_EMAIL_MAX_LENGTH, scenarioSchema } from './agreement.ts'
import { storableString } from './storable-text.ts'

export const WHO_MAY_AGREE = ['anyone', 'listed'] as const
export type WhoMayAgree = (typeof WHO_MAY_AGREE)[number]

/** The most e-mail addresses a seller may name (a buying committee, not a mailing list). */
export const AGREEMENT_EMAILS_MAX = 20

export const AGREEMENT_EMAILS_REQUIRED_MESSAGE = 'Name at least one e-mail address that may agree, or let anyone with the link agree'
export const AGREEMENT_EMAILS_TOO_MANY_MESSAGE = `Name at most ${AGREEMENT_EMAILS_MAX} e-mail addresses`
export const AGREEMENT_LISTED_EMAIL_MESSAGE = 'Each e-mail address must look like name@example.com'
/** POST /api/proposals/{id}/agreement from an e-mail address the seller did not name (403); nothing is stored. */
export const AGREEMENT_NOT_LISTED_MESSAGE =
  'The sender named who may agree to this proposal, and this e-mail address is not one of them. Use the address the proposal was sent to, or ask the sender.'
/** POST /api/proposals/{id}/agreement/release when nobody agreed (409). */
export const NO_AGREEMENT_TO_RELEASE_MESSAGE = 'Nobody has agreed to this proposal: there is no agreement to release.'

/** An e-mail address as the list keeps it: trimmed and lower-case, so the comparison ignores case. */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase()
}

const listedEmail = storableString({ error: AGREEMENT_LISTED_EMAIL_MESSAGE })
  .trim()
  .max(AGREEMENT_EMAIL_MAX_LENGTH, AGREEMENT_LISTED_EMAIL_MESSAGE)
  .refine((value) => z.regexes.email.test(value), AGREEMENT_LISTED_EMAIL_MESSAGE)
  .transform(normalizedEmail)

/**
 * PATCH /api/proposals/{id}/agreement-rule (the owner only): who may agree from now on. Allowed on
 * an agreed proposal too: it changes nothing that was agreed, and a seller who releases an
 * unexpected agreement can restrict the proposal before or after. Duplicates are dropped.
 */
export const agreementRuleBodySchema = z.discriminatedUnion(
  'whoMayAgree',
  [
    z.strictObject({ whoMayAgree: z.literal('anyone') }),
    z.strictObject({
      whoMayAgree: z.literal('listed'),
      emails: z
        .array(listedEmail, { error: AGREEMENT_EMAILS_REQUIRED_MESSAGE })
        .min(1, AGREEMENT_EMAILS_REQUIRED_MESSAGE)
        .max(AGREEMENT_EMAILS_MAX, AGREEMENT_EMAILS_TOO_MANY_MESSAGE)
        .transform((emails) => [...new Set(emails)]),
    }),
  ],
  { error: () => `whoMayAgree must be one of ${WHO_MAY_AGREE.join(', ')}` },
)
export type AgreementRuleBody = z.output<typeof agreementRuleBodySchema>

/** Who may agree as the owner reads it back (`emails` is empty for anyone). */
export const agreementRuleSchema = z.object({ whoMayAgree: z.enum(WHO_MAY_AGREE), emails: z.array(z.string()) })
export type AgreementRule = z.infer<typeof agreementRuleSchema>

/**
 * An agreement the seller released, in the owner's answer (`releasedAgreements`, newest first) and
 * the release call's: what was agreed, when, by whom, and when it was released. `verified` is
 * recomputed from the stored record as for an agreement in force: releasing changes nothing of it.
 */
export const releasedAgreementSchema = z.object({
  scenario: scenarioSchema,
  values: z.record(z.string(), z.number()),
  figures: agreedFiguresSchema,
  agreedAt: z.string(),
  releasedAt: z.string(),
  hash: z.string(),
  verified: z.boolean(),
  name: z.string(),
  email: z.string(),
})
export type ReleasedAgreement = z.infer<typeof releasedAgreementSchema>
