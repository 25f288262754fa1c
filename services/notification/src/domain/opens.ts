// A prospect's counted view of a proposal becomes, for its owner: one e-mail on the first open ever,
// and later opens gathered for a while into one e-mail ("opened 3 more times"); every counted view
// also adds to the proposal's day for the weekly digest.
import { qualifiedTable } from '@valueproof/db'
import type { Tx } from '../db.ts'
import { oweMail } from './mail-queue.ts'

export interface ProspectOpen {
  eventId: string
  proposalId: string
  ownerUserId: number
  title: string
  viewedAt: Date
}

function utcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
}

/** Keeps the proposal's owner and latest title; a deleted proposal stays deleted. */
export async function keepProposal(tx: Tx, proposal: { proposalId: string; ownerUserId: number; title: string }): Promise<void> {
  await tx.proposal.upsert({
    where: { id: proposal.proposalId },
    create: { id: proposal.proposalId, ownerUserId: proposal.ownerUserId, title: proposal.title },
    update: proposal.title === '' ? {} : { title: proposal.title },
  })
}

export async function recordOpen(
  tx: Tx,
  open: ProspectOpen,
  options: { laterOpensWindowMs: number; dbSchema: string | undefined },
): Promise<void> {
  await keepProposal(tx, open)
  await tx.$executeRawUnsafe(
    `INSERT INTO ${qualifiedTable(options.dbSchema, 'daily_views')} AS d (proposal_id, day, views) VALUES ($1, $2::date, 1)
     ON CONFLICT (proposal_id, day) DO UPDATE SET views = d.views + 1`,
    open.proposalId,
    utcDay(open.viewedAt),
  )
  // One replica wins the first open, however many views arrive at once.
  const first = await tx.proposal.updateMany({
    where: { id: open.proposalId, firstOpenedAt: null, deletedAt: null },
    data: { firstOpenedAt: open.viewedAt },
  })
  if (first.count === 1) {
    await oweMail(tx, {
      id: `first_open-${open.eventId}`,
      userId: open.ownerUserId,
      kind: 'first_open',
      data: { proposalId: open.proposalId, title: open.title },
    })
    return
  }
  const dueAt = new Date(open.viewedAt.getTime() + options.laterOpensWindowMs)
  await tx.$executeRawUnsafe(
    `INSERT INTO ${qualifiedTable(options.dbSchema, 'pending_opens')} AS p (proposal_id, opens, since, due_at) VALUES ($1, 1, $2, $3)
     ON CONFLICT (proposal_id) DO UPDATE SET opens = p.opens + 1`,
    open.proposalId,
    open.viewedAt,
    dueAt,
  )
}

/**
 * Later opens whose window has passed become their e-mail. The rows go in one statement, so an open
 * that arrives meanwhile either is counted in this e-mail or starts the next window.
 */
export async function owePendingOpens(tx: Tx, props: { now: Date; dbSchema: string | undefined }): Promise<number> {
  const due = await tx.$queryRawUnsafe<Array<{ proposal_id: string; opens: number; since: Date }>>(
    `DELETE FROM ${qualifiedTable(props.dbSchema, 'pending_opens')} WHERE due_at <= $1 RETURNING proposal_id, opens, since`,
    props.now,
  )
  for (const row of due) {
    const proposal = await tx.proposal.findUnique({ where: { id: row.proposal_id } })
    if (proposal === null || proposal.deletedAt !== null) continue
    await oweMail(tx, {
      id: `later_opens-${row.proposal_id}-${row.since.getTime()}`,
      userId: proposal.ownerUserId,
      kind: 'later_opens',
      data: { proposalId: row.proposal_id, title: proposal.title, opens: Number(row.opens) },
    })
  }
  return due.length
}

/** proposal.proposal.deleted: nothing more is told about it, and what is owed for it is dropped. */
export async function forgetProposal(tx: Tx, props: { proposalId: string; ownerUserId: number; deletedAt: Date }): Promise<void> {
  await tx.proposal.upsert({
    where: { id: props.proposalId },
    create: { id: props.proposalId, ownerUserId: props.ownerUserId, title: '', deletedAt: props.deletedAt },
    update: { deletedAt: props.deletedAt },
  })
  await tx.pendingOpens.deleteMany({ where: { proposalId: props.proposalId } })
  await tx.mail.updateMany({
    where: { status: 'pending', userId: props.ownerUserId, data: { path: ['proposalId'], equals: props.proposalId } },
    data: { status: 'skipped', lastError: 'proposal deleted' },
  })
}
