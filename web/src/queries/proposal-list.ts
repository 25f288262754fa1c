import { queryOptions } from '@tanstack/react-query'
import type { UpdateProposalBody } from '@valueproof/contracts'
import { z } from 'zod'
import { apiRequest } from '../api.ts'
import { createdProposalSchema, optionalText, proposalId, proposalsQueryKey } from './proposals.ts'

// The owner's side of proposals: the list of GET /api/proposals and the management calls of
// issue 15, apart from proposals.ts so that the prospect's light page does not bundle them.

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
  /** 1 for a first proposal, n + 1 for a new version of an agreed one (issue 20); a server from before versions sends none. */
  version: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((value) => value ?? 1),
  /** When a prospect agreed to its figures (issue 20); null when nobody has. An agreed proposal is locked. */
  agreedAt: optionalText.transform((value) => value ?? null),
})
export type ProposalListEntry = z.output<typeof proposalListEntrySchema>

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
