// The owner's issue-20 calls on one proposal: its scenarios (PATCH) and a new version of an agreed
// proposal. Apart from proposals.ts: only the owner's lazily loaded panel and list use them, so the
// prospect's page never bundles them. Types only from contracts: its schemas stay out of that chunk.
import type { AgreementRuleBody, ProposalScenarios } from '@valueproof/contracts'
import { apiRequest } from '../api.ts'
import { createdProposalSchema } from './proposals.ts'

function ownProposalPath(id: string, action?: 'versions' | 'agreement-rule' | 'agreement/release'): string {
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

/** A new request's Idempotency-Key: 16 random bytes in hex (getRandomValues works on plain http too). */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `version-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/**
 * POST /api/proposals/{id}/versions: an agreed proposal's editable next version; answers its id.
 * `requestKey` names the request (Idempotency-Key, issue 34): trying again with the same key after
 * a lost answer gets the version it made; an agreed proposal has one next version (409 otherwise).
 */
export async function createProposalVersion(id: string, requestKey: string): Promise<string> {
  const response = await apiRequest('POST', ownProposalPath(id, 'versions'), undefined, { headers: { 'Idempotency-Key': requestKey } })
  return createdProposalSchema.parse(await response.json()).id
}

/** PATCH /api/proposals/{id}/agreement-rule (issue 34): anyone with the link, or only the listed addresses. */
export async function saveAgreementRule(id: string, rule: AgreementRuleBody): Promise<void> {
  const response = await apiRequest('PATCH', ownProposalPath(id, 'agreement-rule'), rule)
  await response.body?.cancel()
}

/** POST /api/proposals/{id}/agreement/release (issue 34): the agreement moves to the history; the page reloads. */
export async function releaseAgreement(id: string): Promise<void> {
  const response = await apiRequest('POST', ownProposalPath(id, 'agreement/release'))
  await response.body?.cancel()
}
