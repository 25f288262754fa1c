// The e-mails the service owes. A consumer writes one in the transaction that records its event, with
// an id made from the event's, so a redelivered event finds the row already there and adds nothing.
import type { Tx } from '../db.ts'
import { oweHubspotNote } from '../hubspot/notes.ts'
import type { MailData, MailKind } from './mail-kinds.ts'

export interface OwedMail<Kind extends MailKind> {
  /** Stable per logical e-mail: `<kind>-<event id>` or `<kind>-<what it gathers>`. */
  id: string
  userId: number
  kind: Kind
  data: MailData<Kind>
  /** Only a verification has an address of its own. */
  address?: string
  /** When it may go (default: now). */
  notBefore?: Date
}

/** Owes `mail` unless it is owed (or was sent) already; true when this call added it. */
export async function oweMail<Kind extends MailKind>(tx: Tx, mail: OwedMail<Kind>): Promise<boolean> {
  const created = await tx.mail.createMany({
    data: [
      {
        id: mail.id,
        userId: mail.userId,
        kind: mail.kind,
        address: mail.address ?? null,
        data: mail.data,
        ...(mail.notBefore === undefined ? {} : { nextAttemptAt: mail.notBefore }),
      },
    ],
    skipDuplicates: true,
  })
  // The same move becomes a note on the proposal's HubSpot deal, when it is linked.
  if (created.count === 1) await oweHubspotNote(tx, mail)
  return created.count === 1
}
