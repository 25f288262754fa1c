// Who may agree to a proposal, and the seller's release of an agreement they did not expect (issue
// 34, docs/decisions/123): a stranger's agreement cannot hold a proposal hostage. The rule is the
// owner's to change at any time (it changes nothing that was agreed); a release moves the agreement
// into released_agreement as it was, so its hash still verifies, and opens the proposal to a new
// agreement without a new version.
import { randomUUID } from 'node:crypto'
import {
  AGREEMENT_NOT_LISTED_MESSAGE,
  NO_AGREEMENT_TO_RELEASE_MESSAGE,
  normalizedEmail,
  type AgreementRule,
  type AgreementRuleBody,
  type ReleasedAgreement as ReleasedAgreementRecord,
} from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import type { PrismaClient, Proposal, ReleasedAgreement } from '../db.ts'
import { recordAgreementReleased } from '../events/outbox.ts'
import { presentReleasedAgreement } from '../presenters/agreement.ts'
import { whoMayAgreeOf } from '../presenters/proposal.ts'
import { notFound, owned, type ManagementDeps, type OwnerCall } from './proposal-management.ts'

/** 403 unless the rule lets this e-mail address agree: anyone, or one of the addresses the seller named (any case). */
export function assertMayAgree(proposal: Pick<Proposal, 'whoMayAgree' | 'agreementEmails'>, email: string): void {
  if (whoMayAgreeOf(proposal) === 'anyone') return
  if (proposal.agreementEmails.includes(normalizedEmail(email))) return
  throw errors.forbidden(AGREEMENT_NOT_LISTED_MESSAGE, 'agreement_not_listed')
}

/**
 * PATCH /proposals/:id/agreement-rule: who may agree from now on, for the owner's proposal only
 * (404 otherwise). Agreed or not: the rule decides the next agreement, not the one made.
 */
export async function setAgreementRule(deps: ManagementDeps, props: OwnerCall & { body: AgreementRuleBody }): Promise<AgreementRule> {
  const where = owned(props)
  const emails = props.body.whoMayAgree === 'listed' ? props.body.emails : []
  const { count } = await deps.prisma.proposal.updateMany({
    where,
    data: { whoMayAgree: props.body.whoMayAgree, agreementEmails: emails },
  })
  if (count === 0) throw notFound()
  deps.publishedProposals.evict(where.id)
  return { whoMayAgree: props.body.whoMayAgree, emails }
}

/**
 * POST /proposals/:id/agreement/release: the owner releases the agreement in force (409 when there
 * is none). Clearing agreed_at takes the proposal's row lock, so an agreement arriving meanwhile
 * waits and then finds the proposal open; the agreement moves unchanged into the history, and the
 * release's event (no name, no e-mail) commits with it.
 */
export async function releaseAgreement(deps: ManagementDeps, props: OwnerCall): Promise<ReleasedAgreementRecord> {
  const where = owned(props)
  const releasedAt = (deps.now ?? (() => new Date()))()
  const released = await deps.prisma.$transaction(async (tx) => {
    const { count } = await tx.proposal.updateMany({ where: { ...where, agreedAt: { not: null } }, data: { agreedAt: null } })
    if (count === 0) {
      if (!(await tx.proposal.findFirst({ where, select: { id: true } }))) throw notFound()
      throw errors.conflict(NO_AGREEMENT_TO_RELEASE_MESSAGE, 'no_agreement')
    }
    const agreement = await tx.agreement.delete({ where: { proposalId: where.id } })
    const row = await tx.releasedAgreement.create({
      data: {
        id: randomUUID(),
        proposalId: agreement.proposalId,
        name: agreement.name,
        email: agreement.email,
        scenario: agreement.scenario,
        values: agreement.values ?? {},
        figures: agreement.figures ?? {},
        definition: agreement.definition ?? {},
        hash: agreement.hash,
        agreedAt: agreement.agreedAt,
        releasedAt,
      },
    })
    await recordAgreementReleased(tx, {
      proposalId: where.id,
      ownerUserId: where.userId,
      agreementHash: agreement.hash,
      agreedAt: agreement.agreedAt,
      releasedAt,
    })
    return row
  })
  deps.publishedProposals.evict(where.id)
  return presentReleasedAgreement(released)
}

/** A proposal's released agreements, newest first (the owner's answer). */
export async function releasedAgreementsOf(
  prisma: Pick<PrismaClient, 'releasedAgreement'>,
  proposalId: string,
): Promise<ReleasedAgreementRecord[]> {
  const rows: ReleasedAgreement[] = await prisma.releasedAgreement.findMany({
    where: { proposalId },
    orderBy: [{ releasedAt: 'desc' }, { id: 'desc' }],
  })
  return rows.map(presentReleasedAgreement)
}
