// The seller's e-mail notifications (issue 39): which kinds they receive, the one-click unsubscribe,
// and the development-only mailbox of `npm start` without an SMTP server.
import { z } from 'zod'

/** The e-mails a seller can turn off, each on until they do. */
export const NOTIFICATION_KINDS = ['firstOpen', 'laterOpens', 'agreed', 'pdfDownloaded', 'weeklyDigest'] as const
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS)
export type NotificationKind = z.infer<typeof notificationKindSchema>

/** GET and PUT /api/notifications/settings answer the whole set. */
export const notificationSettingsSchema = z.object({
  firstOpen: z.boolean(),
  laterOpens: z.boolean(),
  agreed: z.boolean(),
  pdfDownloaded: z.boolean(),
  weeklyDigest: z.boolean(),
})
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>

/** PUT /api/notifications/settings: the kinds to change, at least one. */
export const updateNotificationSettingsBodySchema = notificationSettingsSchema
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Name at least one kind of e-mail to turn on or off')
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBodySchema>

/**
 * The signed token of an e-mail's unsubscribe link: `?token=` on GET (what it would turn off) and on
 * POST /api/notifications/unsubscribe (turns it off; a mail client's one-click POST, RFC 8058, sends
 * the form body `List-Unsubscribe=One-Click`, which is ignored).
 */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(512) })
export const unsubscribeAnswerSchema = z.object({ kind: notificationKindSchema, unsubscribed: z.boolean() })
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>

/** GET /api/dev/mailbox: the local mailbox's e-mails, newest first (only without SMTP_URL, on DEV_MAILBOX_PAGE). */
export const devMailboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      language: z.enum(['en', 'sv']),
      text: z.string(),
      html: z.string(),
      date: z.string(),
    }),
  ),
})
export type DevMailbox = z.infer<typeof devMailboxSchema>

/** GET /api/notifications/dead-letters (the operator's token only): e-mails given up, newest first. */
export const deadLettersSchema = z.object({
  mails: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      userId: z.number().int(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
})
export type DeadLetters = z.infer<typeof deadLettersSchema>
