// The IDOR matrix's entries for webhooks (issue 39): A holds an endpoint; B, whatever it names or
// adds, lists, deletes and resends its own only. A's endpoints and deliveries are in the state the
// suite compares after each check.
import { WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE, WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE } from '@valueproof/contracts'
import { expect } from 'vitest'
import type { Check, Coverage } from './idor-billing.ts'
import { impersonationHeaders, type Victim } from './two-users.ts'

/** A's endpoint, on loopback (the sender never connects), added before the baseline. */
export async function withWebhook(a: Victim): Promise<void> {
  const response = await a.client.post('/api/notifications/webhooks', { url: 'https://127.0.0.1/alpha-hook', events: ['proposal.agreed'] })
  expect(response.status, await response.clone().text()).toBe(201)
  a.webhookId = ((await response.json()) as { id: string }).id
}

function own(a: Victim): string {
  if (!a.webhookId) throw new Error('A has no webhook endpoint: withWebhook did not run')
  return a.webhookId
}

/** B names A's endpoint every way it can: the same 404 as for an endpoint that does not exist. */
function endpointOwnersOnly(
  call: (b: Parameters<Check>[0]['b'], endpointId: string, headers: Record<string, string>) => Promise<Response>,
): Check {
  return async ({ a, b }) => {
    for (const headers of impersonationHeaders(a)) {
      for (const id of [own(a), 'we_doesnotexist']) {
        const response = await call(b, id, headers)
        expect(response.status, await response.clone().text()).toBe(404)
        expect(await response.json()).toEqual({ message: WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE })
      }
    }
  }
}

export const WEBHOOK_COVERAGE: Record<string, Coverage> = {
  'GET /api/notifications/webhooks': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        for (const query of ['', `?userId=${a.id}`]) {
          const response = await b.client.get(`/api/notifications/webhooks${query}`, headers)
          expect(response.status).toBe(200)
          expect(JSON.stringify(await response.json())).not.toContain(own(a))
        }
      }
    },
  },
  'POST /api/notifications/webhooks': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        const response = await b.client.post(
          '/api/notifications/webhooks',
          { url: 'https://bravo.example/hook', events: ['proposal.opened'] },
          headers,
        )
        expect(response.status, await response.clone().text()).toBe(201)
        const { id } = (await response.json()) as { id: string }
        const listed = JSON.stringify(await (await b.client.get('/api/notifications/webhooks')).json())
        expect(listed).toContain(id)
        expect((await b.client.request('DELETE', `/api/notifications/webhooks/${id}`)).status).toBe(204)
      }
      // A body naming a user is refused, not obeyed.
      const naming = await b.client.post('/api/notifications/webhooks', {
        url: 'https://bravo.example/hook',
        events: ['proposal.opened'],
        userId: a.id,
      })
      expect(naming.status).toBe(400)
    },
  },
  'DELETE /api/notifications/webhooks/:id': {
    owned: endpointOwnersOnly((b, id, headers) => b.client.request('DELETE', `/api/notifications/webhooks/${id}`, { headers })),
  },
  'GET /api/notifications/webhooks/:id/deliveries': {
    owned: endpointOwnersOnly((b, id, headers) => b.client.get(`/api/notifications/webhooks/${id}/deliveries`, headers)),
  },
  'POST /api/notifications/webhooks/:id/deliveries/:deliveryId/resend': {
    owned: async (world) => {
      await endpointOwnersOnly((b, id, headers) =>
        b.client.post(`/api/notifications/webhooks/${id}/deliveries/wd_any/resend`, {}, headers),
      )(world)
      // B's own endpoint does not reach another endpoint's deliveries either.
      const created = await world.b.client.post('/api/notifications/webhooks', {
        url: 'https://bravo.example/hook',
        events: ['proposal.opened'],
      })
      const { id } = (await created.json()) as { id: string }
      const response = await world.b.client.post(`/api/notifications/webhooks/${id}/deliveries/wd_any/resend`, {})
      expect([response.status, await response.json()]).toEqual([404, { message: WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE }])
      expect((await world.b.client.request('DELETE', `/api/notifications/webhooks/${id}`)).status).toBe(204)
    },
  },
}
