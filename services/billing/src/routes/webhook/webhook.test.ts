// The provider's webhook through the gateway (test mode, with a configured signing secret): the
// signature is checked on the raw bytes, a forged or unsigned request stores nothing, a replay does
// nothing, and an event's own payload is never trusted: the provider is read again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { signStripePayload } from '../../provider/webhook-signature.ts'
import { planEvents, signedInSeller, subscriberRow, subscriptionOf, testSessionId, webhookEventCount } from '../../testing/billing.ts'

const SECRET = 'whsec_route_test_secret_0123456789'

function event(id: string, type: string, object: Record<string, unknown>): string {
  return JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } })
}

describe('the webhook route', () => {
  let stack: TestStack
  let counter = 0

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process', { STRIPE_WEBHOOK_SECRET: SECRET })
  })
  afterAll(async () => {
    await stack?.close()
  })

  function nextEventId(): string {
    counter += 1
    return `evt_route_${process.pid}_${counter}`
  }

  async function send(client: ApiClient, payload: string, signature: string | undefined): Promise<Response> {
    return client.request('POST', '/api/billing/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    })
  }

  async function proSeller(): Promise<{ client: ApiClient; userId: number; subscriptionId: string }> {
    const { client, userId } = await signedInSeller(stack)
    const created = (await (await client.post('/api/subscription/create', {})).json()) as { paymentUrl: string }
    expect((await client.post(`/api/billing/test-checkout/${testSessionId(created.paymentUrl)}/pay`)).status).toBe(200)
    const subscriptionId = (await subscriberRow(stack, userId))?.subscription_id
    if (!subscriptionId) throw new Error('no subscription after paying')
    return { client, userId, subscriptionId }
  }

  it('refuses a forged or missing signature with a 400 and stores nothing', async () => {
    const { client } = await signedInSeller(stack)
    const before = await webhookEventCount(stack)
    const payload = event(nextEventId(), 'customer.subscription.updated', { id: 'sub_test_forged', object: 'subscription' })
    for (const signature of [signStripePayload(payload, 'whsec_someone_else'), undefined, 't=1,v1=00']) {
      const response = await send(client, payload, signature)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).toMatch(/^Webhook signature verification failed: /)
    }
    // Signed, then changed on the way: the signature covers the exact bytes.
    const tampered = await send(client, payload.replace('sub_test_forged', 'sub_test_changed'), signStripePayload(payload, SECRET))
    expect(tampered.status).toBe(400)
    expect(await webhookEventCount(stack)).toBe(before)
  })

  it('verifies the raw bytes as sent (any spacing), acknowledges unknown types, and answers a replay without acting', async () => {
    const { client } = await signedInSeller(stack)
    const before = await webhookEventCount(stack)
    const payload = JSON.stringify(JSON.parse(event(nextEventId(), 'customer.created', { id: 'cus_x', name: 'Åsa Öberg' })), null, 4)
    const signature = signStripePayload(payload, SECRET)
    const first = await send(client, payload, signature)
    expect([first.status, await first.json()]).toEqual([200, { received: true, outcome: 'ignored' }])
    const replay = await send(client, payload, signature)
    expect([replay.status, await replay.json()]).toEqual([200, { received: true, outcome: 'duplicate' }])
    expect(await webhookEventCount(stack)).toBe(before + 1)
  })

  it("never trusts the payload: a 'deleted' event for a subscription the provider holds active changes nothing", async () => {
    const { client, userId, subscriptionId } = await proSeller()
    const payload = event(nextEventId(), 'customer.subscription.deleted', {
      id: subscriptionId,
      object: 'subscription',
      status: 'canceled',
      metadata: { userId: String(userId) },
    })
    const response = await send(client, payload, signStripePayload(payload, SECRET))
    expect([response.status, await response.json()]).toEqual([200, { received: true, outcome: 'handled' }])
    expect(await subscriptionOf(client)).toMatchObject({ plan: 'pro', status: 'active' })
    expect((await planEvents(stack, userId)).map((planEvent) => planEvent.change)).toEqual(['ACTIVATED'])
  })

  it('ignores events about subscriptions and sessions the provider does not have', async () => {
    const { client } = await signedInSeller(stack)
    for (const [type, object] of [
      ['customer.subscription.updated', { id: 'sub_test_unknown', object: 'subscription' }],
      ['checkout.session.completed', { id: 'cs_test_unknown', object: 'checkout.session' }],
      ['invoice.paid', { id: 'in_test_unknown', object: 'invoice', parent: null }],
    ] as const) {
      const payload = event(nextEventId(), type, object)
      const response = await send(client, payload, signStripePayload(payload, SECRET))
      expect([response.status, await response.json()], type).toEqual([200, { received: true, outcome: 'ignored' }])
    }
  })

  it('refuses a payload over the limit with a 413', async () => {
    const { client } = await signedInSeller(stack)
    const payload = event(nextEventId(), 'customer.created', { id: 'cus_big', description: 'x'.repeat(600 * 1024) })
    const response = await send(client, payload, signStripePayload(payload, SECRET))
    expect(response.status).toBe(413)
  })
})
