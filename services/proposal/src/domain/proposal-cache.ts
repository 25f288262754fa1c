// Published proposals as prospects open them, kept briefly (issue 19, docs/decisions/111): a shared
// link is opened by many, and since the GET writes nothing its answer is the same row again and
// again. Only signed-out opens use the cache; a signed-in user (perhaps the owner, just after a
// change made on another replica) always reads the database. An entry goes at once when this
// replica changes the proposal, and on every replica when the proposal's revoked or deleted event
// arrives, and on the agreed event (issue 20). A rename, a new expiry, new scenarios and a new
// publication of the document (issue 37) publish no event, so another replica may show the old ones
// to prospects for at most an entry's short life.
import type { LoadedProposal, ProposalLoader } from './proposal-loader.ts'

/** How long a published proposal is reused before it is read again. */
export const PUBLISHED_PROPOSAL_TTL_MS = 2_000
const MAX_ENTRIES = 10_000

export interface PublishedProposalCache {
  /** The proposal, from the cache while its entry is fresh; read through the loader otherwise. */
  load(id: string): Promise<LoadedProposal | null>
  /** Forgets a proposal that changed: the next open reads it again. */
  evict(id: string): void
}

export function createPublishedProposalCache(
  loader: ProposalLoader,
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): PublishedProposalCache {
  const ttlMs = options.ttlMs ?? PUBLISHED_PROPOSAL_TTL_MS
  const maxEntries = options.maxEntries ?? MAX_ENTRIES
  const now = options.now ?? Date.now
  const entries = new Map<string, { proposal: LoadedProposal; readAt: number }>()
  // Bumped by every eviction: a read that began before one may have seen the row before the change.
  let evictions = 0

  return {
    async load(id) {
      const readAt = now()
      const cached = entries.get(id)
      if (cached && readAt - cached.readAt < ttlMs) return cached.proposal
      if (cached) entries.delete(id)
      const before = evictions
      const proposal = await loader.load(id)
      // Unpublished and unknown ids are not kept: publishing or creating shows at once.
      if (proposal?.isPublished && evictions === before) {
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next()
          if (!oldest.done) entries.delete(oldest.value)
        }
        entries.set(id, { proposal, readAt })
      }
      return proposal
    },
    evict(id) {
      evictions += 1
      entries.delete(id)
    },
  }
}
