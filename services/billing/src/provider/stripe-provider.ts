// The real Stripe API through the official `stripe` client (its host, port and protocol from
// STRIPE_API_URL when set: stripe-mock in tests). API 2026-10-28 shapes: the paid period is on the
// subscription's items, an invoice names its subscription under parent.subscription_details.
import { PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE, PRO_PRICE } from '@valueproof/contracts'
import { errors, type Logger } from '@valueproof/http-kit'
import Stripe from 'stripe'
import { checkoutReturnUrls, PRO_PRODUCT_NAME } from '../domain/pro-plan.ts'
import type { CheckoutStatus, NewCheckout, PaymentProvider, ProviderCheckoutSession, ProviderSubscription } from './types.ts'
import { userIdFrom } from './types.ts'
import { verifyStripeSignature } from './webhook-signature.ts'

export interface StripeProviderSettings {
  secretKey: string
  webhookSecret: string
  /** A configured price; absent: inline price data from PRO_PRICE. */
  priceId: string | undefined
  /** http(s)://host:port of the API (stripe-mock in tests); absent: api.stripe.com. */
  apiUrl: string | undefined
  publicOrigin: string | undefined
  logger: Logger
}

const REQUEST_TIMEOUT_MS = 20_000
const NETWORK_RETRIES = 2

function stripeClient(settings: StripeProviderSettings): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: NETWORK_RETRIES, timeout: REQUEST_TIMEOUT_MS }
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl)
    const protocol = url.protocol === 'http:' ? 'http' : 'https'
    config.host = url.hostname
    config.port = url.port || (protocol === 'http' ? 80 : 443)
    config.protocol = protocol
  }
  return new Stripe(settings.secretKey, config)
}

function idOf(value: string | { id: string } | null): string | null {
  if (value === null) return null
  return typeof value === 'string' ? value : value.id
}

/** The paid period ends when its last item's does (one item here: the Pro price). */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end) => typeof end === 'number')
  return ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null
}

export function subscriptionFromStripe(subscription: Stripe.Subscription): ProviderSubscription {
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: periodEndOf(subscription),
    userId: userIdFrom(subscription.metadata?.userId),
  }
}

function checkoutStatusOf(status: Stripe.Checkout.Session.Status | null): CheckoutStatus {
  if (status === 'complete') return 'complete'
  if (status === 'expired') return 'expired'
  return 'open'
}

/** `resource_missing`: the provider has no such object (the caller answers "not found"). */
function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing'
}

/** Subscription states Stripe never leaves: nothing is left to cancel. */
const FINAL_SUBSCRIPTION_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired'])

export function createStripeProvider(settings: StripeProviderSettings): PaymentProvider {
  const stripe = stripeClient(settings)
  const returnUrls = checkoutReturnUrls(settings.publicOrigin)

  /** A Stripe failure is the provider's: logged, and a 502 with a clear message for the client. */
  function providerFailure(what: string, error: unknown): Error {
    settings.logger.error({ err: error, stripeCall: what }, 'Stripe request failed')
    return errors.badGateway(PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE, 'payment_provider_unavailable')
  }

  async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request()
    } catch (error) {
      throw providerFailure(what, error)
    }
  }

  /** undefined when Stripe has no such object. */
  async function orMissing<T>(what: string, request: () => Promise<T>): Promise<T | undefined> {
    try {
      return await request()
    } catch (error) {
      if (isMissing(error)) return undefined
      throw providerFailure(what, error)
    }
  }

  async function retrieveSubscription(id: string): Promise<ProviderSubscription | undefined> {
    const subscription = await orMissing('subscriptions.retrieve', () => stripe.subscriptions.retrieve(id))
    return subscription ? subscriptionFromStripe(subscription) : undefined
  }

  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = settings.priceId
    ? { price: settings.priceId, quantity: 1 }
    : {
        price_data: {
          currency: PRO_PRICE.currency,
          unit_amount: PRO_PRICE.amountMinor,
          recurring: { interval: PRO_PRICE.interval },
          product_data: { name: PRO_PRODUCT_NAME },
        },
        quantity: 1,
      }

  return {
    testMode: false,

    async createCustomer({ userId, idempotencyKey }) {
      const customer = await call('customers.create', () =>
        stripe.customers.create({ metadata: { userId: String(userId) } }, { idempotencyKey }),
      )
      return customer.id
    },

    async createCheckoutSession({ userId, customerId, idempotencyKey }): Promise<NewCheckout> {
      const metadata = { userId: String(userId) }
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: customerId,
            client_reference_id: String(userId),
            metadata,
            subscription_data: { metadata },
            line_items: [lineItem],
            success_url: returnUrls.successUrl,
            cancel_url: returnUrls.cancelUrl,
          },
          { idempotencyKey },
        ),
      )
      if (!session.url) {
        settings.logger.error({ sessionId: session.id }, 'Stripe answered a checkout session without a URL')
        throw errors.badGateway(PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE, 'payment_provider_unavailable')
      }
      return { id: session.id, url: session.url }
    },

    async retrieveCheckoutSession(id): Promise<ProviderCheckoutSession | undefined> {
      const session = await orMissing('checkout.sessions.retrieve', () =>
        stripe.checkout.sessions.retrieve(id, { expand: ['subscription'] }),
      )
      if (!session) return undefined
      let subscription: ProviderSubscription | undefined
      if (typeof session.subscription === 'string') subscription = await retrieveSubscription(session.subscription)
      else if (session.subscription) subscription = subscriptionFromStripe(session.subscription)
      return {
        id: session.id,
        status: checkoutStatusOf(session.status),
        paymentStatus: session.payment_status,
        customerId: idOf(session.customer),
        userId: userIdFrom(session.client_reference_id) ?? userIdFrom(session.metadata?.userId),
        subscription: subscription ?? null,
      }
    },

    retrieveSubscription,

    async scheduleCancel(subscriptionId) {
      const subscription = await call('subscriptions.update', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      )
      return subscriptionFromStripe(subscription)
    },

    async expireCheckoutSession(id) {
      try {
        await stripe.checkout.sessions.expire(id)
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw providerFailure('checkout.sessions.expire', error)
        // Stripe refuses a session that is no longer open (paid, or expired already): nothing to do then.
        const session = await orMissing('checkout.sessions.retrieve', () => stripe.checkout.sessions.retrieve(id))
        if (session?.status === 'open') throw providerFailure('checkout.sessions.expire', error)
      }
    },

    async cancelSubscriptionNow(subscriptionId) {
      try {
        // Prorated: the unused time becomes a credit on the customer's balance, which Stripe applies
        // to the kept subscription's next invoices (docs/decisions/112).
        await stripe.subscriptions.cancel(subscriptionId, { prorate: true, invoice_now: true })
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw providerFailure('subscriptions.cancel', error)
        const subscription = await retrieveSubscription(subscriptionId)
        if (subscription && !FINAL_SUBSCRIPTION_STATUSES.has(subscription.status)) throw providerFailure('subscriptions.cancel', error)
      }
    },

    verifyWebhook(rawBody, signature) {
      return verifyStripeSignature(rawBody, signature, settings.webhookSecret)
    },
  }
}
