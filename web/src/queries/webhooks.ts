import { queryOptions } from '@tanstack/react-query'
import {
  createdWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointBody,
  type WebhookDelivery,
} from '@valueproof/contracts'
import { apiRequest } from '../api.ts'

// The seller's signed webhooks (issue 39): endpoints, each one's deliveries, and a resend.

export const webhooksQueryKey = ['/api/notifications/webhooks'] as const

export const deliveriesQueryKey = (endpointId: string) => ['/api/notifications/webhooks', endpointId, 'deliveries'] as const

/** GET /api/notifications/webhooks: the endpoints, oldest first, never with their secrets. */
export function webhooksQueryOptions() {
  return queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/api/notifications/webhooks', undefined, { signal })
      return webhookEndpointListSchema.parse(await response.json()).endpoints
    },
  })
}

/** GET /api/notifications/webhooks/:id/deliveries: the newest first. */
export function deliveriesQueryOptions(endpointId: string) {
  return queryOptions({
    queryKey: deliveriesQueryKey(endpointId),
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/api/notifications/webhooks/${encodeURIComponent(endpointId)}/deliveries`, undefined, {
        signal,
      })
      return webhookDeliveryListSchema.parse(await response.json()).deliveries
    },
    // Deliveries change on their own (retries, the sender's round): the list keeps up while open.
    refetchInterval: 5000,
  })
}

/** POST /api/notifications/webhooks: the answer carries the signing secret, the only time it is shown. */
export async function createWebhookEndpoint(body: CreateWebhookEndpointBody): Promise<CreatedWebhookEndpoint> {
  const response = await apiRequest('POST', '/api/notifications/webhooks', body)
  return createdWebhookEndpointSchema.parse(await response.json())
}

export async function deleteWebhookEndpoint(endpointId: string): Promise<void> {
  await apiRequest('DELETE', `/api/notifications/webhooks/${encodeURIComponent(endpointId)}`)
}

/** POST …/deliveries/:deliveryId/resend: sends it again now (and turns a disabled endpoint back on). */
export async function resendWebhookDelivery(props: { endpointId: string; deliveryId: string }): Promise<WebhookDelivery> {
  const response = await apiRequest(
    'POST',
    `/api/notifications/webhooks/${encodeURIComponent(props.endpointId)}/deliveries/${encodeURIComponent(props.deliveryId)}/resend`,
    {},
  )
  return webhookDeliverySchema.parse(await response.json())
}
