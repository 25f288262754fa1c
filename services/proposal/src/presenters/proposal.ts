import type { ProposalListEntry, ProposalRecord } from '@valueproof/contracts'
import type { Proposal } from '../db.ts'

/** GET /api/proposals entries: SPEC §2/§3's four fields. */
export function presentListEntry(proposal: Pick<Proposal, 'id' | 'title' | 'createdAt' | 'accessCode'>): ProposalListEntry {
  return { id: proposal.id, title: proposal.title, createdAt: proposal.createdAt.toISOString(), accessCode: proposal.accessCode }
}

/**
 * The proposal record of SPEC §3, field by field. Only the owner sees the access code and the
 * owner's (sequential) user id; a visitor's record has neither field at all.
 */
export function presentProposal(proposal: Proposal, viewer: { isOwner: boolean }): ProposalRecord {
  return {
    id: proposal.id,
    ...(viewer.isOwner ? { userId: proposal.userId } : {}),
    title: proposal.title,
    executiveSummary: proposal.executiveSummary,
    problemStatement: proposal.problemStatement,
    solutionOverview: proposal.solutionOverview,
    valueProposition: proposal.valueProposition,
    callToAction: proposal.callToAction,
    contactInformation: proposal.contactInformation,
    calculatorData: proposal.calculatorData,
    content: proposal.content,
    isTemplate: proposal.isTemplate,
    isPublished: proposal.isPublished,
    ...(viewer.isOwner ? { accessCode: proposal.accessCode } : {}),
    templateType: proposal.templateType,
    createdAt: proposal.createdAt.toISOString(),
    updatedAt: proposal.updatedAt.toISOString(),
  }
}
