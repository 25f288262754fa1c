// /dev/mailbox's one search parameter: the e-mail open beside the list (the newest when none is named).
import { z } from 'zod'

export const mailboxSearchSchema = z.object({
  id: z.string().min(1).max(200).optional().catch(undefined),
})
export type MailboxSearch = z.infer<typeof mailboxSearchSchema>
