// Types only: a value import would bundle every contract schema into the prospect's page.
import type { GenerateProposalBody } from '@valueproof/contracts'
// The agreement's own module (not the package's index): the page reads the agreed record with it.
import { agreementSchema } from '@valueproof/contracts/agreement'
// The document's model without its zod schemas (the light page's budget): the server checked it.
import { defaultProposalDocument, type ProposalDocument } from '@valueproof/contracts/proposal-document'
import { z } from 'zod'
import { apiRequest } from '../api.ts'

// Response shapes of SPEC §7's proposal calls, read leniently (the request shapes live in
// @valueproof/contracts). What the prospect's page needs stays here; the owner's list and its
// management calls are in proposal-list.ts, so the prospect's page does not carry them.

export const optionalText = z.string().nullish()
// Ids are unguessable strings; a number is read as its text so links are built the same way.
export const proposalId = z.union([z.string().min(1), z.number()]).transform(String)

/** The server stored and checked it (contracts' proposalDocumentSchema); the page only needs its shape. */
const proposalDocument = z.custom<ProposalDocument>(
  (value) => typeof value === 'object' && value !== null && 'blocks' in value && Array.isArray(value.blocks),
  { message: 'document must be a proposal document' },
)

/**
 * GET /api/proposals/{id}: the proposal record of SPEC §3. calculatorData stays unparsed here: the
 * view validates it on its own, so a calculator it cannot show never hides the proposal's text.
 * `document` is what the page shows (issue 37): the last publication, else the default document of
 * the written sections — the proposal service sends it; made here, the same way, for an answer
 * without one (a record recorded before issue 37, as some browser tests still mock it).
 */
export const proposalSchema = z
  .object({
    id: proposalId,
    userId: z.union([z.number(), z.string()]).nullish(),
    title: z.string(),
    executiveSummary: optionalText,
    problemStatement: optionalText,
    solutionOverview: optionalText,
    valueProposition: optionalText,
    callToAction: optionalText,
    contactInformation: optionalText,
    calculatorData: z.unknown(),
    isTemplate: z.boolean().nullish(),
    isPublished: z.boolean().nullish(),
    accessCode: optionalText,
    templateType: optionalText,
    createdAt: optionalText,
    updatedAt: optionalText,
    /** The owner's answer only: when the link stops or stopped opening for prospects. */
    expiresAt: optionalText,
    revokedAt: optionalText,
    /** Signed for this opening (issue 19): the page's view and engagement beacons carry it back. */
    beaconToken: z.string().optional(),
    /** Issue 20: the version (1 for a first proposal), the version it was made from, and the prospect's agreement. */
    version: z.number().int().nullish(),
    previousVersionId: optionalText,
    agreement: agreementSchema.nullish(),
    /** Issue 34: who may agree; the owner's answer also names the addresses and lists released agreements. */
    whoMayAgree: z.enum(['anyone', 'listed']).nullish(),
    agreementEmails: z.array(z.string()).nullish(),
    /** Read by the owner's lazily loaded panel with its own schema, so the prospect's page carries none of it. */
    releasedAgreements: z.array(z.unknown()).nullish(),
    document: proposalDocument.nullish(),
  })
  .transform((proposal) => ({
    ...proposal,
    document:
      proposal.document ??
      defaultProposalDocument({
        title: proposal.title,
        templateType: proposal.templateType ?? null,
        executiveSummary: proposal.executiveSummary ?? null,
        problemStatement: proposal.problemStatement ?? null,
        solutionOverview: proposal.solutionOverview ?? null,
        valueProposition: proposal.valueProposition ?? null,
        callToAction: proposal.callToAction ?? null,
      }),
  }))
export type Proposal = z.output<typeof proposalSchema>

/** POST /api/proposals and POST /api/proposals/generate answer the new proposal's id. */
export const createdProposalSchema = z.object({ id: proposalId })

export const proposalsQueryKey = ['/api/proposals'] as const

/** The URL of one proposal; the access code goes along only when one was entered (SPEC §7). */
export function proposalUrl(id: string, accessCode?: string): string {
  const path = `/api/proposals/${encodeURIComponent(id)}`
  return accessCode === undefined ? path : `${path}?${new URLSearchParams({ code: accessCode }).toString()}`
}

/**
 * GET one proposal, as its owner or a visitor; a 401 ApiError means an access code is needed (or was
 * not right). Not a queryOptions factory: the proposal view loads without TanStack Query so that the
 * prospect's page stays within its JavaScript budget (docs/decisions/041-prospect-proposal-page.md).
 */
export async function fetchProposal(id: string, accessCode: string | undefined, signal?: AbortSignal): Promise<Proposal> {
  const response = await apiRequest('GET', proposalUrl(id, accessCode), undefined, signal === undefined ? {} : { signal })
  return proposalSchema.parse(await response.json())
}

/** SPEC §3 'Proposal generation request': calculatorData, input, templateType (standard or executive). */
export type ProposalGenerationRequest = GenerateProposalBody

/** POST /api/proposals/generate: writes a proposal from a calculator and the user's input; answers its id. */
export async function generateProposal(request: ProposalGenerationRequest): Promise<string> {
  const response = await apiRequest('POST', '/api/proposals/generate', request)
  return createdProposalSchema.parse(await response.json()).id
}
