// Issue 16 with Stripe configured: the real `stripe` client against stripe-mock (through a small
// stateful proxy: support/stripe-mock-proxy.ts), webhook payloads signed with the test secret, the
// whole product behind the gateway. Whatever order the webhook and the manual upgrade arrive in,
// the plan is the provider's, each change is one billing.subscription.changed event, and every
// service's projection follows it (docs/decisions/105).
import {
  ALREADY_PRO_MESSAGE,
  CANCEL_SCHEDULED_MESSAGE,
  CHECKOUT_NOT_PAID_MESSAGE,
  UPGRADE_ACTIVE_MESSAGE,
  UPGRADE_PENDING_MESSAGE,
  createSubscriptionResponseSchema,
} from '@valueproof/contracts'
import { eventually, needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_SUCH_CHECKOUT_MESSAGE } from '@valueproof/contracts'
import { signStripePayload } from '../../services/billing/src/provider/webhook-signature.ts'
import { planEvents, signedInSeller, subscriberRow, subscriptionOf, userOnPlan } from '../../services/billing/src/testing/billing.ts'
import type { ApiClient } from './support/http-client.ts'
import { projectedPlans } from './support/plan-events.ts'
import { stackKinds, startTestStack, type TestStack } from './support/stack.ts'
import { startStripeMockProxy, type StripeMockProxy } from './support/stripe-mock-proxy.ts'

const kinds = (await needs('stripe-mock')) ? await stackKinds('postgres+nats+minio') : []

const PUBLIC_ORIGIN = 'https://app.valueproof.test'
const WEBHOOK_SECRET = 'whsec_integration_test_secret_0123456789'
const FORGED_SECRET = 'whsec_not_the_endpoint_secret_0123456789'
const DAY_SECONDS = 86_400
const EVENT_TIMEOUT_MS = 20_000

interface Seller {
  client: ApiClient
  userId: number
}

