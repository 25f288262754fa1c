import type { ProposalListEntry, ProposalRecord } from '@valueproof/contracts'
import type { Proposal } from '../db.ts'
import { presentCalculatorData } from './calculator-data.ts'
import { presentAvailability } from './proposal-availability.ts'

/** The columns a list entry is presented from (a Prisma `select`). */
export const LIST_ENTRY_COLUMNS = {
  id: true,
  title: true,
  createdAt: true,
  accessCode: true,
  expiresAt: true,
  revokedAt: true,
  viewCount: true,
} as const satisfies Partial<Record<keyof Proposal, true>>

/**
 * GET /api/proposals entries: SPEC §2/§3's four fields, when the link stops or stopped opening, and
 * how many times prospects opened it (the owner's own views are not counted).
 */
export function presentListEntry(proposal: Pick<Proposal, keyof typeof LIST_ENTRY_COLUMNS>): ProposalListEntry {
  return {
    id: proposal.id,
    title: proposal.title,
    createdAt: proposal.createdAt.toISOString(),
    accessCode: proposal.accessCode,
    ...presentAvailability(proposal),
    views: proposal.viewCount,
  }
}

/**
 * The proposal record of SPEC §3, field by field. The owner sees all of it. A visitor sees exactly
 * what the proposal page shows: the title, the written sections, the calculator, the layout and the
 * date — never the access code, the owner's (sequential) user id, the extracted document text
 * (`content`, up to 200,000 characters), the bookkeeping fields, or the seller's quotes and notes
 * behind the calculator's figures (see presentCalculatorData).
 */
export function presentProposal(proposal: Proposal, viewer: { isOwner: boolean }): ProposalRecord {
  const shown = {
    id: proposal.id,
    title: proposal.title,
    executiveSummary: proposal.executiveSummary,
    problemStatement: proposal.problemStatement,
    solutionOverview: proposal.solutionOverview,
    valueProposition: proposal.valueProposition,
    callToAction: proposal.callToAction,
    contactInformation: proposal.contactInformation,
    calculatorData: presentCalculatorData(proposal.calculatorData, viewer),
    templateType: proposal.templateType,
    createdAt: proposal.createdAt.toISOString(),
  }
  if (!viewer.isOwner) return shown
  return {
    ...shown,
    userId: proposal.userId,
    content: proposal.content,
    isTemplate: proposal.isTemplate,
    isPublished: proposal.isPublished,
    accessCode: proposal.accessCode,
    updatedAt: proposal.updatedAt.toISOString(),
  }
}
