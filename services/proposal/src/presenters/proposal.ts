import type { ProposalListEntry, ProposalRecord, WhoMayAgree } from '@valueproof/contracts'
import { defaultProposalDocument, visibleBlocks, type ProposalDocument } from '@valueproof/contracts/proposal-document'
import type { Agreement, Prisma, Proposal } from '../db.ts'
import { presentAgreement } from './agreement.ts'
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
  version: true,
  agreedAt: true,
} as const satisfies Partial<Record<keyof Proposal, true>>

/**
 * GET /api/proposals entries: SPEC §2/§3's four fields, when the link stops or stopped opening, how
 * many times prospects opened it (the owner's own views are not counted), its version and when a
 * prospect agreed to it (issue 20: the list marks agreed proposals).
 */
export function presentListEntry(proposal: Pick<Proposal, keyof typeof LIST_ENTRY_COLUMNS>): ProposalListEntry {
  return {
    id: proposal.id,
    title: proposal.title,
    createdAt: proposal.createdAt.toISOString(),
    accessCode: proposal.accessCode,
    ...presentAvailability(proposal),
    views: proposal.viewCount,
    version: proposal.version,
    agreedAt: proposal.agreedAt?.toISOString() ?? null,
  }
}

/**
 * The proposal record of SPEC §3, field by field. The owner sees all of it. A visitor sees exactly
 * what the proposal page shows: the title, the written sections, the calculator, the layout, the
 * date, the version, the prospect's agreement (issue 20; without who agreed) and whether only named
 * people may agree (issue 34; never who they are) — never the access
 * code, the owner's (sequential) user id, the extracted document text (`content`, up to 200,000
 * characters), the bookkeeping fields, the version it was made from, or the seller's quotes and
 * notes behind the calculator's figures (see presentCalculatorData).
 */
export function presentProposal(proposal: Proposal & { agreement?: Agreement | null }, viewer: { isOwner: boolean }): ProposalRecord {
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
    version: proposal.version,
    // Left out when the caller did not read it, so that "no agreement" is never said by mistake.
    ...(proposal.agreement === undefined ? {} : { agreement: proposal.agreement && presentAgreement(proposal.agreement, viewer) }),
    // The page says when only named people may agree (issue 34); who they are is the owner's to see.
    whoMayAgree: whoMayAgreeOf(proposal),
    // What the page and the PDF render, for everyone: the owner reads the whole draft from /draft.
    document: shownDocument(proposal),
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
    previousVersionId: proposal.previousVersionId,
    agreementEmails: whoMayAgreeOf(proposal) === 'listed' ? proposal.agreementEmails : [],
  }
}

/** 'listed' only for that stored value: anything else is the default, anyone with the link. */
export function whoMayAgreeOf(proposal: Pick<Proposal, 'whoMayAgree'>): WhoMayAgree {
  return proposal.whoMayAgree === 'listed' ? 'listed' : 'anyone'
}

/**
 * A document column as stored: every one was checked by proposalDocumentSchema before it was
 * written (drafts.ts), so its shape is only confirmed here, not parsed again on every open.
 */
export function storedDocument(value: Prisma.JsonValue | null): ProposalDocument | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  if (typeof value.title !== 'string' || !Array.isArray(value.blocks)) return null
  return value as unknown as ProposalDocument
}

/** The document as plain JSON for a column (undefined fields left out). */
export function documentJson(document: ProposalDocument): Prisma.InputJsonObject {
  return JSON.parse(JSON.stringify(document)) as Prisma.InputJsonObject
}

/** The last publication, or the document made from the written sections before one. */
export function publishedDocument(proposal: Proposal): ProposalDocument {
  return storedDocument(proposal.document) ?? defaultProposalDocument(proposal)
}

/**
 * The published document as the prospect sees it: hidden blocks left out, titled as the proposal
 * is (publishing sets that title; a rename from the list afterwards shows at once, as before).
 */
export function shownDocument(proposal: Proposal): ProposalDocument {
  const document = publishedDocument(proposal)
  return { ...document, title: proposal.title, blocks: visibleBlocks(document) }
}
