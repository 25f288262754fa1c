// SPEC §7's subscription calls through the gateway, with the built-in test-mode provider (no
// STRIPE_SECRET_KEY, as `npm start`): checkout, the manual upgrade that never grants on the call
// alone, cancel at period end, and the plan as /settings reads it. Each change is one plan event.
import {
  ALREADY_PRO_MESSAGE,
  CANCEL_ALREADY_SCHEDULED_MESSAGE,
  CANCEL_SCHEDULED_MESSAGE,
  CHECKOUT_CREATED_MESSAGE,
  CHECKOUT_EXPIRED_MESSAGE,
  CHECKOUT_NOT_PAID_MESSAGE,
  NO_CHECKOUT_MESSAGE,
  NOT_SUBSCRIBED_MESSAGE,
  UPGRADE_ACTIVE_MESSAGE,
  cancelSubscriptionResponseSchema,
  createSubscriptionResponseSchema,
  testCheckoutSessionSchema,
  upgradeManualResponseSchema,
} from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { NO_SUCH_CHECKOUT_MESSAGE } from '@valueproof/contracts'
import { addCalendarMonth } from '../../provider/test-mode-provider.ts'
import { planEvents, signedInSeller, subscriberRow, subscriptionOf, testSessionId, userOnPlan } from '../../testing/billing.ts'

