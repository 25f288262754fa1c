// The IDOR matrix's entries for plans, billing and calculator templates (issue 16): A holds an open
// test-mode checkout, a paid subscription and a template of its own; B, whatever it adds, acts on
// its own account only. Nothing here may change A's state (the suite compares it after each check).
import { TEMPLATE_NOT_FOUND_MESSAGE } from '@valueproof/contracts'
import { expect } from 'vitest'
import type { TestStack } from '../../integration/support/stack.ts'
import { generationsCounted, type Actor } from './actors.ts'
import { impersonationHeaders, type Victim } from './two-users.ts'

export interface World {
  stack: TestStack
  a: Victim
  b: Actor
}

export type Check = (world: World) => Promise<void>
export type Coverage = { owned: Check } | { publicByDesign: string }

/** A's open test-mode checkout and A's own template, as set up before the baseline. */
function own(a: Victim): { checkoutId: string; templateId: string } {
  if (!a.openCheckoutId || !a.templateId) throw new Error('A has no checkout or template: withBillingAndTemplates did not run')
  return { checkoutId: a.openCheckoutId, templateId: a.templateId }
}

/** B calls a route about A's checkout session every way it can: the same 404 as for a session that does not exist. */
function checkoutOwnersOnly(call: (b: Actor, sessionId: string, headers: Record<string, string>) => Promise<Response>): Check {
  return async ({ a, b }) => {
    for (const headers of impersonationHeaders(a)) {
      for (const id of [own(a).checkoutId, 'cs_test_doesnotexist']) {
        const response = await call(b, id, headers)
        expect(response.status, await response.clone().text()).toBe(404)
      }
    }
  }
}

/** B acts on its own subscription only, whatever it adds: A's (in the baseline) stays as it was. */
function ownSubscriptionOnly(call: (b: Actor, headers: Record<string, string>) => Promise<Response>, expected: number[]): Check {
  return async ({ a, b }) => {
    for (const headers of impersonationHeaders(a)) {
      const response = await call(b, headers)
      expect(expected, await response.clone().text()).toContain(response.status)
    }
  }
}

/** B names A's template every way it can: the same 404 as for a template that does not exist. */
function templateOwnersOnly(call: (b: Actor, templateId: string, headers: Record<string, string>) => Promise<Response>): Check {
  return async ({ a, b }) => {
    for (const headers of impersonationHeaders(a)) {
      const response = await call(b, own(a).templateId, headers)
      expect(response.status, await response.clone().text()).toBe(404)
      expect(await response.json()).toMatchObject({ message: TEMPLATE_NOT_FOUND_MESSAGE })
    }
  }
}

export const BILLING_AND_TEMPLATE_COVERAGE: Record<string, Coverage> = {
  'POST /api/billing/webhook': {
    publicByDesign:
      'Stripe calls it; only an event whose signature verifies is read, and then only the state billing re-reads from the provider is applied',
  },
  'GET /api/support': {
    publicByDesign: 'the support contact; a Pro caller gets the priority address (decided from the caller’s own session)',
  },
  // B has no subscription in billing (B's Pro came from projections alone); A holds a paid one.
  'POST /api/subscription/create': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        const response = await b.client.post('/api/subscription/create', {}, headers)
        expect(response.status, await response.clone().text()).toBe(200)
        // The checkout is B's: A cannot open it.
        const { paymentUrl } = (await response.json()) as { paymentUrl: string }
        expect((await a.client.get(`/api/billing/test-checkout/${paymentUrl.split('/').at(-1) ?? ''}`)).status).toBe(404)
      }
    },
  },
  'POST /api/subscription/upgrade-manual': {
    // B's own latest checkout is open (unpaid): 402; never A's paid one.
    owned: ownSubscriptionOnly((b, headers) => b.client.post('/api/subscription/upgrade-manual', undefined, headers), [402, 409]),
  },
  'POST /api/subscription/cancel': {
    owned: ownSubscriptionOnly((b, headers) => b.client.post('/api/subscription/cancel', {}, headers), [409]),
  },
  'GET /api/subscription': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        for (const query of ['', `?userId=${a.id}`]) {
          const response = await b.client.get(`/api/subscription${query}`, headers)
          expect(response.status).toBe(200)
          expect(await response.json()).toMatchObject({ status: 'none', cancelAtPeriodEnd: false, currentPeriodEnd: null })
        }
      }
    },
  },
  'GET /api/billing/test-checkout/:id': {
    owned: checkoutOwnersOnly((b, id, headers) => b.client.get(`/api/billing/test-checkout/${id}`, headers)),
  },
  'POST /api/billing/test-checkout/:id/pay': {
    owned: checkoutOwnersOnly((b, id, headers) => b.client.post(`/api/billing/test-checkout/${id}/pay`, {}, headers)),
  },
  'POST /api/billing/test-checkout/:id/cancel': {
    owned: checkoutOwnersOnly((b, id, headers) => b.client.post(`/api/billing/test-checkout/${id}/cancel`, {}, headers)),
  },
  'POST /api/billing/test-mode/end-period': {
    owned: ownSubscriptionOnly((b, headers) => b.client.post('/api/billing/test-mode/end-period', {}, headers), [404, 409]),
  },
  'GET /api/calculator-templates': {
    owned: async ({ a, b }) => {
      for (const headers of impersonationHeaders(a)) {
        for (const query of ['', `?userId=${a.id}`]) {
          const response = await b.client.get(`/api/calculator-templates${query}`, headers)
          expect(response.status).toBe(200)
          const { templates } = (await response.json()) as { templates: Array<{ id: string }> }
          expect(templates.length).toBeGreaterThan(0)
          expect(templates.map((template) => template.id)).not.toContain(own(a).templateId)
        }
      }
    },
  },
  'DELETE /api/calculator-templates/:id': {
    owned: templateOwnersOnly((b, id, headers) => b.client.request('DELETE', `/api/calculator-templates/${id}`, { headers })),
  },
  'POST /api/calculator-templates/:id/use': {
    owned: async (world) => {
      const before = await generationsCounted(world.stack, world.a.id)
      await templateOwnersOnly((b, id, headers) => b.client.post(`/api/calculator-templates/${id}/use`, {}, headers))(world)
      expect(await generationsCounted(world.stack, world.a.id)).toBe(before)
    },
  },
}
