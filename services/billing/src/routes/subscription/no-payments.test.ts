// A deployment with neither STRIPE_SECRET_KEY nor PAYMENTS_TEST_MODE (the chart's and compose's
// default, docs/decisions/120) sells nothing: every call that could lead to Pro answers 503
// "Payments are not configured", the test-mode payment page does not exist, and the plan stays Free.
import { PAYMENTS_NOT_CONFIGURED_MESSAGE, userRecordSchema } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { planEvents, signedInSeller, subscriberRow, subscriptionOf } from '../../testing/billing.ts'

describe('billing without Stripe and without test mode', () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process', { PAYMENTS_TEST_MODE: 'false' })
  })
  afterAll(async () => {
    await stack?.close()
  })

  it("answers 503 'Payments are not configured' to Upgrade, the manual upgrade and cancel; the account stays Free", async () => {
    const { client, userId } = await signedInSeller(stack)
    for (const path of ['/api/subscription/create', '/api/subscription/upgrade-manual', '/api/subscription/cancel']) {
      const response = await client.post(path, {})
      expect([path, response.status, await response.json()]).toEqual([path, 503, { message: PAYMENTS_NOT_CONFIGURED_MESSAGE }])
    }
    // The success page's call with a session id it might have been given is refused the same way.
    const named = await client.post('/api/subscription/upgrade-manual', { sessionId: 'cs_test_0123456789abcdef' })
    expect([named.status, await named.json()]).toEqual([503, { message: PAYMENTS_NOT_CONFIGURED_MESSAGE }])

    expect(await subscriptionOf(client)).toMatchObject({ plan: 'free', status: 'none', testMode: false })
    expect(userRecordSchema.parse(await (await client.get('/api/user')).json()).plan).toBe('free')
    // Nothing was stored for the attempts, and no plan event was written.
    expect(await subscriberRow(stack, userId)).toBeUndefined()
    expect(await planEvents(stack, userId)).toEqual([])
  })

  it('has no test-mode payment page or test clock, and refuses webhooks it could not verify', async () => {
    const { client } = await signedInSeller(stack)
    expect((await client.get('/api/billing/test-checkout/cs_test_0123456789abcdef')).status).toBe(404)
    expect((await client.post('/api/billing/test-checkout/cs_test_0123456789abcdef/pay', {})).status).toBe(404)
    expect((await client.post('/api/billing/test-mode/end-period', {})).status).toBe(404)
    const webhook = await client.request('POST', '/api/billing/webhook', {
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
    })
    expect([webhook.status, await webhook.json()]).toEqual([503, { message: PAYMENTS_NOT_CONFIGURED_MESSAGE }])
  })
})
