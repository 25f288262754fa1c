// Sends the webhook deliveries that are due. Each round claims a batch in one statement (FOR UPDATE
// SKIP LOCKED, pushing their next attempt a lease ahead), as the e-mail sender does, so replicas never
// send one delivery at once and a replica that dies mid-batch leaves its deliveries to the next
// claim. A delivery is a POST of the versioned body, signed like Stripe's; a 2xx answer delivers it,
// anything else is retried with backoff for a day. After that the endpoint is disabled, its other
// pending deliveries fail with it, and the seller is owed an e-mail saying so.
import { WEBHOOK_PAYLOAD_VERSION, WEBHOOK_SIGNATURE_HEADER, webhookEventTypeSchema } from '@valueproof/contracts'
import { qualifiedTable } from '@valueproof/db'
import type { Logger } from '@valueproof/http-kit'
import { OutboundRefusal, type OutboundClient } from '@valueproof/outbound-http'
import type { PrismaClient, Tx } from '../db.ts'
import { oweMail } from '../domain/mail-queue.ts'
import { GIVE_UP_AFTER_MS, retryDelayMs } from '../sending/sender.ts'
import { webhookSignature, type WebhookSecretCipher } from './secret.ts'

/** A receiver's answer is read up to this much, then the delivery counts as failed. */
const ANSWER_MAX_BYTES = 64 * 1024

export interface DeliverDeps {
  prisma: PrismaClient
  dbSchema: string | undefined
  client: OutboundClient
  cipher: WebhookSecretCipher
  logger: Logger
  now: () => Date
}

interface ClaimedDelivery {
  id: string
  endpoint_id: string
  event_id: string
  event_type: string
  data: unknown
  occurred_at: Date
  attempts: number
  retrying_since: Date
}

type Outcome = { status: 'delivered'; code: number } | { status: 'failed'; code: number | undefined; reason: string }

async function claimDueDeliveries(deps: DeliverDeps, props: { now: Date; limit: number; leaseMs: number }): Promise<ClaimedDelivery[]> {
  const table = qualifiedTable(deps.dbSchema, 'webhook_delivery')
  return deps.prisma.$queryRawUnsafe<ClaimedDelivery[]>(
    `UPDATE ${table} SET next_attempt_at = $2, retrying_since = COALESCE(retrying_since, $1)
      WHERE id IN (SELECT id FROM ${table} WHERE status = 'pending' AND next_attempt_at <= $1
                    ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING id, endpoint_id, event_id, event_type, data, occurred_at, attempts, retrying_since`,
    props.now,
    new Date(props.now.getTime() + props.leaseMs),
    props.limit,
  )
}

/** The body a receiver gets: `version`, `type`, `id`, `created` (unix seconds) and `data`. */
export function webhookBody(delivery: Pick<ClaimedDelivery, 'event_id' | 'event_type' | 'data' | 'occurred_at'>): string {
  return JSON.stringify({
    version: WEBHOOK_PAYLOAD_VERSION,
    type: delivery.event_type,
    id: delivery.event_id,
    created: Math.floor(delivery.occurred_at.getTime() / 1000),
    data: delivery.data,
  })
}

async function attempt(
  deps: DeliverDeps,
  delivery: ClaimedDelivery,
  endpoint: { url: string; secret: string },
  now: Date,
): Promise<Outcome> {
  const body = webhookBody(delivery)
  const signature = webhookSignature(endpoint.secret, Math.floor(now.getTime() / 1000), body)
  try {
    const answer = await deps.client.post(endpoint.url, {
      json: body,
      headers: { [WEBHOOK_SIGNATURE_HEADER]: signature, 'ValueProof-Event-Id': delivery.event_id },
      maxBytes: ANSWER_MAX_BYTES,
    })
    if (answer.status >= 200 && answer.status <= 299) return { status: 'delivered', code: answer.status }
    return { status: 'failed', code: answer.status, reason: `answered ${answer.status}` }
  } catch (error) {
    const reason = error instanceof OutboundRefusal ? error.message : String(error)
    return { status: 'failed', code: undefined, reason }
  }
}

/** A day of failures: the endpoint is disabled, its pending deliveries fail, the seller is owed an e-mail (in the caller's transaction). */
async function disableEndpoint(tx: Tx, endpointId: string, reason: string, now: Date): Promise<boolean> {
  const disabled = await tx.webhookEndpoint.updateMany({
    where: { id: endpointId, enabled: true },
    data: { enabled: false, disabledReason: reason },
  })
  if (disabled.count === 0) return false
  await tx.webhookDelivery.updateMany({
    where: { endpointId, status: 'pending' },
    data: { status: 'failed', lastError: 'endpoint disabled' },
  })
  const endpoint = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId }, select: { userId: true, url: true } })
  await oweMail(tx, {
    id: `webhook_disabled-${endpointId}-${now.getTime()}`,
    userId: endpoint.userId,
    kind: 'webhook_disabled',
    data: { endpointId, url: endpoint.url, reason },
  })
  return true
}

async function deliver(deps: DeliverDeps, delivery: ClaimedDelivery, now: Date): Promise<void> {
  const endpoint = await deps.prisma.webhookEndpoint.findUnique({ where: { id: delivery.endpoint_id } })
  // Deleted meanwhile: its deliveries went with it.
  if (endpoint === null) return
  const tried = { attempts: delivery.attempts + 1 }
  if (!endpoint.enabled || !webhookEventTypeSchema.safeParse(delivery.event_type).success) {
    await deps.prisma.webhookDelivery.update({
      where: { id: delivery.id },
      data: { status: 'failed', lastError: endpoint.enabled ? `unknown event ${delivery.event_type}` : 'endpoint disabled' },
    })
    return
  }
  const outcome = await attempt(deps, delivery, { url: endpoint.url, secret: deps.cipher.decrypt(endpoint.id, endpoint.secret) }, now)
  const code = outcome.code === undefined ? {} : { responseCode: outcome.code }
  if (outcome.status === 'delivered') {
    await deps.prisma.webhookDelivery.update({
      where: { id: delivery.id },
      data: { ...tried, ...code, status: 'delivered', deliveredAt: now, lastError: null },
    })
    return
  }
  if (now.getTime() - delivery.retrying_since.getTime() >= GIVE_UP_AFTER_MS) {
    // One transaction: whoever sees the delivery failed sees its endpoint disabled.
    const reason = `Deliveries failed for a day (last: ${outcome.reason})`
    const disabled = await deps.prisma.$transaction(async (tx) => {
      await tx.webhookDelivery.update({
        where: { id: delivery.id },
        data: { ...tried, ...code, status: 'failed', lastError: `gave up after a day: ${outcome.reason}` },
      })
      return disableEndpoint(tx, endpoint.id, reason, now)
    })
    if (disabled) deps.logger.warn({ endpointId: endpoint.id, reason }, 'webhook endpoint disabled after a day of failed deliveries')
    return
  }
  await deps.prisma.webhookDelivery.update({
    where: { id: delivery.id },
    data: { ...tried, ...code, nextAttemptAt: new Date(now.getTime() + retryDelayMs(delivery.attempts + 1)), lastError: outcome.reason },
  })
}

/** Claims and sends one batch, all at once (each bounded by the client's time limits); answers how many it handled. */
export async function deliverDueWebhooks(deps: DeliverDeps, props: { limit: number; leaseMs: number }): Promise<number> {
  const now = deps.now()
  const claimed = await claimDueDeliveries(deps, { now, limit: props.limit, leaseMs: props.leaseMs })
  await Promise.all(claimed.map((delivery) => deliver(deps, delivery, now)))
  return claimed.length
}
