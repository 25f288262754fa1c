// Test mode's payment page and test clock (docs/decisions/105): what Stripe's hosted checkout and
// its billing cycle would do, with the events they cause delivered through the real webhook handler.
import {
  ALREADY_PRO_MESSAGE,
  CHECKOUT_ALREADY_PAID_MESSAGE,
  CHECKOUT_EXPIRED_MESSAGE,
  NOT_SUBSCRIBED_MESSAGE,
  PRO_PRICE,
  type TestCheckoutSession as TestCheckoutView,
} from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import type { TestCheckoutSession } from '../generated/prisma/client.ts'
import type { SignedEvent, TestModeProvider } from '../provider/test-mode-provider.ts'
import type { Billing } from './billing.ts'
import { NO_SUCH_CHECKOUT_MESSAGE } from '@valueproof/contracts'
import { PRO_PRODUCT_NAME, successUrlFor } from './pro-plan.ts'
import { findSubscriber } from './subscribers.ts'
import { handleWebhook } from './webhooks.ts'

export interface TestModeBilling extends Billing {
  provider: TestModeProvider
}

async function ownSession(billing: TestModeBilling, id: string, userId: number): Promise<TestCheckoutSession> {
  const session = await billing.provider.sessionOf(id, userId)
  if (!session) throw errors.notFound(NO_SUCH_CHECKOUT_MESSAGE, 'checkout_not_found')
  return session
}

/**
 * Hands the event to the webhook handler, as Stripe's delivery would. A failure is logged only:
 * the payment stands, and the manual upgrade (or the next read) applies it.
 */
async function deliver(billing: TestModeBilling, event: SignedEvent | undefined): Promise<void> {
  if (!event) return
  try {
    await handleWebhook(billing, { rawBody: Buffer.from(event.payload), signature: event.signature })
  } catch (error) {
    billing.logger.warn({ err: error }, 'test-mode webhook delivery failed')
  }
}

export function presentTestCheckout(session: TestCheckoutSession): TestCheckoutView {
  return {
    id: session.id,
    status: session.status === 'complete' || session.status === 'expired' ? session.status : 'open',
    amountLabel: PRO_PRICE.label,
    productName: PRO_PRODUCT_NAME,
  }
}

export async function testCheckout(billing: TestModeBilling, id: string, userId: number): Promise<TestCheckoutView> {
  return presentTestCheckout(await ownSession(billing, id, userId))
}

/** Pay: the session completes with an active subscription; the browser goes to the success URL. */
export async function payTestCheckout(billing: TestModeBilling, id: string, userId: number): Promise<string> {
  const session = await ownSession(billing, id, userId)
  if (session.status === 'expired') throw errors.conflict(CHECKOUT_EXPIRED_MESSAGE, 'checkout_expired')
  if (session.status === 'open') {
    // A backstop (a new checkout expires the previous one): paid while Pro, it would be a second subscription.
    if ((await findSubscriber(billing.prisma, userId))?.plan === 'pro') throw errors.conflict(ALREADY_PRO_MESSAGE, 'already_pro')
    await deliver(billing, await billing.provider.completeCheckout(session))
  }
  return successUrlFor(session.successUrl, session.id)
}

/** Cancel on the payment page: the session expires; the browser goes to the cancel URL. */
export async function cancelTestCheckout(billing: TestModeBilling, id: string, userId: number): Promise<string> {
  const session = await ownSession(billing, id, userId)
  if (session.status === 'complete') throw errors.conflict(CHECKOUT_ALREADY_PAID_MESSAGE, 'checkout_already_paid')
  await billing.provider.expireCheckoutSession(session.id)
  return session.cancelUrl
}

/** The test clock: the user's billing period ends now (renewed, or ended when a cancellation was scheduled). */
export async function endTestPeriod(billing: TestModeBilling, userId: number): Promise<void> {
  const subscriber = await findSubscriber(billing.prisma, userId)
  if (subscriber?.plan !== 'pro' || subscriber.subscriptionId === null) throw errors.conflict(NOT_SUBSCRIBED_MESSAGE, 'not_subscribed')
  await deliver(billing, await billing.provider.endPeriod(subscriber.subscriptionId))
}
