import { timestampDate } from '@bufbuild/protobuf/wkt'
import { consumeOnce, proposalShared, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { ProposalSharedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'
import { countOnDay } from '../domain/daily-counts.ts'

export const CONSUMER = 'analytics.proposal-shared'

/** Counts a share link made, on its UTC day, once per event. */
export async function handleProposalShared(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof ProposalSharedSchema>,
): Promise<void> {
  const sharedAt = event.message.sharedAt ? timestampDate(event.message.sharedAt) : event.occurredAt
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, (tx) =>
    countOnDay(tx, 'proposal_shared', sharedAt),
  )
}

export function subscribeProposalShared(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: proposalShared,
    durable: CONSUMER,
    handler: (event) => handleProposalShared(deps.prisma, deps.dbSchema, event),
  })
}