describe.skipIf(kinds.length === 0).each(kinds)('billing with Stripe (stripe-mock, %s)', (kind) => {
  let stack: TestStack
  let stripe: StripeMockProxy
  let counter = 0

  beforeAll(async () => {
    stripe = await startStripeMockProxy()
    stack = await startTestStack(kind, {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PUBLIC_ORIGIN,
    })
  })
  afterAll(async () => {
    await stack?.close()
    await stripe?.close()
  })

  function unique(prefix: string): string {
    counter += 1
    return `${prefix}_it_${process.pid}_${counter}`
  }

  function seller(): Promise<Seller> {
    return signedInSeller(stack, { publicOrigin: PUBLIC_ORIGIN, prefix: 'stripe' })
  }

  /** POST /api/subscription/create; answers the session id Stripe (stripe-mock) made, as billing stored it. */
  async function checkout(user: Seller): Promise<string> {
    const response = await user.client.post('/api/subscription/create', {})
    expect(response.status, await response.clone().text()).toBe(200)
    const body = createSubscriptionResponseSchema.parse(await response.json())
    expect(body.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//)
    const sessionId = (await subscriberRow(stack, user.userId))?.checkout_session_id
    if (!sessionId) throw new Error('no checkout session stored')
    return sessionId
  }

  /** The buyer paid at Stripe: the session completes with an active subscription for a month. */
  function paidAtStripe(user: Seller, sessionId: string, status = 'active'): string {
    const subscriptionId = unique('sub')
    const customer = stripe.session(sessionId)?.customer
    if (!customer) throw new Error(`session ${sessionId} has no customer`)
    stripe.setSubscription(subscriptionId, {
      customer,
      status,
      cancel_at_period_end: false,
      current_period_end: Math.floor(Date.now() / 1000) + 30 * DAY_SECONDS,
      metadata: { userId: String(user.userId) },
    })
    stripe.updateSession(sessionId, {
      status: 'complete',
      payment_status: status === 'active' ? 'paid' : 'unpaid',
      subscription: subscriptionId,
    })
    return subscriptionId
  }

  async function deliver(client: ApiClient, payload: string, secret = WEBHOOK_SECRET): Promise<Response> {
    return client.request('POST', '/api/billing/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, secret) },
    })
  }

  function eventPayload(type: string, object: Record<string, unknown>, id = unique('evt')): string {
    return JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    })
  }

  async function delivered(client: ApiClient, type: string, object: Record<string, unknown>): Promise<void> {
    const response = await deliver(client, eventPayload(type, object))
    expect(response.status, await response.clone().text()).toBe(200)
  }

  const invoiceOf = (subscriptionId: string) => ({
    id: unique('in'),
    object: 'invoice',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
  })

  /** POST /api/subscription/upgrade-manual with no body (SPEC §7), or naming the session as /settings/success may. */
  async function upgradeManual(client: ApiClient, sessionId?: string): Promise<{ status: number; body: unknown }> {
    const response = await client.post('/api/subscription/upgrade-manual', sessionId === undefined ? undefined : { sessionId })
    return { status: response.status, body: await response.json() }
  }

  /** The calls billing made to Stripe since `from` (an index into stripe.requests), as 'METHOD path'. */
  function callsSince(from: number): string[] {
    return stripe.requests.slice(from).map((request) => `${request.method} ${request.path}`)
  }

  /** A Pro seller (paid, webhook delivered) and their subscription id. */
  async function proSeller(): Promise<Seller & { subscriptionId: string }> {
    const user = await seller()
    const sessionId = await checkout(user)
    const subscriptionId = paidAtStripe(user, sessionId)
    await delivered(user.client, 'checkout.session.completed', { id: sessionId, object: 'checkout.session' })
    expect((await subscriptionOf(user.client)).plan).toBe('pro')
    return { ...user, subscriptionId }
  }

  it('asks Stripe for a subscription-mode checkout tied to the user, creating the customer once', async () => {
    const user = await seller()
    const before = stripe.requests.length
    const first = await checkout(user)
    const second = await checkout(user)
    expect(second).not.toBe(first)
    const asked = stripe.requests.slice(before)
    expect(asked.filter((request) => request.path === '/v1/customers')).toHaveLength(1)
    const sessions = asked.filter((request) => request.path === '/v1/checkout/sessions')
    expect(sessions).toHaveLength(2)
    const customer = (await subscriberRow(stack, user.userId))?.stripe_customer_id
    for (const { params, idempotencyKey } of sessions) {
      expect(Object.fromEntries(params)).toMatchObject({
        mode: 'subscription',
        customer,
        client_reference_id: String(user.userId),
        'metadata[userId]': String(user.userId),
        'subscription_data[metadata][userId]': String(user.userId),
        success_url: `${PUBLIC_ORIGIN}/settings/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${PUBLIC_ORIGIN}/settings/canceled`,
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '999',
        'line_items[0][price_data][recurring][interval]': 'month',
        'line_items[0][price_data][product_data][name]': 'ValueProof Pro',
        'line_items[0][quantity]': '1',
      })
      expect(idempotencyKey).toMatch(new RegExp(`^valueproof-checkout-${user.userId}-`))
    }
    expect(sessions[0]?.idempotencyKey).not.toBe(sessions[1]?.idempotencyKey)
  })

  it('upgrade via the webhook first, then the manual call: the same state, one ACTIVATED event', async () => {
    const user = await seller()
    const sessionId = await checkout(user)
    const subscriptionId = paidAtStripe(user, sessionId)
    await delivered(user.client, 'checkout.session.completed', { id: sessionId, object: 'checkout.session' })
    const afterWebhook = await subscriptionOf(user.client)
    expect(afterWebhook).toMatchObject({ plan: 'pro', status: 'active', testMode: false })
    expect(await upgradeManual(user.client)).toEqual({
      status: 200,
      body: { success: true, status: 'active', message: UPGRADE_ACTIVE_MESSAGE },
    })
    expect(await subscriptionOf(user.client)).toEqual(afterWebhook)
    expect(await planEvents(stack, user.userId)).toMatchObject([
      {
        change: 'ACTIVATED',
        plan: 'pro',
        version: 1,
        stripeSubscriptionId: subscriptionId,
        currentPeriodEnd: afterWebhook.currentPeriodEnd,
      },
    ])
    expect((await userOnPlan(user.client, 'pro', EVENT_TIMEOUT_MS)).stripeSubscriptionId).toBe(subscriptionId)
  })

  it('upgrade via the manual call first, then the webhook: the same state, one ACTIVATED event', async () => {
    const user = await seller()
    const sessionId = await checkout(user)
    const subscriptionId = paidAtStripe(user, sessionId)
    expect(await upgradeManual(user.client)).toEqual({
      status: 200,
      body: { success: true, status: 'active', message: UPGRADE_ACTIVE_MESSAGE },
    })
    const afterManual = await subscriptionOf(user.client)
    await delivered(user.client, 'checkout.session.completed', { id: sessionId, object: 'checkout.session' })
    await delivered(user.client, 'invoice.paid', invoiceOf(subscriptionId))
    expect(await subscriptionOf(user.client)).toEqual(afterManual)
    expect((await planEvents(stack, user.userId)).map((event) => [event.change, event.version])).toEqual([['ACTIVATED', 1]])
  })

  it('the webhook and the manual call at the same moment make one change', async () => {
    const user = await seller()
    const sessionId = await checkout(user)
    paidAtStripe(user, sessionId)
    const [webhook, manual] = await Promise.all([
      deliver(user.client, eventPayload('checkout.session.completed', { id: sessionId, object: 'checkout.session' })),
      upgradeManual(user.client),
    ])
    expect([webhook.status, manual.status]).toEqual([200, 200])
    expect((await planEvents(stack, user.userId)).map((event) => event.change)).toEqual(['ACTIVATED'])
  })

  it('a forged signature and a replayed event change nothing', async () => {
    const user = await proSeller()
    const version = (await subscriberRow(stack, user.userId))?.version
    stripe.updateSubscription(user.subscriptionId, { status: 'canceled' })
    const deleted = { id: user.subscriptionId, object: 'subscription', status: 'canceled' }
    const forged = await deliver(user.client, eventPayload('customer.subscription.deleted', deleted), FORGED_SECRET)
    expect(forged.status).toBe(400)

    // A real event, delivered while Stripe held the subscription active, comes again later.
    stripe.updateSubscription(user.subscriptionId, { status: 'active' })
    const payload = eventPayload('customer.subscription.updated', { id: user.subscriptionId, object: 'subscription' })
    expect((await deliver(user.client, payload)).status).toBe(200)
    stripe.updateSubscription(user.subscriptionId, { status: 'canceled' })
    const replay = await deliver(user.client, payload)
    expect([replay.status, await replay.json()]).toEqual([200, { received: true, outcome: 'duplicate' }])

    expect(await subscriptionOf(user.client)).toMatchObject({ plan: 'pro', status: 'active' })
    expect((await subscriberRow(stack, user.userId))?.version).toBe(version)
    expect((await planEvents(stack, user.userId)).map((event) => event.change)).toEqual(['ACTIVATED'])
    stripe.updateSubscription(user.subscriptionId, { status: 'active' })
  })

  it('an unpaid session never grants Pro: open or expired is 402, processing is pending until Stripe says active', async () => {
    const user = await seller()
    const sessionId = await checkout(user)
    expect(await upgradeManual(user.client)).toEqual({ status: 402, body: { message: CHECKOUT_NOT_PAID_MESSAGE } })
    stripe.updateSession(sessionId, { status: 'expired' })
    expect(await upgradeManual(user.client)).toEqual({ status: 402, body: { message: CHECKOUT_NOT_PAID_MESSAGE } })

    // Completed, but the payment is still processing: the subscription is incomplete.
    const processing = await checkout(user)
    const subscriptionId = paidAtStripe(user, processing, 'incomplete')
    expect(await upgradeManual(user.client)).toEqual({
      status: 202,
      body: { success: false, status: 'pending', message: UPGRADE_PENDING_MESSAGE },
    })
    await delivered(user.client, 'checkout.session.completed', { id: processing, object: 'checkout.session' })
    expect(await subscriptionOf(user.client)).toMatchObject({ plan: 'free', status: 'incomplete' })
    expect(await planEvents(stack, user.userId)).toEqual([])

    // Stripe shows the subscription active while the session is still unpaid: the manual call waits.
    stripe.updateSubscription(subscriptionId, { status: 'active' })
    expect(await upgradeManual(user.client)).toEqual({
      status: 202,
      body: { success: false, status: 'pending', message: UPGRADE_PENDING_MESSAGE },
    })
    expect(await subscriptionOf(user.client)).toMatchObject({ plan: 'free' })
    expect(await planEvents(stack, user.userId)).toEqual([])

    // The payment clears.
    stripe.updateSession(processing, { payment_status: 'paid' })
    await delivered(user.client, 'customer.subscription.updated', { id: subscriptionId, object: 'subscription' })
    expect((await subscriptionOf(user.client)).plan).toBe('pro')
    expect((await planEvents(stack, user.userId)).map((event) => event.change)).toEqual(['ACTIVATED'])
  })

  it('cancel schedules the end at the period end; subscription.deleted then makes every service Free', async () => {
    const user = await proSeller()
    const periodEnd = (await subscriptionOf(user.client)).currentPeriodEnd
    const cancel = await user.client.post('/api/subscription/cancel', {})
    expect([cancel.status, await cancel.json()]).toEqual([200, { message: CANCEL_SCHEDULED_MESSAGE, proUntil: periodEnd }])
    const update = stripe.requests.findLast(
      (request) => request.path === `/v1/subscriptions/${user.subscriptionId}` && request.method === 'POST',
    )
    expect(update?.params.get('cancel_at_period_end')).toBe('true')
    expect(await subscriptionOf(user.client)).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd })
    await eventually(async () => {
      const plans = await projectedPlans(stack, user.userId)
      return Object.values(plans).every((plan) => plan === 'pro') ? true : undefined
    }, EVENT_TIMEOUT_MS)

    stripe.updateSubscription(user.subscriptionId, { status: 'canceled' })
    await delivered(user.client, 'customer.subscription.deleted', { id: user.subscriptionId, object: 'subscription' })
    expect(await subscriptionOf(user.client)).toMatchObject({ plan: 'free', status: 'canceled' })
    expect(await planEvents(stack, user.userId)).toMatchObject([
      { change: 'ACTIVATED', version: 1 },
      { change: 'CANCEL_SCHEDULED', version: 2, cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd },
      { change: 'ENDED', version: 3, plan: 'free' },
    ])
    // Identity (limit, branding), calculator generation and proposals all follow.
    expect(await userOnPlan(user.client, 'free', EVENT_TIMEOUT_MS)).toMatchObject({ calculatorsLimit: 5, customBranding: false })
    await eventually(async () => {
      const plans = await projectedPlans(stack, user.userId)
      return Object.values(plans).every((plan) => plan === 'free') ? true : undefined
    }, EVENT_TIMEOUT_MS)
  })

  it('a failed payment keeps Pro while Stripe retries, and ends it when Stripe gives up', async () => {
    const user = await proSeller()
    stripe.updateSubscription(user.subscriptionId, { status: 'past_due' })
    await delivered(user.client, 'invoice.payment_failed', invoiceOf(user.subscriptionId))
    expect(await subscriptionOf(user.client)).toMatchObject({ plan: 'pro', status: 'past_due', paymentFailed: true })

    stripe.updateSubscription(user.subscriptionId, { status: 'unpaid' })
    await delivered(user.client, 'invoice.payment_failed', invoiceOf(user.subscriptionId))
    expect(await subscriptionOf(user.client)).toMatchObject({ plan: 'free', status: 'unpaid', paymentFailed: false })
    expect((await planEvents(stack, user.userId)).map((event) => [event.change, event.plan])).toEqual([
      ['ACTIVATED', 'pro'],
      ['PAYMENT_FAILED', 'pro'],
      ['ENDED', 'free'],
    ])
    expect((await userOnPlan(user.client, 'free', EVENT_TIMEOUT_MS)).calculatorsLimit).toBe(5)
  })

  it('a second checkout expires the first at Stripe before opening a new one', async () => {
    const user = await seller()
    const first = await checkout(user)
    const before = stripe.requests.length
    const second = await checkout(user)
    expect(second).not.toBe(first)
    expect(callsSince(before)).toEqual([`POST /v1/checkout/sessions/${first}/expire`, 'POST /v1/checkout/sessions'])
  })

  it('a second active subscription (an older checkout paid in another tab) is canceled at once; the first stays the account’s', async () => {
    const user = await seller()
    const older = await checkout(user)
    const newer = await checkout(user)
    const kept = paidAtStripe(user, newer)
    await delivered(user.client, 'checkout.session.completed', { id: newer, object: 'checkout.session' })
    // The older tab's payment went through just before billing expired its session.
    const duplicate = paidAtStripe(user, older)
    const before = stripe.requests.length
    await delivered(user.client, 'checkout.session.completed', { id: older, object: 'checkout.session' })
    expect(callsSince(before)).toContain(`DELETE /v1/subscriptions/${duplicate}`)
    expect(callsSince(before)).not.toContain(`DELETE /v1/subscriptions/${kept}`)
    expect(await subscriberRow(stack, user.userId)).toMatchObject({ plan: 'pro', subscription_id: kept, version: 1 })

    // Stripe now holds it canceled; its deletion changes nothing, and cancel acts on the kept one.
    stripe.updateSubscription(duplicate, { status: 'canceled' })
    await delivered(user.client, 'customer.subscription.deleted', { id: duplicate, object: 'subscription' })
    expect(await subscriptionOf(user.client)).toMatchObject({ plan: 'pro', status: 'active', cancelAtPeriodEnd: false })
    expect((await planEvents(stack, user.userId)).map((event) => [event.change, event.stripeSubscriptionId])).toEqual([['ACTIVATED', kept]])
    const cancelFrom = stripe.requests.length
    expect((await user.client.post('/api/subscription/cancel', {})).status).toBe(200)
    expect(callsSince(cancelFrom)).toEqual([`POST /v1/subscriptions/${kept}`])
  })

  it('upgrade-manual confirms the session the success URL names when it is the user’s, and refuses another’s', async () => {
    const user = await seller()
    const paid = await checkout(user)
    await checkout(user)
    // Paid just before the newer checkout expired it; its webhook has not arrived.
    paidAtStripe(user, paid)
    expect(await upgradeManual(user.client)).toEqual({ status: 402, body: { message: CHECKOUT_NOT_PAID_MESSAGE } })
    const stranger = await seller()
    await checkout(stranger)
    expect(await upgradeManual(stranger.client, paid)).toEqual({ status: 404, body: { message: NO_SUCH_CHECKOUT_MESSAGE } })
    expect(await upgradeManual(user.client, paid)).toEqual({
      status: 200,
      body: { success: true, status: 'active', message: UPGRADE_ACTIVE_MESSAGE },
    })
    expect((await subscriptionOf(stranger.client)).plan).toBe('free')
  })

  it('a second checkout while Pro is a 409, and Stripe is not asked', async () => {
    const user = await proSeller()
    const before = stripe.requests.length
    const again = await user.client.post('/api/subscription/create', {})
    expect([again.status, await again.json()]).toEqual([409, { message: ALREADY_PRO_MESSAGE }])
    expect(stripe.requests.length).toBe(before)
  })

  it('out of order: subscription.updated before .created, and .deleted before checkout.session.completed, end in Stripe’s state', async () => {
    const first = await seller()
    const firstSession = await checkout(first)
    const firstSubscription = paidAtStripe(first, firstSession)
    stripe.updateSubscription(firstSubscription, { cancel_at_period_end: true })
    await delivered(first.client, 'customer.subscription.updated', {
      id: firstSubscription,
      object: 'subscription',
      cancel_at_period_end: true,
    })
    await delivered(first.client, 'customer.subscription.created', {
      id: firstSubscription,
      object: 'subscription',
      cancel_at_period_end: false,
    })
    expect(await subscriptionOf(first.client)).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: true })
    expect((await planEvents(stack, first.userId)).map((event) => event.change)).toEqual(['ACTIVATED'])

    const second = await seller()
    const secondSession = await checkout(second)
    const secondSubscription = paidAtStripe(second, secondSession)
    stripe.updateSubscription(secondSubscription, { status: 'canceled' })
    await delivered(second.client, 'customer.subscription.deleted', { id: secondSubscription, object: 'subscription' })
    await delivered(second.client, 'checkout.session.completed', { id: secondSession, object: 'checkout.session', payment_status: 'paid' })
    expect(await subscriptionOf(second.client)).toMatchObject({ plan: 'free', status: 'canceled' })
    expect(await planEvents(stack, second.userId)).toEqual([])
  })

  it('answers 502 with a clear message when Stripe cannot be reached, and changes nothing', async () => {
    const user = await seller()
    await stripe.close()
    try {
      const response = await user.client.post('/api/subscription/create', {})
      expect(response.status).toBe(502)
      expect(((await response.json()) as { message: string }).message).toMatch(/payment provider could not be reached/)
      expect((await subscriberRow(stack, user.userId))?.checkout_session_id ?? null).toBeNull()
    } finally {
      stripe = await startStripeMockProxy()
    }
  })
})
