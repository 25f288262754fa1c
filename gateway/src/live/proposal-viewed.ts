import type { DeliveredEvent, proposalViewed } from '@valueproof/event-bus'
import type { ViewToasts } from './view-toasts.ts'

type ProposalViewedEvent = DeliveredEvent<(typeof proposalViewed)['schema']>

/**
 * A view older than this is not news: after an outage the bus hands this replica the views it
 * missed, and a burst of stale "was just opened" toasts would mislead. The dashboard still has them.
 */
export const LIVE_VIEW_MAX_AGE_MS = 120_000

/**
 * proposal.proposal.viewed → `proposal-viewed` on the owner's open streams, for a prospect's
 * counted view only (decision 119): the owner's own views are not news to the owner, a repeat is
 * someone counted already, a suspect view is nobody's. At most one event a proposal a minute
 * (view-toasts.ts). Only the proposal, the time and the count leave the gateway: never the
 * visitor's id.
 */
export function pushProposalViewed(toasts: ViewToasts, event: ProposalViewedEvent, now: number = Date.now()): void {
  const view = event.message
  if (view.viewer !== 'visitor') return
  // Events from before issue 34 say nothing: they all counted.
  if (view.counting !== '' && view.counting !== 'counted') return
  const viewedAt = view.viewedAt
    ? new Date(Number(view.viewedAt.seconds) * 1000 + Math.floor(view.viewedAt.nanos / 1_000_000))
    : event.occurredAt
  if (now - viewedAt.getTime() > LIVE_VIEW_MAX_AGE_MS) return
  toasts.viewed({ ownerUserId: view.ownerUserId, proposalId: view.proposalId, viewedAt })
}
