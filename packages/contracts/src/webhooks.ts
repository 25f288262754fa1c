// The seller's signed webhooks (issue 39): endpoints they add in /settings, the deliveries each
// endpoint received, and what a delivery's body and signature are (README: Webhooks).
import { z } from 'zod'

/** What a seller can subscribe an endpoint to, named as Zapier, Make and n8n users read them. */
export const WEBHOOK_EVENT_TYPES = ['proposal.opened', 'proposal.agreed', 'proposal.pdf_downloaded'] as const
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES)
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>

/** The version of the body's shape, sent as `version` in every body. */
export const WEBHOOK_PAYLOAD_VERSION = 1
/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the endpoint's secret>`, as Stripe signs. */
export const WEBHOOK_SIGNATURE_HEADER = 'ValueProof-Signature'
export const WEBHOOK_SECRET_PREFIX = 'whsec_'
export const WEBHOOK_URL_MAX_LENGTH = 2048
export const WEBHOOK_ENDPOINTS_MAX = 10

export const WEBHOOK_URL_MESSAGE = 'Enter the endpoint as a full https:// address'
export const WEBHOOK_EVENTS_MESSAGE = 'Choose at least one event to send'
export const WEBHOOK_ENDPOINTS_LIMIT_MESSAGE = `You can add up to ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints; delete one to add another`
export const WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE = 'No such webhook endpoint'
export const WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE = 'No such delivery for this endpoint'

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === ''
  } catch {
    return false
  }
}

/** POST /api/notifications/webhooks */
export const createWebhookEndpointBodySchema = z
  .object({
    url: z.string().trim().max(WEBHOOK_URL_MAX_LENGTH, WEBHOOK_URL_MESSAGE).refine(isHttpsUrl, WEBHOOK_URL_MESSAGE),
    events: z
      .array(webhookEventTypeSchema)
      .min(1, WEBHOOK_EVENTS_MESSAGE)
      .max(WEBHOOK_EVENT_TYPES.length)
      .refine((events) => new Set(events).size === events.length, 'Name each event once'),
  })
  .strict()
export type CreateWebhookEndpointBody = z.infer<typeof createWebhookEndpointBodySchema>

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** Why the service stopped sending to it (a day of failed deliveries); absent while enabled. */
  disabledReason: z.string().optional(),
})
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>

/** The answer to a create: the only time the signing secret is shown. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX) })
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) })
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>

/** pending: not delivered yet (retried with backoff); delivered: answered 2xx; failed: given up after a day, or its endpoint was disabled. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventType: webhookEventTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** The last attempt's HTTP status; absent before one was answered (or when none could connect). */
  responseCode: z.number().int().optional(),
  attempts: z.number().int().nonnegative(),
  createdAt: z.string(),
  deliveredAt: z.string().optional(),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>

/** GET /api/notifications/webhooks/:id/deliveries: the newest first. */
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) })
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>

const proposalFacts = { proposalId: z.string(), title: z.string() }

/** What each event's `data` holds: only what the seller sees in the app (no visitor ids, no addresses). */
export const webhookEventDataSchemas = {
  'proposal.opened': z.object({ ...proposalFacts, openedAt: z.string() }),
  'proposal.agreed': z.object({
    ...proposalFacts,
    scenario: z.string(),
    /** Null when the calculator shows none; below zero for a net cost. */
    yearlyValue: z.number().nullable(),
    currency: z.string(),
    agreedAt: z.string(),
  }),
  'proposal.pdf_downloaded': z.object({ ...proposalFacts, scenario: z.string(), downloadedAt: z.string() }),
} satisfies Record<WebhookEventType, z.ZodType>

export type WebhookEventData<Type extends WebhookEventType> = z.infer<(typeof webhookEventDataSchemas)[Type]>

/** A delivery's body: the same `id` on every attempt and resend, so a receiver can drop repeats. */
export interface WebhookPayload<Type extends WebhookEventType = WebhookEventType> {
  version: typeof WEBHOOK_PAYLOAD_VERSION
  type: Type
  id: string
  /** Unix seconds of the event. */
  created: number
  data: WebhookEventData<Type>
}
