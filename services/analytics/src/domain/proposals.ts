// The proposals analytics knows of: their owners (whose dashboard counts them), whether they were
// deleted, and whether a prospect agreed to them (issue 20). Rows come from proposal events and from
// beacon tokens, whichever arrives first; a deleted proposal's row stays as a tombstone so that a
// late event or beacon adds nothing back. Its PDF downloads are counted per day (proposal_day).
import { qualifiedTable } from '@valueproof/db'
import type { Tx } from '../db.ts'
import { utcDay } from './days.ts'

export interface OwnedProposal {
  proposalId: string
  ownerUserId: number
}

/**
 * Notes the proposals (and their owners) not known yet, then locks the rows of those not deleted,
 * in id order, until the transaction ends: a deletion waits for what is being counted, and what
 * is counted after a deletion sees it. Answers the ids not deleted.
 */
export async function liveProposals(
  tx: Tx,
  props: { proposals: readonly OwnedProposal[]; dbSchema: string | undefined },
): Promise<Set<string>> {
  if (props.proposals.length === 0) return new Set()
  const table = qualifiedTable(props.dbSchema, 'proposal')
  const rows = props.proposals.map((proposal) => ({ id: proposal.proposalId, owner: proposal.ownerUserId }))
  await tx.$executeRawUnsafe(
    `INSERT INTO ${table} (id, owner_user_id)
     SELECT p.id, p.owner FROM jsonb_to_recordset($1::jsonb) AS p(id text, owner int) ORDER BY p.id
     ON CONFLICT DO NOTHING`,
    JSON.stringify(rows),
  )
  const live = await tx.$queryRawUnsafe<Array<{ id: string }>>(
    `SELECT id FROM ${table} WHERE id = ANY($1::text[]) AND deleted_at IS NULL ORDER BY id FOR SHARE`,
    rows.map((row) => row.id),
  )
  return new Set(live.map((row) => row.id))
}

/** A proposal stored by its owner: known from now on, with the time it was created. */
export async function noteProposalCreated(tx: Tx, props: OwnedProposal & { createdAt: Date }): Promise<void> {
  await tx.proposal.createMany({ data: [{ id: props.proposalId, ownerUserId: props.ownerUserId }], skipDuplicates: true })
  await tx.proposal.updateMany({ where: { id: props.proposalId, createdAt: null }, data: { createdAt: props.createdAt } })
}

/**
 * The owner deleted the proposal: every analytics row of it goes (its visits, their sections,
 * inputs and raw events, its days), and the tombstone keeps later events and beacons from adding
 * any back. The day counts of the product owner's view are not the proposal's and stay.
 */
export async function forgetProposal(tx: Tx, props: OwnedProposal & { deletedAt: Date; dbSchema: string | undefined }): Promise<void> {
  const { proposalId } = props
  await tx.proposal.upsert({
    where: { id: proposalId },
    create: { id: proposalId, ownerUserId: props.ownerUserId, deletedAt: props.deletedAt },
    update: { deletedAt: props.deletedAt },
  })
  // Raw events by their visits' ids (their primary key's first column), before the visits go.
  await tx.$executeRawUnsafe(
    `DELETE FROM ${qualifiedTable(props.dbSchema, 'engagement_event')}
      WHERE visit_id IN (SELECT visit_id FROM ${qualifiedTable(props.dbSchema, 'visit')} WHERE proposal_id = $1)`,
    proposalId,
  )
  await tx.visitSection.deleteMany({ where: { proposalId } })
  await tx.visitInput.deleteMany({ where: { proposalId } })
  await tx.visit.deleteMany({ where: { proposalId } })
  await tx.proposalDayVisitor.deleteMany({ where: { proposalId } })
  await tx.proposalVisitor.deleteMany({ where: { proposalId } })
  await tx.proposalSectionDay.deleteMany({ where: { proposalId } })
  await tx.proposalDay.deleteMany({ where: { proposalId } })
}

/**
 * A prospect agreed to the proposal's figures (issue 20): when, and in which scenario. A proposal
 * has one agreement in force; after a release (issue 34) a newer one replaces it. So an agreement
 * is noted unless a newer one is, or a release of it (or of a newer one) came first — events of
 * two subjects arrive in no set order; a deleted proposal notes nothing.
 */
export async function noteProposalAgreed(tx: Tx, props: OwnedProposal & { agreedAt: Date; scenario: string }): Promise<void> {
  await tx.proposal.createMany({ data: [{ id: props.proposalId, ownerUserId: props.ownerUserId }], skipDuplicates: true })
  await tx.proposal.updateMany({
    where: {
      id: props.proposalId,
      deletedAt: null,
      AND: [
        { OR: [{ agreedAt: null }, { agreedAt: { lte: props.agreedAt } }] },
        { OR: [{ releasedThrough: null }, { releasedThrough: { lt: props.agreedAt } }] },
      ],
    },
    data: { agreedAt: props.agreedAt, agreedScenario: props.scenario },
  })
}

/**
 * The seller released the agreement made at `agreedAt` (issue 34): the proposal shows as not agreed,
 * unless a newer agreement is noted already, and an agreed event of that one arriving late is not
 * noted again.
 */
export async function noteAgreementReleased(tx: Tx, props: OwnedProposal & { agreedAt: Date }): Promise<void> {
  await tx.proposal.createMany({ data: [{ id: props.proposalId, ownerUserId: props.ownerUserId }], skipDuplicates: true })
  await tx.proposal.updateMany({
    where: { id: props.proposalId, OR: [{ releasedThrough: null }, { releasedThrough: { lt: props.agreedAt } }] },
    data: { releasedThrough: props.agreedAt },
  })
  await tx.proposal.updateMany({
    where: { id: props.proposalId, agreedAt: { lte: props.agreedAt } },
    data: { agreedAt: null, agreedScenario: null },
  })
}

/** A prospect downloaded the proposal as a PDF (issue 20): one more on its UTC day, unless it was deleted. */
export async function countPdfDownload(
  tx: Tx,
  props: OwnedProposal & { downloadedAt: Date; dbSchema: string | undefined },
): Promise<boolean> {
  const { proposalId, ownerUserId } = props
  const live = await liveProposals(tx, { proposals: [{ proposalId, ownerUserId }], dbSchema: props.dbSchema })
  if (!live.has(proposalId)) return false
  const day = utcDay(props.downloadedAt)
  await tx.proposalDay.upsert({
    where: { proposalId_day: { proposalId, day } },
    create: { proposalId, day, ownerUserId, pdfDownloads: 1 },
    update: { pdfDownloads: { increment: 1 } },
  })
  return true
}
