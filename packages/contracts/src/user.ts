import { z } from 'zod'
import { passwordRules } from './password.ts'
import { emailLanguageSchema, optionalSellerEmailSchema } from './seller-email.ts'
import { storableString } from './storable-text.ts'

export const USERNAME_MAX_LENGTH = 64
export const PASSWORD_MAX_LENGTH = 256

/** Username: trimmed, required; uniqueness is case-insensitive (enforced by identity). */
export const usernameSchema = storableString({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(/^[^\p{C}]*$/u, 'Username must not contain control characters')

/** Login: both fields required, no rules beyond that (SPEC §5). */
export const loginBodySchema = z.object({
  username: usernameSchema,
  password: storableString({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
})
export type LoginBody = z.infer<typeof loginBodySchema>

/**
 * Register: the SPEC §5 password rules, each with its own message; an optional e-mail address for
 * notifications and the language of its e-mails (issue 39; identity reads Accept-Language when absent).
 */
export const registerBodySchema = z.object({
  username: usernameSchema,
  password: passwordRules.reduce(
    (schema, rule) => schema.refine(rule.test, rule.message),
    storableString({ error: 'Password is required' })
      .min(1, 'Password is required')
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  ),
  email: optionalSellerEmailSchema,
  language: emailLanguageSchema.optional(),
})
export type RegisterBody = z.infer<typeof registerBodySchema>

export const planSchema = z.enum(['free', 'pro'])
export type Plan = z.infer<typeof planSchema>

/** The user record of SPEC §3 as the API returns it. It never carries a password or its hash. */
export const userRecordSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  companyName: z.string().nullable(),
  companyLogo: z.string().nullable(),
  companyWebsite: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  plan: planSchema,
  calculatorsCreated: z.number().int(),
  calculatorsLimit: z.number().int(),
  customBranding: z.boolean(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  updatedAt: z.string(),
  /** The address for notifications as given, confirmed or not (issue 39). */
  email: z.string().nullable(),
  /** Whether its confirmation link was used: only then is mail sent to it. */
  emailVerified: z.boolean(),
  /** The language of the seller's e-mails. */
  language: emailLanguageSchema,
})
export type UserRecord = z.infer<typeof userRecordSchema>

/**
 * GET /api/session (issue 36): SPEC §3's session, the signed-in user's record or null for a visitor.
 * It answers 200 either way, so a signed-out page logs no failed request; GET /api/user keeps
 * SPEC §7's 401 for everyone else who asks.
 */
export const sessionAnswerSchema = z.object({ user: userRecordSchema.nullable() })
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>

const httpUrl = storableString()
  .trim()
  .max(2048, 'Company website must be at most 2048 characters')
  .refine((value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'http:' || url.protocol === 'https:'
    } catch {
      return false
    }
  }, 'Company website must be an http(s) URL')

// The seller's contact details, shown on their proposals (issue 15). They are not Pro branding:
// every plan edits them (SPEC §5 keeps only the company fields Pro-only).
export const CONTACT_NAME_MAX_LENGTH = 120
/** RFC 5321's longest forward path. */
export const CONTACT_EMAIL_MAX_LENGTH = 254
export const CONTACT_PHONE_MAX_LENGTH = 32
export const CONTACT_PHONE_MIN_DIGITS = 5
/** E.164 allows 15; extensions and national prefixes written out need a few more. */
export const CONTACT_PHONE_MAX_DIGITS = 20
/** The profile fields only a Pro user may change (SPEC §5). */
export const COMPANY_PROFILE_FIELDS = ['companyName', 'companyLogo', 'companyWebsite'] as const

/** Where identity serves uploaded logos: GET /api/logos/<key>. */
export const LOGO_URL_PREFIX = '/api/logos/'
const OWN_LOGO_PATH = /^\/api\/logos\/(?:\d+\/)?[A-Za-z0-9_-]+\.[a-z]+$/

/**
 * Whether a logo is one the product serves itself (issue 34): an uploaded logo under /api/logos/, or
 * the product's own mark. Another site's address is never shown to a prospect, so their browser
 * calls no one else; PATCH /api/profile stores an external logo as an upload first.
 */
export function isOwnLogoPath(logo: string): boolean {
  return logo === '/favicon.svg' || OWN_LOGO_PATH.test(logo)
}
export const CONTACT_PROFILE_FIELDS = ['contactName', 'contactEmail', 'contactPhone'] as const

// ASCII only and without '?' or '&': the address becomes a mailto: link on the proposal page.
const EMAIL_SHAPE = z.regexes.email
// Digits with the usual separators; a '+' only in front.
const PHONE_SHAPE = /^\+?[0-9 ()./-]+$/

const contactName = storableString()
  .trim()
  .max(CONTACT_NAME_MAX_LENGTH, `Contact name must be at most ${CONTACT_NAME_MAX_LENGTH} characters`)
  .regex(/^[^\p{C}]*$/u, 'Contact name must not contain control characters')

const contactEmail = storableString()
  .trim()
  .max(CONTACT_EMAIL_MAX_LENGTH, `Contact e-mail must be at most ${CONTACT_EMAIL_MAX_LENGTH} characters`)
  .refine((value) => value === '' || EMAIL_SHAPE.test(value), 'Contact e-mail must be an address like name@example.com')

const contactPhone = storableString()
  .trim()
  .max(CONTACT_PHONE_MAX_LENGTH, `Contact phone must be at most ${CONTACT_PHONE_MAX_LENGTH} characters`)
  .refine(
    (value) => value === '' || PHONE_SHAPE.test(value),
    'Contact phone may contain only digits, spaces, a leading + and the characters ( ) - . /',
  )
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length
    // One message per phone: a shape already refused above is not counted as well.
    return value === '' || !PHONE_SHAPE.test(value) || (digits >= CONTACT_PHONE_MIN_DIGITS && digits <= CONTACT_PHONE_MAX_DIGITS)
  }, `Contact phone must have ${CONTACT_PHONE_MIN_DIGITS} to ${CONTACT_PHONE_MAX_DIGITS} digits`)

/**
 * PATCH /api/profile. Every field optional (SPEC §5); an empty string clears the field. The company
 * fields are Pro only (identity enforces it); the contact fields are open to every plan.
 */
export const profileBodySchema = z
  .object({
    companyName: storableString().trim().max(200, 'Company name must be at most 200 characters').nullable().optional(),
    companyLogo: storableString().trim().max(2048, 'Company logo must be at most 2048 characters').nullable().optional(),
    companyWebsite: z
      .union([z.literal(''), httpUrl])
      .nullable()
      .optional(),
    contactName: contactName.nullable().optional(),
    contactEmail: contactEmail.nullable().optional(),
    contactPhone: contactPhone.nullable().optional(),
  })
  .strict()
export type ProfileBody = z.infer<typeof profileBodySchema>

/** POST /api/upload-logo answers the logo's URL. */
export const uploadLogoResponseSchema = z.object({ url: z.string() })

/** Every non-OK API answer carries a message (SPEC §7 reads `message`). */
export const errorBodySchema = z.object({ message: z.string() })
