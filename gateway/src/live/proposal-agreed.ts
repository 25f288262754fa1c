import { LIVE_PROPOSAL_AGREED_EVENT, liveProposalAgreedSchema } from '@valueproof/contracts'
import type { DeliveredEvent, proposalAgreed } from '@valueproof/event-bus'
import type { LiveStreams } from './live-streams.ts'

type ProposalAgreedEvent = DeliveredEvent<(typeof proposalAgreed)['schema']>

/**
 * proposal.proposal.agreed → `proposal-agreed` on the owner's open streams: the proposal, when and
 * which scenario. Unlike a view, an agreement is news however late it arrives (it happens once per
 * proposal), so a replica that missed it while the bus was away still tells the owner. Who agreed
 * is not in the event: the app reads it from the proposal.
 */
export function pushProposalAgreed(streams: LiveStreams, event: ProposalAgreedEvent): void {
  const agreement = event.message
  const agreedAt = agreement.agreedAt
    ? new Date(Number(agreement.agreedAt.seconds) * 1000 + Math.floor(agreement.agreedAt.nanos / 1_000_000))
    : event.occurredAt
  const parsed = liveProposalAgreedSchema.safeParse({
    proposalId: agreement.proposalId,
    agreedAt: agreedAt.toISOString(),
    scenario: agreement.scenario,
  })
  // An event this gateway cannot describe (a scenario it does not know) is not pushed.
  if (parsed.success) streams.send(agreement.ownerUserId, LIVE_PROPOSAL_AGREED_EVENT, parsed.data)
}
