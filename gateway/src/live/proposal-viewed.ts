import { LIVE_PROPOSAL_VIEWED_EVENT, liveProposalViewedSchema } from '@valueproof/contracts'
import type { DeliveredEvent, proposalViewed } from '@valueproof/event-bus'
import type { LiveStreams } from './live-streams.ts'

type ProposalViewedEvent = DeliveredEvent<(typeof proposalViewed)['schema']>

/**
 * A view older than this is not news: after an outage the bus hands this replica the views it
 * missed, and a burst of stale "was just opened" toasts would mislead. The dashboard still has them.
 */
export const LIVE_VIEW_MAX_AGE_MS = 120_000

/**
 * proposal.proposal.viewed → `proposal-viewed` on the owner's open streams, for a prospect's view
 * only (the owner's own views are not news to the owner). Only the proposal and the time leave the
 * gateway: never the visitor's id.
 */
export function pushProposalViewed(streams: LiveStreams, event: ProposalViewedEvent, now: number = Date.now()): void {
  const view = event.message
  if (view.viewer !== 'visitor') return
  const viewedAt = view.viewedAt
    ? new Date(Number(view.viewedAt.seconds) * 1000 + Math.floor(view.viewedAt.nanos / 1_000_000))
    : event.occurredAt
  if (now - viewedAt.getTime() > LIVE_VIEW_MAX_AGE_MS) return
  const data = liveProposalViewedSchema.parse({ proposalId: view.proposalId, viewedAt: viewedAt.toISOString() })
  streams.send(view.ownerUserId, LIVE_PROPOSAL_VIEWED_EVENT, data)
}
