// Webhook signatures, checked and (in test mode) made with the stripe library itself: the same
// Stripe-Signature scheme (HMAC-SHA256 of `timestamp.payload`) whichever provider is in use.
import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { WebhookSignatureError } from './types.ts'

/** The event in a webhook request, when `signature` signs exactly `rawBody` with `secret` (and is recent). */
export function verifyStripeSignature(rawBody: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing')
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret)
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new WebhookSignatureError('The Stripe-Signature header does not match the payload', { cause: error })
    }
    // Signed correctly but not JSON: only someone holding the secret can send that.
    if (error instanceof SyntaxError) throw new WebhookSignatureError('The webhook payload is not JSON', { cause: error })
    throw error
  }
}

/** A Stripe-Signature header for `payload` (test mode's own events, and tests). */
export function signStripePayload(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret })
}

/** A signing secret for test mode when none is configured: this process alone signs and checks its events. */
export function processWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`
}
