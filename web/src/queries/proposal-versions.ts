// The owner's issue-20 calls on one proposal: its scenarios (PATCH) and a new version of an agreed
// proposal. Apart from proposals.ts: only the owner's lazily loaded panel and list use them, so the
// prospect's page never bundles them. Types only from contracts: its schemas stay out of that chunk.
import type { ProposalScenarios } from '@valueproof/contracts'
import { apiRequest } from '../api.ts'
import { createdProposalSchema } from './proposals.ts'

function ownProposalPath(id: string, action?: 'versions'): string {
  return `/api/proposals/${encodeURIComponent(id)}${action === undefined ? '' : `/${action}`}`
}

/**
 * PATCH /api/proposals/{id} with the seller's conservative and optimistic values; null goes back
 * to the derived ones. An agreed proposal answers 409 (PROPOSAL_AGREED_LOCKED_MESSAGE).
 */
export async function saveProposalScenarios(id: string, scenarios: ProposalScenarios | null): Promise<void> {
  const response = await apiRequest('PATCH', ownProposalPath(id), { scenarios })
  // The answer is the list entry; the page reloads the whole proposal instead.
  await response.body?.cancel()
}

/** POST /api/proposals/{id}/versions: an agreed proposal's editable next version; answers its id. */
export async function createProposalVersion(id: string): Promise<string> {
  const response = await apiRequest('POST', ownProposalPath(id, 'versions'))
  return createdProposalSchema.parse(await response.json()).id
}
