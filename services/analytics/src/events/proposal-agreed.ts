import { timestampDate } from '@bufbuild/protobuf/wkt'
import { consumeOnce, proposalAgreed, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { ProposalAgreedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'
import { noteProposalAgreed } from '../domain/proposals.ts'

export const CONSUMER = 'analytics.proposal-agreed'

/** Notes a prospect's agreement on its proposal (domain/proposals.ts), once per event. */
export async function handleProposalAgreed(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof ProposalAgreedSchema>,
): Promise<void> {
  const { message } = event
  const agreedAt = message.agreedAt ? timestampDate(message.agreedAt) : event.occurredAt
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, (tx) =>
    noteProposalAgreed(tx, { proposalId: message.proposalId, ownerUserId: message.ownerUserId, agreedAt, scenario: message.scenario }),
  )
}

export function subscribeProposalAgreed(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: proposalAgreed,
    durable: CONSUMER,
    handler: (event) => handleProposalAgreed(deps.prisma, deps.dbSchema, event),
  })
}
