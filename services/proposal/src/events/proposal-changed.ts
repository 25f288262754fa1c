import {
  proposalAgreed,
  proposalAgreementReleased,
  proposalDeleted,
  proposalRevoked,
  type EventBus,
  type Subscription,
} from '@valueproof/event-bus'
import type { PublishedProposalCache } from '../domain/proposal-cache.ts'

/**
 * Every replica forgets a published proposal the moment any replica revokes or deletes it, a
 * prospect agrees to it (the next open shows the agreement) or its seller releases that agreement:
 * no durable name, so each replica's subscriptions receive every such event (as the gateway's
 * session cache does), and evicting twice is harmless.
 */
export async function subscribeCacheEvictions(bus: Pick<EventBus, 'subscribe'>, cache: PublishedProposalCache): Promise<Subscription> {
  const evict = (event: { message: { proposalId: string } }) => {
    cache.evict(event.message.proposalId)
    return Promise.resolve()
  }
  const revoked = await bus.subscribe({ type: proposalRevoked, handler: evict })
  const deleted = await bus.subscribe({ type: proposalDeleted, handler: evict })
  const agreed = await bus.subscribe({ type: proposalAgreed, handler: evict })
  const released = await bus.subscribe({ type: proposalAgreementReleased, handler: evict })
  return {
    async stop() {
      await Promise.all([revoked.stop(), deleted.stop(), agreed.stop(), released.stop()])
    },
  }
}
