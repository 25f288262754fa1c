// Plans and billing (issue 16): the billing service owns checkout and subscriptions; the web app
// reads these answers. SPEC §7 fixes the three /api/subscription calls' fields.
import { z } from 'zod'
import { planSchema } from './user.ts'

export { PRO_PRICE } from './plans.ts'

export const ALREADY_PRO_MESSAGE = 'You are already on the Pro plan. Manage or cancel it in Settings.'
export const CHECKOUT_CREATED_MESSAGE = 'Checkout created: continue to the payment page.'
export const UPGRADE_ACTIVE_MESSAGE = 'Your account is on the Pro plan.'
export const UPGRADE_PENDING_MESSAGE = 'Your payment is still processing. Your account will be upgraded to Pro as soon as it clears.'
export const NO_CHECKOUT_MESSAGE = 'No checkout was found for your account. Choose Upgrade to Pro to start one.'
export const CHECKOUT_NOT_PAID_MESSAGE = 'The checkout has not been paid, so your plan is unchanged. Choose Upgrade to Pro to try again.'
export const NOT_SUBSCRIBED_MESSAGE = 'You have no active Pro subscription to cancel.'
export const CANCEL_ALREADY_SCHEDULED_MESSAGE =
  'Your subscription is already canceled. You will have access to Pro features until the end of your billing period'
/** SPEC §8: the cancel call's message (also the web's fallback for the 'Subscription Canceled' toast). */
export const CANCEL_SCHEDULED_MESSAGE =
  'Your subscription has been canceled. You will have access to Pro features until the end of your billing period'
export const PAYMENT_PROVIDER_UNAVAILABLE_MESSAGE = 'The payment provider could not be reached. Please try again in a moment.'
export const CHECKOUT_EXPIRED_MESSAGE = 'This checkout has expired. Choose Upgrade to Pro to start a new one.'
export const CHECKOUT_ALREADY_PAID_MESSAGE = 'This checkout is already paid.'
export const TEST_MODE_OFF_MESSAGE = 'Test-mode checkout is off: payments go through Stripe.'
/** Neither Stripe nor PAYMENTS_TEST_MODE is configured: nothing is sold (503; docs/decisions/120). */
export const PAYMENTS_NOT_CONFIGURED_MESSAGE = 'Payments are not configured'
export const PRO_ONLY_TEMPLATES_MESSAGE = 'Calculator templates are a Pro feature. Upgrade to Pro to use them.'

/** POST /api/subscription/create: the browser goes to paymentUrl. */
export const createSubscriptionResponseSchema = z.object({
  success: z.boolean(),
  paymentUrl: z.string().optional(),
  message: z.string(),
})
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>

/** A checkout session id (cs_test_…, cs_live_…; test mode's look the same). */
const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/

/**
 * POST /api/subscription/upgrade-manual's body: none (SPEC §7), `{}`, or the session the success
 * URL named (`/settings/success?session_id=…`, docs/decisions/112).
 */
export const upgradeManualRequestSchema = z.object({
  sessionId: z.string().regex(CHECKOUT_SESSION_ID, 'must be a checkout session id (cs_…)').optional(),
})
export type UpgradeManualRequest = z.infer<typeof upgradeManualRequestSchema>

/** upgrade-manual named a session that is not the caller's, or does not exist (404). */
export const NO_SUCH_CHECKOUT_MESSAGE = 'No such checkout: it is not one of yours, or it does not exist.'

/** POST /api/subscription/upgrade-manual: active (Pro granted) or pending (payment processing). */
export const upgradeManualResponseSchema = z.object({
  success: z.boolean(),
  status: z.enum(['active', 'pending']),
  message: z.string(),
})
export type UpgradeManualResponse = z.infer<typeof upgradeManualResponseSchema>

/** POST /api/subscription/cancel: Pro stays until `proUntil` (ISO instant). */
export const cancelSubscriptionResponseSchema = z.object({
  message: z.string(),
  proUntil: z.string().nullable(),
})
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponseSchema>

/** GET /api/subscription: what /settings shows about the plan. */
export const subscriptionStatusSchema = z.object({
  plan: planSchema,
  /** The provider's subscription status, or 'none'. */
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  /** End of the paid period: when Pro ends if a cancellation is scheduled, else when it renews. */
  currentPeriodEnd: z.string().nullable(),
  /** The last renewal failed and the provider is retrying (Pro continues meanwhile). */
  paymentFailed: z.boolean(),
  /** No Stripe key configured: the built-in test-mode checkout takes payments. */
  testMode: z.boolean(),
})
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>

/** GET /api/billing/test-checkout/:id: the local payment page's session (test mode only). */
export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  amountLabel: z.string(),
  productName: z.string(),
})
export type TestCheckoutSession = z.infer<typeof testCheckoutSessionSchema>

/** POST /api/billing/test-checkout/:id/pay|cancel: where the browser goes next (the success or cancel URL). */
export const testCheckoutResultSchema = z.object({ redirectUrl: z.string() })

/** GET /api/support: where 'Contact Support' goes; Pro users get the priority address. */
export const supportContactSchema = z.object({
  email: z.string(),
  phone: z.string().nullable(),
  priority: z.boolean(),
  /** The reply target, e.g. 'within 4 business hours'. */
  replyWithin: z.string(),
})
export type SupportContact = z.infer<typeof supportContactSchema>
