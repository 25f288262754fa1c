import type { Proposal } from '../db.ts'

/**
 * When a proposal's link stops (or stopped) opening for prospects, and when its owner revoked it:
 * in the owner's list and the owner's answer only, so the owner's pages can mark it.
 */
export function presentAvailability(proposal: Pick<Proposal, 'expiresAt' | 'revokedAt'>): {
  expiresAt: string | null
  revokedAt: string | null
} {
  return { expiresAt: proposal.expiresAt?.toISOString() ?? null, revokedAt: proposal.revokedAt?.toISOString() ?? null }
}
