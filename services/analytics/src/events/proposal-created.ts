import { timestampDate } from '@bufbuild/protobuf/wkt'
import { consumeOnce, proposalCreated, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { ProposalCreatedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'
import { countOnDay } from '../domain/daily-counts.ts'
import { noteProposalCreated } from '../domain/proposals.ts'

export const CONSUMER = 'analytics.proposal-created'

/** Notes the proposal's owner (whose dashboard it belongs to) and counts the creation on its day, once per event. */
export async function handleProposalCreated(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof ProposalCreatedSchema>,
): Promise<void> {
  const { message } = event
  const createdAt = message.createdAt ? timestampDate(message.createdAt) : event.occurredAt
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, async (tx) => {
    await noteProposalCreated(tx, { proposalId: message.proposalId, ownerUserId: message.userId, createdAt })
    await countOnDay(tx, 'proposal_created', createdAt)
  })
}

export function subscribeProposalCreated(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: proposalCreated,
    durable: CONSUMER,
    handler: (event) => handleProposalCreated(deps.prisma, deps.dbSchema, event),
  })
}
