import { timestampDate } from '@bufbuild/protobuf/wkt'
import { consumeOnce, proposalPdfDownloaded, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { ProposalPdfDownloadedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'
import { countPdfDownload } from '../domain/proposals.ts'

export const CONSUMER = 'analytics.proposal-pdf-downloaded'

/**
 * A prospect's PDF download into its proposal's day, once per event however often it is delivered.
 * The owner's own downloads are not counted, as their views are not.
 */
export async function handleProposalPdfDownloaded(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof ProposalPdfDownloadedSchema>,
): Promise<void> {
  const { message } = event
  if (message.viewer !== 'visitor') return
  const downloadedAt = message.downloadedAt ? timestampDate(message.downloadedAt) : event.occurredAt
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, async (tx) => {
    await countPdfDownload(tx, { proposalId: message.proposalId, ownerUserId: message.ownerUserId, downloadedAt, dbSchema })
  })
}

export function subscribeProposalPdfDownloaded(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: proposalPdfDownloaded,
    durable: CONSUMER,
    handler: (event) => handleProposalPdfDownloaded(deps.prisma, deps.dbSchema, event),
  })
}
