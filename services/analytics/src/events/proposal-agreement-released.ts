import { timestampDate } from '@bufbuild/protobuf/wkt'
import { consumeOnce, proposalAgreementReleased, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { ProposalAgreementReleasedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'
import { noteAgreementReleased } from '../domain/proposals.ts'

export const CONSUMER = 'analytics.proposal-agreement-released'

/** Forgets an agreement the seller released (domain/proposals.ts, issue 34), once per event. */
export async function handleAgreementReleased(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof ProposalAgreementReleasedSchema>,
): Promise<void> {
  const { message } = event
  // Without the agreement's time there is nothing to match: only a malformed event lacks it.
  if (!message.agreedAt) return
  const agreedAt = timestampDate(message.agreedAt)
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, (tx) =>
    noteAgreementReleased(tx, { proposalId: message.proposalId, ownerUserId: message.ownerUserId, agreedAt }),
  )
}

export function subscribeAgreementReleased(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: proposalAgreementReleased,
    durable: CONSUMER,
    handler: (event) => handleAgreementReleased(deps.prisma, deps.dbSchema, event),
  })
}
