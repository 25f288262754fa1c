import { queryOptions } from '@tanstack/react-query'
// Types only: a value import would bundle every contract schema into the prospect's page.
import type { GenerateProposalBody, UpdateProposalBody } from '@valueproof/contracts'
import { z } from 'zod'
import { apiRequest } from '../api.ts'

// Response shapes of SPEC §7's proposal calls, read leniently (the request shapes live in
// @valueproof/contracts).

const optionalText = z.string().nullish()
// Ids are unguessable strings; a number is read as its text so links are built the same way.
const proposalId = z.union([z.string().min(1), z.number()]).transform(String)

/** An entry of GET /api/proposals; expiresAt and revokedAt say whether its link still opens. */
export const proposalListEntrySchema = z.object({
  id: proposalId,
  title: z.string(),
  createdAt: optionalText,
  accessCode: optionalText,
  expiresAt: optionalText,
  revokedAt: optionalText,
  /** Prospect views (the owner's own excluded); a server from before view counts sends none. */
  views: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .transform((value) => value ?? 0),
})
export type ProposalListEntry = z.output<typeof proposalListEntrySchema>

/**
 * GET /api/proposals/{id}: the proposal record of SPEC §3. calculatorData stays unparsed here: the
 * view validates it on its own, so a calculator it cannot show never hides the proposal's text.
 */
export const proposalSchema = z.object({
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
})
export type Proposal = z.output<typeof proposalSchema>

/** POST /api/proposals and POST /api/proposals/generate answer the new proposal's id. */
export const createdProposalSchema = z.object({ id: proposalId })

export const proposalsQueryKey = ['/api/proposals'] as const

/** The signed-in user's proposals, newest first (SPEC §2 /proposals). */
export function proposalsQueryOptions() {
  return queryOptions({
    queryKey: proposalsQueryKey,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/api/proposals', undefined, { signal })
      return z.array(proposalListEntrySchema).parse(await response.json())
    },
  })
}

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

// The owner's management calls (issue 15). Each answers the changed entry or nothing; the caller
// invalidates proposalsQueryKey, the one key they change.

function ownProposalPath(id: string, action?: 'revoke' | 'duplicate'): string {
  return `/api/proposals/${encodeURIComponent(id)}${action === undefined ? '' : `/${action}`}`
}

/** The JSON form of PATCH's body: expiresAt travels as ISO text (or null to clear it). */
export type ProposalChange = Omit<UpdateProposalBody, 'expiresAt'> & { expiresAt?: string | null }

/** PATCH /api/proposals/{id}: a new title and/or expiry. */
export async function updateProposal(id: string, change: ProposalChange): Promise<ProposalListEntry> {
  const response = await apiRequest('PATCH', ownProposalPath(id), change)
  return proposalListEntrySchema.parse(await response.json())
}

/** POST /api/proposals/{id}/revoke: the link stops opening for prospects, for good. */
export async function revokeProposal(id: string): Promise<ProposalListEntry> {
  const response = await apiRequest('POST', ownProposalPath(id, 'revoke'))
  return proposalListEntrySchema.parse(await response.json())
}

/** DELETE /api/proposals/{id} (204). */
export async function deleteProposal(id: string): Promise<void> {
  await apiRequest('DELETE', ownProposalPath(id))
}

/** POST /api/proposals/{id}/duplicate: answers the copy's id. */
export async function duplicateProposal(id: string): Promise<string> {
  const response = await apiRequest('POST', ownProposalPath(id, 'duplicate'))
  return createdProposalSchema.parse(await response.json()).id
}
