// Test mode's payment page (/checkout/test/<session>) and test clock, through the gateway: only the
// owner's sessions, Pay and Cancel with their return URLs, and a 404 for all of it with Stripe configured.
import {
  ALREADY_PRO_MESSAGE,
  CHECKOUT_ALREADY_PAID_MESSAGE,
  CHECKOUT_EXPIRED_MESSAGE,
  CHECKOUT_NOT_PAID_MESSAGE,
  NOT_SUBSCRIBED_MESSAGE,
  TEST_MODE_OFF_MESSAGE,
  createSubscriptionResponseSchema,
  testCheckoutResultSchema,
  testCheckoutSessionSchema,
} from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { planEvents, signedInSeller, subscriptionOf, testSessionId } from '../../testing/billing.ts'

async function checkout(client: ApiClient): Promise<string> {
  const response = await client.post('/api/subscription/create', {})
  expect(response.status, await response.clone().text()).toBe(200)
  return testSessionId(createSubscriptionResponseSchema.parse(await response.json()).paymentUrl ?? '')
}

describe('test-mode checkout routes', () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
  })
  afterAll(async () => {
    await stack?.close()
  })

  it("shows the owner's open session, and no one else's", async () => {
    const { client } = await signedInSeller(stack)
    const sessionId = await checkout(client)
    const page = await client.get(`/api/billing/test-checkout/${sessionId}`)
    expect(page.status).toBe(200)
    expect(testCheckoutSessionSchema.strict().parse(await page.json())).toEqual({
      id: sessionId,
      status: 'open',
      amountLabel: '$9.99/month',
      productName: 'ValueProof Pro',
    })
    const { client: stranger } = await signedInSeller(stack)
    for (const [method, path] of [
      ['GET', `/api/billing/test-checkout/${sessionId}`],
      ['POST', `/api/billing/test-checkout/${sessionId}/pay`],
      ['POST', `/api/billing/test-checkout/${sessionId}/cancel`],
      ['GET', '/api/billing/test-checkout/cs_test_000000000000000000000000'],
    ] as const) {
      const response = await stranger.request(method, path)
      expect(response.status, `${method} ${path}`).toBe(404)
    }
    expect(await (await client.get(`/api/billing/test-checkout/${sessionId}`)).json()).toMatchObject({ status: 'open' })
    expect((await stranger.post('/api/billing/test-mode/end-period')).status).toBe(409)
  })

  it('Pay goes to the success URL with the session id, makes the account Pro, and a second Pay changes nothing', async () => {
    const { client, userId } = await signedInSeller(stack)
    const sessionId = await checkout(client)
    for (let click = 0; click < 2; click += 1) {
      const paid = await client.post(`/api/billing/test-checkout/${sessionId}/pay`)
      expect(paid.status).toBe(200)
      expect(testCheckoutResultSchema.strict().parse(await paid.json())).toEqual({
        redirectUrl: `/settings/success?session_id=${sessionId}`,
      })
    }
    expect(await (await client.get(`/api/billing/test-checkout/${sessionId}`)).json()).toMatchObject({ status: 'complete' })
    expect((await subscriptionOf(client)).plan).toBe('pro')
    expect((await planEvents(stack, userId)).map((event) => event.change)).toEqual(['ACTIVATED'])
    const cancel = await client.post(`/api/billing/test-checkout/${sessionId}/cancel`)
    expect([cancel.status, await cancel.json()]).toEqual([409, { message: CHECKOUT_ALREADY_PAID_MESSAGE }])
  })

  it('a second checkout expires the first: only the newest can be paid, and no further one while Pro', async () => {
    const { client, userId } = await signedInSeller(stack)
    const first = await checkout(client)
    const second = await checkout(client)
    const stale = await client.post(`/api/billing/test-checkout/${first}/pay`)
    expect([stale.status, await stale.json()]).toEqual([409, { message: CHECKOUT_EXPIRED_MESSAGE }])
    expect((await client.post(`/api/billing/test-checkout/${second}/pay`)).status).toBe(200)
    const again = await client.post('/api/subscription/create', {})
    expect([again.status, await again.json()]).toEqual([409, { message: ALREADY_PRO_MESSAGE }])
    expect(await planEvents(stack, userId)).toHaveLength(1)
  })

  it('Cancel expires the session and goes to the cancel URL; it can then not be paid', async () => {
    const { client } = await signedInSeller(stack)
    const sessionId = await checkout(client)
    const canceled = await client.post(`/api/billing/test-checkout/${sessionId}/cancel`, {})
    expect(canceled.status).toBe(200)
    expect(await canceled.json()).toEqual({ redirectUrl: '/settings/canceled' })
    const pay = await client.post(`/api/billing/test-checkout/${sessionId}/pay`)
    expect([pay.status, await pay.json()]).toEqual([409, { message: CHECKOUT_EXPIRED_MESSAGE }])
    const upgrade = await client.post('/api/subscription/upgrade-manual')
    expect([upgrade.status, await upgrade.json()]).toEqual([402, { message: CHECKOUT_NOT_PAID_MESSAGE }])
    expect((await subscriptionOf(client)).plan).toBe('free')
  })

  it('the test clock needs a subscription', async () => {
    const { client } = await signedInSeller(stack)
    const response = await client.post('/api/billing/test-mode/end-period', {})
    expect([response.status, await response.json()]).toEqual([409, { message: NOT_SUBSCRIBED_MESSAGE }])
  })
})

describe('test-mode checkout routes with Stripe configured', () => {
  const PUBLIC_ORIGIN = 'https://app.valueproof.test'
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process', {
      STRIPE_SECRET_KEY: 'sk_test_not_used_here',
      STRIPE_WEBHOOK_SECRET: 'whsec_not_used_here',
      STRIPE_API_URL: 'http://127.0.0.1:9',
      PUBLIC_ORIGIN,
    })
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('answers 404 with the reason to every test-mode route, and /settings no longer says test mode', async () => {
    const { client } = await signedInSeller(stack, { publicOrigin: PUBLIC_ORIGIN })
    for (const [method, path] of [
      ['GET', '/api/billing/test-checkout/cs_test_000000000000000000000000'],
      ['POST', '/api/billing/test-checkout/cs_test_000000000000000000000000/pay'],
      ['POST', '/api/billing/test-checkout/cs_test_000000000000000000000000/cancel'],
      ['POST', '/api/billing/test-mode/end-period'],
    ] as const) {
      const response = await client.request(method, path)
      expect([response.status, await response.json()], `${method} ${path}`).toEqual([404, { message: TEST_MODE_OFF_MESSAGE }])
    }
    expect((await subscriptionOf(client)).testMode).toBe(false)
  })
})
