// The e-mails the service sends and what each one carries (stored as the mail row's `data`).
import type { NotificationKind } from '@valueproof/contracts'
import { z } from 'zod'

export const MAIL_KINDS = ['verify', 'first_open', 'later_opens', 'agreed', 'pdf_downloaded', 'weekly_digest', 'webhook_disabled'] as const
export type MailKind = (typeof MAIL_KINDS)[number]

/** The setting that turns each kind off; a verification and a disabled webhook's notice cannot be turned off. */
export const SETTING_OF: Record<MailKind, NotificationKind | undefined> = {
  verify: undefined,
  first_open: 'firstOpen',
  later_opens: 'laterOpens',
  agreed: 'agreed',
  pdf_downloaded: 'pdfDownloaded',
  weekly_digest: 'weeklyDigest',
  webhook_disabled: undefined,
}

const proposal = { proposalId: z.string(), title: z.string() }

export const mailDataSchemas = {
  verify: z.object({ verifyPath: z.string(), language: z.enum(['en', 'sv']) }),
  first_open: z.object(proposal),
  later_opens: z.object({ ...proposal, opens: z.number().int().positive() }),
  agreed: z.object({
    ...proposal,
    scenario: z.string(),
    /** Absent when the calculator shows none; below zero for a net cost. */
    yearlyValue: z.number().optional(),
    currency: z.string(),
    agreedByName: z.string(),
  }),
  pdf_downloaded: z.object({ ...proposal, scenario: z.string() }),
  weekly_digest: z.object({
    /** The Monday the digest's week began (UTC day, YYYY-MM-DD). */
    weekStart: z.string(),
    proposals: z.array(z.object({ ...proposal, views: z.number().int().nonnegative() })),
  }),
  /** A webhook endpoint the service stopped sending to after a day of failed deliveries. */
  webhook_disabled: z.object({ endpointId: z.string(), url: z.string(), reason: z.string() }),
} satisfies Record<MailKind, z.ZodType>

export type MailData<Kind extends MailKind> = z.infer<(typeof mailDataSchemas)[Kind]>

/** A mail as the sender reads it: its kind and its data, checked together. */
export type TypedMail = { [Kind in MailKind]: { kind: Kind; data: MailData<Kind> } }[MailKind]

export function typedMail(kind: string, data: unknown): TypedMail | undefined {
  const known = (MAIL_KINDS as readonly string[]).includes(kind) ? (kind as MailKind) : undefined
  if (known === undefined) return undefined
  const parsed = mailDataSchemas[known].safeParse(data)
  return parsed.success ? ({ kind: known, data: parsed.data } as TypedMail) : undefined
}
