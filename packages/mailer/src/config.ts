import { z } from 'zod'

export const SMTP_URL_MESSAGE = 'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587'
export const MAIL_FROM_MESSAGE = 'MAIL_FROM must be an address, optionally with a name: ValueProof <notifications@example.com>'

const FROM = /^(?:[^<>@]*<[^<>@\s]+@[a-z0-9.-]+>|[^<>@\s]+@[a-z0-9.-]+)$/i

/**
 * The mail settings, spread into the schema of each deployable that sends e-mail. Without SMTP_URL
 * the e-mails go to the local mailbox under the data folder (`npm start`).
 */
export const mailEnv = {
  SMTP_URL: z
    .string()
    .optional()
    .transform((text) => (text === undefined || text.trim() === '' ? undefined : text.trim()))
    .refine((url) => url === undefined || /^smtps?:\/\/[^/\s]+\/?$/.test(url), SMTP_URL_MESSAGE),
  MAIL_FROM: z
    .string()
    .trim()
    .default('ValueProof <notifications@valueproof.localhost>')
    .refine((from) => FROM.test(from), MAIL_FROM_MESSAGE),
}
