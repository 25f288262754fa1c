// The seller's endpoints and their deliveries, as /settings shows and changes them. Rows are never
// sent as they are: presenters list the fields (the encrypted secret never leaves).
import { randomUUID } from 'node:crypto'
import {
  WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE,
  WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE,
  WEBHOOK_ENDPOINTS_LIMIT_MESSAGE,
  WEBHOOK_ENDPOINTS_MAX,
  webhookDeliverySchema,
  webhookEventTypeSchema,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointBody,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import type { PrismaClient } from '../db.ts'
import type { WebhookDelivery as DeliveryRow, WebhookEndpoint as EndpointRow } from '../generated/prisma/client.ts'
import { newWebhookSecret, type WebhookSecretCipher } from './secret.ts'

/** The deliveries an endpoint's list shows. */
const DELIVERIES_LISTED = 50

function presentEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events.flatMap((event) => {
      const parsed = webhookEventTypeSchema.safeParse(event)
      return parsed.success ? [parsed.data] : []
    }),
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    ...(row.disabledReason === null ? {} : { disabledReason: row.disabledReason }),
  }
}

function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return webhookDeliverySchema.parse({
    id: row.id,
    eventType: row.eventType,
    status: row.status,
    ...(row.responseCode === null ? {} : { responseCode: row.responseCode }),
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    ...(row.deliveredAt === null ? {} : { deliveredAt: row.deliveredAt.toISOString() }),
  })
}

async function ownEndpoint(prisma: PrismaClient, userId: number, endpointId: string): Promise<EndpointRow> {
  const row = await prisma.webhookEndpoint.findFirst({ where: { id: endpointId, userId } })
  if (row === null) throw errors.notFound(WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, 'webhook_endpoint_not_found')
  return row
}

export async function listEndpoints(prisma: PrismaClient, userId: number): Promise<WebhookEndpoint[]> {
  const rows = await prisma.webhookEndpoint.findMany({ where: { userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return rows.map(presentEndpoint)
}

/** Adds an endpoint; the answer carries its secret, which is never shown again. */
export async function createEndpoint(
  deps: { prisma: PrismaClient; cipher: WebhookSecretCipher },
  props: { userId: number; body: CreateWebhookEndpointBody },
): Promise<CreatedWebhookEndpoint> {
  const id = `we_${randomUUID()}`
  const secret = newWebhookSecret()
  const row = await deps.prisma.$transaction(async (tx) => {
    // Serialises one seller's creates, so two at once cannot both pass the count.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoint'), ${props.userId})`
    if ((await tx.webhookEndpoint.count({ where: { userId: props.userId } })) >= WEBHOOK_ENDPOINTS_MAX)
      throw errors.conflict(WEBHOOK_ENDPOINTS_LIMIT_MESSAGE, 'webhook_endpoints_limit')
    return tx.webhookEndpoint.create({
      data: { id, userId: props.userId, url: props.body.url, events: props.body.events, secret: deps.cipher.encrypt(id, secret) },
    })
  })
  return { ...presentEndpoint(row), secret }
}

/** Deletes an endpoint and its deliveries (those pending are never sent). */
export async function deleteEndpoint(prisma: PrismaClient, userId: number, endpointId: string): Promise<void> {
  const { count } = await prisma.webhookEndpoint.deleteMany({ where: { id: endpointId, userId } })
  if (count === 0) throw errors.notFound(WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE, 'webhook_endpoint_not_found')
}

export async function listDeliveries(prisma: PrismaClient, userId: number, endpointId: string): Promise<WebhookDelivery[]> {
  await ownEndpoint(prisma, userId, endpointId)
  const rows = await prisma.webhookDelivery.findMany({
    where: { endpointId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: DELIVERIES_LISTED,
  })
  return rows.map(presentDelivery)
}

/**
 * Sends a delivery again, now, with a new day of retries: the same body `id`, so a receiver that has
 * it can drop it. Resending to a disabled endpoint turns it back on: the seller says it is fixed.
 */
export async function resendDelivery(
  prisma: PrismaClient,
  props: { userId: number; endpointId: string; deliveryId: string; now: Date },
): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(prisma, props.userId, props.endpointId)
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: props.deliveryId, endpointId: endpoint.id },
      data: { status: 'pending', nextAttemptAt: props.now, retryingSince: props.now, lastError: null, deliveredAt: null },
    })
    if (count === 0) throw errors.notFound(WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE, 'webhook_delivery_not_found')
    if (!endpoint.enabled) await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: true, disabledReason: null } })
    return presentDelivery(await tx.webhookDelivery.findUniqueOrThrow({ where: { id: props.deliveryId } }))
  })
}
