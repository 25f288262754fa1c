import { timestampDate } from '@bufbuild/protobuf/wkt'
import { consumeOnce, proposalDeleted, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { ProposalDeletedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'
import { forgetProposal } from '../domain/proposals.ts'

export const CONSUMER = 'analytics.proposal-deleted'

/** Drops everything analytics kept of the proposal (domain/proposals.ts), once per event. */
export async function handleProposalDeleted(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof ProposalDeletedSchema>,
): Promise<void> {
  const { message } = event
  const deletedAt = message.deletedAt ? timestampDate(message.deletedAt) : event.occurredAt
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, (tx) =>
    forgetProposal(tx, { proposalId: message.proposalId, ownerUserId: message.userId, deletedAt, dbSchema }),
  )
}

export function subscribeProposalDeleted(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: proposalDeleted,
    durable: CONSUMER,
    handler: (event) => handleProposalDeleted(deps.prisma, deps.dbSchema, event),
  })
}
