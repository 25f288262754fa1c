// The built-in provider of test mode (no STRIPE_SECRET_KEY, the embedded default): Stripe-shaped
// customers, checkout sessions and subscriptions in billing's own tables, and the Stripe events
// their changes cause, signed with the test-mode webhook secret so they take the same webhook path
// as Stripe's (docs/decisions/105). No real payment is ever taken.
import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import type { PrismaClient } from '../db.ts'
import type { TestCheckoutSession, TestSubscription } from '../generated/prisma/client.ts'
import { checkoutReturnUrls } from '../domain/pro-plan.ts'
import type { CheckoutStatus, PaymentProvider, ProviderCheckoutSession, ProviderSubscription } from './types.ts'
import { signStripePayload, verifyStripeSignature } from './webhook-signature.ts'

function testId(prefix: 'cus' | 'cs' | 'sub' | 'si' | 'in' | 'evt'): string {
  return `${prefix}_test_${randomBytes(12).toString('hex')}`
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** One calendar month later, the day clamped to the month's length (31 January → 28 or 29 February). */
export function addCalendarMonth(date: Date): Date {
  const next = new Date(date)
  const day = next.getUTCDate()
  next.setUTCDate(1)
  next.setUTCMonth(next.getUTCMonth() + 1)
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()
  next.setUTCDate(Math.min(day, lastDay))
  return next
}

function subscriptionOf(row: TestSubscription): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    userId: row.userId,
  }
}

/** The subscription as Stripe's API shows it (the fields billing reads, and a few for realism). */
function stripeSubscriptionObject(row: TestSubscription) {
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customerId,
    status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    ended_at: row.endedAt ? seconds(row.endedAt) : null,
    metadata: { userId: String(row.userId) },
    items: {
      object: 'list',
      data: [
        {
          id: testId('si'),
          object: 'subscription_item',
          current_period_start: seconds(row.currentPeriodStart),
          current_period_end: seconds(row.currentPeriodEnd),
        },
      ],
    },
  }
}

export interface TestModeProviderSettings {
  prisma: PrismaClient
  webhookSecret: string
  publicOrigin: string | undefined
  now: () => Date
}

/** A Stripe event's JSON and its Stripe-Signature header, ready for the webhook handler. */
export interface SignedEvent {
  payload: string
  signature: string
}

export class TestModeProvider implements PaymentProvider {
  readonly testMode = true
  readonly #prisma: PrismaClient
  readonly #webhookSecret: string
  readonly #returnUrls: { successUrl: string; cancelUrl: string }
  readonly #paymentPageBase: string
  readonly #now: () => Date

  constructor(settings: TestModeProviderSettings) {
    this.#prisma = settings.prisma
    this.#webhookSecret = settings.webhookSecret
    this.#returnUrls = checkoutReturnUrls(settings.publicOrigin)
    this.#paymentPageBase = settings.publicOrigin ? new URL(settings.publicOrigin).origin : ''
    this.#now = settings.now
  }

