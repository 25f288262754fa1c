// The seller's own e-mail address and language (issue 39): where, once confirmed by a signed link,
// the notification service writes to them, and in which language. Not the contact e-mail of their
// proposals (issue 15), which prospects see and nobody confirms.
import { z } from 'zod'
import { GENERATION_LANGUAGES } from './calculator.ts'
import { storableString } from './storable-text.ts'

/** RFC 5321's longest forward path. */
export const SELLER_EMAIL_MAX_LENGTH = 254
export const SELLER_EMAIL_SHAPE_MESSAGE = 'E-mail must be an address like name@example.com'

/** The languages e-mails are written in; a seller who never chose has English. */
export const EMAIL_LANGUAGES = GENERATION_LANGUAGES
export const emailLanguageSchema = z.enum(EMAIL_LANGUAGES, { error: () => `Language must be one of ${EMAIL_LANGUAGES.join(', ')}` })
export type EmailLanguage = z.infer<typeof emailLanguageSchema>

// ASCII only, and no '?', '&' or spaces: the address is written into mail headers as it is.
const EMAIL_SHAPE = z.regexes.email

/** The domain is case-insensitive (RFC 5321 §2.4), the local part is the receiving server's: only the domain is lower-cased. */
function lowerCaseDomain(address: string): string {
  const at = address.lastIndexOf('@')
  return address.slice(0, at) + address.slice(at).toLowerCase()
}

/** An address as the seller types it: trimmed, checked, its domain lower-cased. */
export const sellerEmailSchema = storableString({ error: 'E-mail is required' })
  .trim()
  .min(1, 'E-mail is required')
  .max(SELLER_EMAIL_MAX_LENGTH, `E-mail must be at most ${SELLER_EMAIL_MAX_LENGTH} characters`)
  // One message per address: an empty or overlong one is already refused above.
  .refine((value) => value === '' || value.length > SELLER_EMAIL_MAX_LENGTH || EMAIL_SHAPE.test(value), SELLER_EMAIL_SHAPE_MESSAGE)
  .transform(lowerCaseDomain)

/** Sign-up's optional address: left empty (or only spaces), it is none. */
export const optionalSellerEmailSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  sellerEmailSchema.optional(),
)

/** PUT /api/user/email: sets or changes the address; it is unconfirmed until its link is used. */
export const sellerEmailBodySchema = z.object({ email: sellerEmailSchema }).strict()
export type SellerEmailBody = z.infer<typeof sellerEmailBodySchema>

/** PUT /api/user/language: the language of the seller's e-mails. */
export const emailLanguageBodySchema = z.object({ language: emailLanguageSchema }).strict()
export type EmailLanguageBody = z.infer<typeof emailLanguageBodySchema>

/** GET /api/user/email/verify?token=…: the link's token (base64url of 32 random bytes). */
export const emailVerifyQuerySchema = z.object({ token: z.string().max(128) })

/** Where GET /api/user/email/verify sends the browser: /settings with the outcome. */
export const EMAIL_VERIFY_PATH = '/api/user/email/verify'
export const EMAIL_VERIFIED_REDIRECT = '/settings?email=verified'
export const EMAIL_INVALID_REDIRECT = '/settings?email=invalid'
