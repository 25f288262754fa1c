import { timestampDate } from '@bufbuild/protobuf/wkt'
import { consumeOnce, proposalViewed, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { ProposalViewedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'
import { countOnDay } from '../domain/daily-counts.ts'
import { recordProspectView, viewCountingOf } from '../domain/visits.ts'

export const CONSUMER = 'analytics.proposal-viewed'

/**
 * A prospect's view (never the owner's: those are not counted anywhere): into its proposal's day
 * and visit (domain/visits.ts), and when it counted, the product owner's daily prospect views —
 * once per event however often it is delivered.
 */
export async function handleProposalViewed(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof ProposalViewedSchema>,
): Promise<void> {
  const { message } = event
  if (message.viewer !== 'visitor') return
  const viewedAt = message.viewedAt ? timestampDate(message.viewedAt) : event.occurredAt
  const view = {
    proposalId: message.proposalId,
    ownerUserId: message.ownerUserId,
    visitorId: message.visitorId,
    visitId: message.visitId,
    viewedAt,
    counting: viewCountingOf(message.counting),
  }
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, async (tx) => {
    await recordProspectView(tx, { view, dbSchema })
    // Last: the day's shared row is locked only until the commit that follows.
    if (view.counting === 'counted') await countOnDay(tx, 'prospect_view', viewedAt)
  })
}

export function subscribeProposalViewed(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: proposalViewed,
    durable: CONSUMER,
    handler: (event) => handleProposalViewed(deps.prisma, deps.dbSchema, event),
  })
}