  async createCustomer({ userId }: { userId: number; idempotencyKey: string }): Promise<string> {
    // One customer per user (the user id is unique): a repeated or concurrent request finds the first.
    await this.#prisma.testCustomer.createMany({ data: [{ id: testId('cus'), userId }], skipDuplicates: true })
    return (await this.#prisma.testCustomer.findUniqueOrThrow({ where: { userId } })).id
  }

  async createCheckoutSession(props: { userId: number; customerId: string; idempotencyKey: string }) {
    // The same idempotency key answers the session it first made, as Stripe's does.
    await this.#prisma.testCheckoutSession.createMany({
      data: [
        {
          id: testId('cs'),
          customerId: props.customerId,
          userId: props.userId,
          idempotencyKey: props.idempotencyKey,
          successUrl: this.#returnUrls.successUrl,
          cancelUrl: this.#returnUrls.cancelUrl,
        },
      ],
      skipDuplicates: true,
    })
    const session = await this.#prisma.testCheckoutSession.findUniqueOrThrow({ where: { idempotencyKey: props.idempotencyKey } })
    return { id: session.id, url: `${this.#paymentPageBase}/checkout/test/${encodeURIComponent(session.id)}` }
  }

  async retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | undefined> {
    const session = await this.#prisma.testCheckoutSession.findUnique({ where: { id } })
    if (!session) return undefined
    const subscription = session.subscriptionId ? await this.retrieveSubscription(session.subscriptionId) : undefined
    return {
      id: session.id,
      status: session.status as CheckoutStatus,
      paymentStatus: session.paymentStatus,
      customerId: session.customerId,
      userId: session.userId,
      subscription: subscription ?? null,
    }
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | undefined> {
    const row = await this.#prisma.testSubscription.findUnique({ where: { id } })
    return row ? subscriptionOf(row) : undefined
  }

  async scheduleCancel(subscriptionId: string): Promise<ProviderSubscription> {
    const row = await this.#prisma.testSubscription.update({
      where: { id: subscriptionId },
      // Stripe ignores the flag on a subscription that has already ended.
      data: { cancelAtPeriodEnd: true },
    })
    return subscriptionOf(row)
  }

  /** An open session expires (a new checkout, or Cancel on the payment page); Stripe sends nothing billing handles. */
  async expireCheckoutSession(id: string): Promise<void> {
    await this.#prisma.testCheckoutSession.updateMany({ where: { id, status: 'open' }, data: { status: 'expired' } })
  }

  async cancelSubscriptionNow(subscriptionId: string): Promise<void> {
    const now = this.#stripeNow()
    // Stripe would also send customer.subscription.deleted, which billing ignores for a subscription it
    // does not follow: none is sent here.
    await this.#prisma.testSubscription.updateMany({
      where: { id: subscriptionId, status: { not: 'canceled' } },
      data: { status: 'canceled', currentPeriodEnd: now, endedAt: now },
    })
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    return verifyStripeSignature(rawBody, signature, this.#webhookSecret)
  }

  /** The user's own checkout session (the payment page shows only those). */
  sessionOf(id: string, userId: number): Promise<TestCheckoutSession | null> {
    return this.#prisma.testCheckoutSession.findFirst({ where: { id, userId } })
  }

  /**
   * Pay: the open session completes (paid) with a new active subscription for one calendar month,
   * and Stripe would now send `checkout.session.completed`. Undefined when it was no longer open.
   */
  async completeCheckout(session: TestCheckoutSession): Promise<SignedEvent | undefined> {
    const now = this.#stripeNow()
    const completed = await this.#prisma
      .$transaction(async (tx) => {
        const subscription = await tx.testSubscription.create({
          data: {
            id: testId('sub'),
            customerId: session.customerId,
            userId: session.userId,
            status: 'active',
            currentPeriodStart: now,
            currentPeriodEnd: addCalendarMonth(now),
          },
        })
        // Only an open session completes: a second Pay (another tab) changes nothing.
        const { count } = await tx.testCheckoutSession.updateMany({
          where: { id: session.id, status: 'open' },
          data: { status: 'complete', paymentStatus: 'paid', subscriptionId: subscription.id },
        })
        if (count === 0) throw new SessionNoLongerOpen()
        return subscription
      })
      .catch((error: unknown) => {
        if (error instanceof SessionNoLongerOpen) return undefined
        throw error
      })
    if (!completed) return undefined
    return this.#signed('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      customer: session.customerId,
      client_reference_id: String(session.userId),
      metadata: { userId: String(session.userId) },
      subscription: completed.id,
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
    })
  }

  /**
   * The test clock: the subscription's period ends now. A scheduled cancellation ends the
   * subscription (`customer.subscription.deleted`); otherwise it renews for the month after the
   * period and its invoice is paid (`invoice.paid`). Undefined for a subscription that has already ended.
   */
  async endPeriod(subscriptionId: string): Promise<SignedEvent | undefined> {
    const now = this.#stripeNow()
    const current = await this.#prisma.testSubscription.findUnique({ where: { id: subscriptionId } })
    if (!current || current.status === 'canceled') return undefined
    if (current.cancelAtPeriodEnd) {
      const ended = await this.#prisma.testSubscription.update({
        where: { id: subscriptionId },
        data: { status: 'canceled', currentPeriodEnd: now, endedAt: now },
      })
      return this.#signed('customer.subscription.deleted', stripeSubscriptionObject(ended))
    }
    const renewed = await this.#prisma.testSubscription.update({
      where: { id: subscriptionId },
      // As if the clock had reached the period's end: the next period follows on from it.
      data: {
        status: 'active',
        currentPeriodStart: current.currentPeriodEnd,
        currentPeriodEnd: addCalendarMonth(current.currentPeriodEnd),
      },
    })
    return this.#signed('invoice.paid', {
      id: testId('in'),
      object: 'invoice',
      customer: renewed.customerId,
      status: 'paid',
      amount_paid: 0,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: renewed.id, metadata: { userId: String(renewed.userId) } },
      },
    })
  }

  /** Now in whole seconds, as Stripe keeps its times. */
  #stripeNow(): Date {
    return new Date(seconds(this.#now()) * 1000)
  }

  #signed(type: string, object: Record<string, unknown>): SignedEvent {
    const payload = JSON.stringify({
      id: testId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: seconds(this.#now()),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    })
    return { payload, signature: signStripePayload(payload, this.#webhookSecret) }
  }
}

class SessionNoLongerOpen extends Error {}
