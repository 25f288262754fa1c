// What the live feed tells parts of the open page that are not TanStack queries: the proposal view
// loads its proposal with a small hook of its own (the prospect's page has no query client), so an
// owner looking at a proposal a prospect just agreed to hears of it through a window event.

/** A window CustomEvent whose detail is `{ proposalId }`: a prospect agreed to that proposal. */
export const PROPOSAL_AGREED_PAGE_EVENT = 'valueproof:proposal-agreed'

export interface ProposalAgreedPageDetail {
  proposalId: string
}

/** Tells the open page (when there is one: not in tests) that a prospect agreed to a proposal. */
export function tellPageProposalAgreed(proposalId: string): void {
  if (typeof window === 'undefined') return
  window.dispatchEvent(new CustomEvent<ProposalAgreedPageDetail>(PROPOSAL_AGREED_PAGE_EVENT, { detail: { proposalId } }))
}

/** Calls `onAgreed` when the live feed says a prospect agreed to this proposal; answers the unsubscribe. */
export function onProposalAgreed(proposalId: string, onAgreed: () => void): () => void {
  const listener = (event: Event) => {
    if (event instanceof CustomEvent && (event.detail as Partial<ProposalAgreedPageDetail> | null)?.proposalId === proposalId) onAgreed()
  }
  window.addEventListener(PROPOSAL_AGREED_PAGE_EVENT, listener)
  return () => window.removeEventListener(PROPOSAL_AGREED_PAGE_EVENT, listener)
}
