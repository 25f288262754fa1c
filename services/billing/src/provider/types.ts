// What billing needs from a payment provider, in Stripe's terms: Stripe itself, or the built-in
// test-mode provider (no STRIPE_SECRET_KEY). The rest of billing sees only these shapes.
import type Stripe from 'stripe'

/** A subscription as the provider holds it now. */
export interface ProviderSubscription {
  id: string
  customerId: string
  /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, … */
  status: string
  cancelAtPeriodEnd: boolean
  /** End of the paid period; null when the provider gives none. */
  currentPeriodEnd: Date | null
  /** Our user id, from the metadata set at checkout (undefined when absent or not a user id). */
  userId: number | undefined
}

export type CheckoutStatus = 'open' | 'complete' | 'expired'

/** A checkout session as the provider holds it now, with its subscription when it has one. */
export interface ProviderCheckoutSession {
  id: string
  status: CheckoutStatus
  /** paid, unpaid (a payment still processing), or no_payment_required. */
  paymentStatus: string
  customerId: string | null
  /** client_reference_id, else metadata.userId. */
  userId: number | undefined
  subscription: ProviderSubscription | null
}

export interface NewCheckout {
  id: string
  /** Where the browser goes to pay. */
  url: string
}

export interface PaymentProvider {
  /** The built-in test-mode provider (no real payment). */
  readonly testMode: boolean
  /** A customer for the user (metadata userId); called once per user, its id is kept. The same idempotency key answers the same customer. */
  createCustomer(props: { userId: number; idempotencyKey: string }): Promise<string>
  /** A subscription-mode checkout of the Pro price; the same idempotency key answers the same session. */
  createCheckoutSession(props: { userId: number; customerId: string; idempotencyKey: string }): Promise<NewCheckout>
  /** undefined when the provider has no such session. */
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | undefined>
  /** undefined when the provider has no such subscription. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | undefined>
  /** Cancel at the end of the paid period (Pro stays until then). */
  scheduleCancel(subscriptionId: string): Promise<ProviderSubscription>
  /**
   * The session can no longer be paid. A session that is already complete or expired, or that the
   * provider does not know, is left as it is (no error).
   */
  expireCheckoutSession(id: string): Promise<void>
  /**
   * Ends the subscription now (a second subscription of a user already on Pro), its unused time
   * credited to the customer's balance. One that has already ended, or that the provider does not
   * know, is left as it is (no error).
   */
  cancelSubscriptionNow(subscriptionId: string): Promise<void>
  /** The event in a webhook request, when its signature verifies; throws WebhookSignatureError otherwise. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event
}

/** The provider could not be reached or failed (a 502 for the client). */
export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable'
}

/** A webhook whose signature is missing or does not verify. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError'
}

/** Pro while the subscription is paid or being retried (docs/decisions/105). */
export const PRO_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due'])

/** A checkout session's payment status that counts as paid (docs/decisions/112). */
export const PAID_PAYMENT_STATUSES: ReadonlySet<string> = new Set(['paid', 'no_payment_required'])

/** A user id from Stripe's metadata or client_reference_id: a positive integer, else undefined. */
export function userIdFrom(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return undefined
  const id = Number(value)
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : undefined
}