describe('subscription routes (test mode)', () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function checkout(client: ApiClient): Promise<string> {
    const response = await client.post('/api/subscription/create', {})
    expect(response.status, await response.clone().text()).toBe(200)
    const body = createSubscriptionResponseSchema.strict().parse(await response.json())
    expect(body).toMatchObject({ success: true, message: CHECKOUT_CREATED_MESSAGE })
    return testSessionId(body.paymentUrl ?? '')
  }

  async function pay(client: ApiClient, sessionId: string): Promise<void> {
    const response = await client.post(`/api/billing/test-checkout/${sessionId}/pay`)
    expect(response.status, await response.clone().text()).toBe(200)
  }

  it('starts Free with no subscription, and refuses the manual upgrade and cancel before any checkout', async () => {
    const { client } = await signedInSeller(stack)
    expect(await subscriptionOf(client)).toEqual({
      plan: 'free',
      status: 'none',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      paymentFailed: false,
      testMode: true,
    })
    const upgrade = await client.post('/api/subscription/upgrade-manual')
    expect([upgrade.status, await upgrade.json()]).toEqual([409, { message: NO_CHECKOUT_MESSAGE }])
    const cancel = await client.post('/api/subscription/cancel', {})
    expect([cancel.status, await cancel.json()]).toEqual([409, { message: NOT_SUBSCRIBED_MESSAGE }])
  })

  it('creates the customer once and a new checkout each time, expiring the previous one; an unpaid checkout never grants Pro', async () => {
    const { client, userId } = await signedInSeller(stack)
    const first = await checkout(client)
    const customer = (await subscriberRow(stack, userId))?.stripe_customer_id
    expect(customer).toMatch(/^cus_test_/)
    const second = await checkout(client)
    expect(second).not.toBe(first)
    expect(await subscriberRow(stack, userId)).toMatchObject({ stripe_customer_id: customer, checkout_session_id: second })
    // Only the newest checkout can be paid (docs/decisions/112).
    const stale = await client.get(`/api/billing/test-checkout/${first}`)
    expect(testCheckoutSessionSchema.parse(await stale.json()).status).toBe('expired')
    const payStale = await client.post(`/api/billing/test-checkout/${first}/pay`)
    expect([payStale.status, await payStale.json()]).toEqual([409, { message: CHECKOUT_EXPIRED_MESSAGE }])

    const upgrade = await client.post('/api/subscription/upgrade-manual')
    expect([upgrade.status, await upgrade.json()]).toEqual([402, { message: CHECKOUT_NOT_PAID_MESSAGE }])
    expect((await subscriptionOf(client)).plan).toBe('free')
    expect(await planEvents(stack, userId)).toEqual([])
  })

  it('pays, upgrades to Pro once (webhook and manual call agree), refuses a second checkout, cancels at period end and ends', async () => {
    const { client, userId } = await signedInSeller(stack)
    const sessionId = await checkout(client)
    await pay(client, sessionId)

    // The test-mode webhook already applied the payment; the manual call finds it, changing nothing.
    for (let call = 0; call < 2; call += 1) {
      const upgrade = await client.post('/api/subscription/upgrade-manual')
      expect(upgrade.status).toBe(200)
      expect(upgradeManualResponseSchema.strict().parse(await upgrade.json())).toEqual({
        success: true,
        status: 'active',
        message: UPGRADE_ACTIVE_MESSAGE,
      })
    }
    const pro = await subscriptionOf(client)
    expect(pro).toMatchObject({ plan: 'pro', status: 'active', cancelAtPeriodEnd: false, paymentFailed: false })
    const periodEnd = new Date(pro.currentPeriodEnd ?? 0)
    const inAMonth = new Date()
    inAMonth.setUTCMonth(inAMonth.getUTCMonth() + 1)
    expect(Math.abs(periodEnd.getTime() - inAMonth.getTime())).toBeLessThan(4 * 86_400_000)
    expect((await userOnPlan(client, 'pro')).calculatorsLimit).toBe(100)

    const again = await client.post('/api/subscription/create', {})
    expect([again.status, await again.json()]).toEqual([409, { message: ALREADY_PRO_MESSAGE }])

    const cancel = await client.post('/api/subscription/cancel', {})
    expect(cancel.status).toBe(200)
    expect(cancelSubscriptionResponseSchema.strict().parse(await cancel.json())).toEqual({
      message: CANCEL_SCHEDULED_MESSAGE,
      proUntil: pro.currentPeriodEnd,
    })
    const repeated = await client.post('/api/subscription/cancel', {})
    expect(await repeated.json()).toEqual({ message: CANCEL_ALREADY_SCHEDULED_MESSAGE, proUntil: pro.currentPeriodEnd })
    expect(await subscriptionOf(client)).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: true, currentPeriodEnd: pro.currentPeriodEnd })

    const ended = await client.post('/api/billing/test-mode/end-period', {})
    expect(ended.status, await ended.clone().text()).toBe(200)
    expect(await ended.json()).toMatchObject({ plan: 'free', status: 'canceled' })
    expect((await userOnPlan(client, 'free')).calculatorsLimit).toBe(5)

    const subscriptionId = (await subscriberRow(stack, userId))?.subscription_id
    const customerId = (await subscriberRow(stack, userId))?.stripe_customer_id
    expect(await planEvents(stack, userId)).toMatchObject([
      {
        change: 'ACTIVATED',
        plan: 'pro',
        status: 'active',
        version: 1,
        stripeSubscriptionId: subscriptionId,
        stripeCustomerId: customerId,
      },
      { change: 'CANCEL_SCHEDULED', plan: 'pro', cancelAtPeriodEnd: true, version: 2, currentPeriodEnd: pro.currentPeriodEnd },
      { change: 'ENDED', plan: 'free', status: 'canceled', version: 3, stripeSubscriptionId: null, currentPeriodEnd: null },
    ])

    // Free again: a new checkout is allowed and keeps the customer.
    await checkout(client)
    expect((await subscriberRow(stack, userId))?.stripe_customer_id).toBe(customerId)
  })

  it("confirms the session the success page names, when it is the user's; another's is a 404", async () => {
    const buyer = await signedInSeller(stack)
    const stranger = await signedInSeller(stack)
    const sessionId = await checkout(buyer.client)
    await checkout(stranger.client)
    const foreign = await stranger.client.post('/api/subscription/upgrade-manual', { sessionId })
    expect([foreign.status, await foreign.json()]).toEqual([404, { message: NO_SUCH_CHECKOUT_MESSAGE }])
    const unknown = await buyer.client.post('/api/subscription/upgrade-manual', { sessionId: 'cs_test_0000' })
    expect([unknown.status, await unknown.json()]).toEqual([404, { message: NO_SUCH_CHECKOUT_MESSAGE }])
    const malformed = await buyer.client.post('/api/subscription/upgrade-manual', { sessionId: 'sub_123' })
    expect(malformed.status).toBe(400)
    expect(((await malformed.json()) as { message: string }).message).toMatch(/^sessionId: /)

    const unpaid = await buyer.client.post('/api/subscription/upgrade-manual', { sessionId })
    expect([unpaid.status, await unpaid.json()]).toEqual([402, { message: CHECKOUT_NOT_PAID_MESSAGE }])
    await pay(buyer.client, sessionId)
    const paid = await buyer.client.post('/api/subscription/upgrade-manual', { sessionId })
    expect([paid.status, await paid.json()]).toEqual([200, { success: true, status: 'active', message: UPGRADE_ACTIVE_MESSAGE }])
    // Pro does not make another's session confirmable.
    const foreignWhilePro = await buyer.client.post('/api/subscription/upgrade-manual', {
      sessionId: (await subscriberRow(stack, stranger.userId))?.checkout_session_id,
    })
    expect(foreignWhilePro.status).toBe(404)
    expect((await subscriptionOf(stranger.client)).plan).toBe('free')
  })

  it('renews when the period ends with no cancellation scheduled', async () => {
    const { client, userId } = await signedInSeller(stack)
    await pay(client, await checkout(client))
    const before = await subscriptionOf(client)
    const renewed = await client.post('/api/billing/test-mode/end-period')
    expect(renewed.status).toBe(200)
    const after = await subscriptionOf(client)
    expect(after).toMatchObject({ plan: 'pro', status: 'active' })
    // The next month follows on from the period that ended.
    expect(after.currentPeriodEnd).toBe(addCalendarMonth(new Date(before.currentPeriodEnd ?? 0)).toISOString())
    expect((await planEvents(stack, userId)).map((event) => [event.change, event.version])).toEqual([
      ['ACTIVATED', 1],
      ['RENEWED', 2],
    ])
  })

  it('answers 401 without a session and 415 to a body that is not JSON', async () => {
    const visitor = new ApiClient(stack.url)
    for (const path of ['/api/subscription/create', '/api/subscription/upgrade-manual', '/api/subscription/cancel']) {
      expect((await visitor.post(path, {})).status, path).toBe(401)
    }
    expect((await visitor.get('/api/subscription')).status).toBe(401)
    const { client } = await signedInSeller(stack)
    const xml = await client.request('POST', '/api/subscription/create', { body: '<pro/>', headers: { 'content-type': 'application/xml' } })
    expect(xml.status).toBe(415)
    const malformed = await client.request('POST', '/api/subscription/cancel', {
      body: '{"',
      headers: { 'content-type': 'application/json' },
    })
    expect([malformed.status, await malformed.json()]).toEqual([400, { message: 'Malformed JSON in request body' }])
  })
})
