// An event becomes one delivery per enabled endpoint of its owner that chose it, written in the
// consumer's transaction (consumeOnce): a redelivered event finds its deliveries there already
// (one per endpoint and event) and adds none.
import { randomUUID } from 'node:crypto'
import type { WebhookEventData, WebhookEventType } from '@valueproof/contracts'
import type { Tx } from '../db.ts'

export interface WebhookEvent<Type extends WebhookEventType> {
  /** The bus event's id: the body's `id` is made from it. */
  eventId: string
  type: Type
  ownerUserId: number
  occurredAt: Date
  data: WebhookEventData<Type>
}

/** Answers how many deliveries it added. */
export async function oweWebhooks<Type extends WebhookEventType>(tx: Tx, event: WebhookEvent<Type>): Promise<number> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { userId: event.ownerUserId, enabled: true, events: { has: event.type } },
    select: { id: true },
  })
  if (endpoints.length === 0) return 0
  const created = await tx.webhookDelivery.createMany({
    data: endpoints.map((endpoint) => ({
      id: `wd_${randomUUID()}`,
      endpointId: endpoint.id,
      eventId: `evt_${event.eventId}`,
      eventType: event.type,
      data: event.data,
      occurredAt: event.occurredAt,
    })),
    skipDuplicates: true,
  })
  return created.count
}
