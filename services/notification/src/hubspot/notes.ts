// The notes the service owes HubSpot deals. A prospect's move on a proposal is owed as an e-mail
// first (domain/mail-queue.ts); when the proposal is linked to a deal of the seller whose proposal it
// is, the same transaction owes the note, its id made from the mail's, so a redelivered event or a
// second round adds nothing.
import type { Tx } from '../db.ts'
import type { MailKind } from '../domain/mail-kinds.ts'
import type { OwedMail } from '../domain/mail-queue.ts'

/** The moves that become notes: opens, agreements and PDF downloads (never a verification or a digest). */
export const NOTED_KINDS: readonly MailKind[] = ['first_open', 'later_opens', 'agreed', 'pdf_downloaded']

function proposalIdOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('proposalId' in data)) return undefined
  return typeof data.proposalId === 'string' ? data.proposalId : undefined
}

/**
 * Owes the note of an owed mail when its proposal is linked by the mail's seller — the event's owner,
 * so a link made to someone else's proposal never receives anything. Answers whether it owed one.
 */
export async function oweHubspotNote<Kind extends MailKind>(
  tx: Tx,
  mail: Pick<OwedMail<Kind>, 'id' | 'userId' | 'kind' | 'data'>,
): Promise<boolean> {
  if (!NOTED_KINDS.includes(mail.kind)) return false
  const proposalId = proposalIdOf(mail.data)
  if (proposalId === undefined) return false
  const link = await tx.hubspotLink.findUnique({
    where: { userId_proposalId: { userId: mail.userId, proposalId } },
    select: { dealId: true },
  })
  if (link === null) return false
  const created = await tx.hubspotNote.createMany({
    data: [{ id: `hubspot-${mail.id}`, userId: mail.userId, proposalId, dealId: link.dealId, kind: mail.kind, data: mail.data }],
    skipDuplicates: true,
  })
  return created.count === 1
}
