// SPEC §7's three calls: start a checkout, the manual upgrade after it, and cancel at period end.
// None of them grants anything by itself: each reads the provider and applies what it holds.
import {
  ALREADY_PRO_MESSAGE,
  CANCEL_ALREADY_SCHEDULED_MESSAGE,
  CANCEL_SCHEDULED_MESSAGE,
  CHECKOUT_NOT_PAID_MESSAGE,
  NO_CHECKOUT_MESSAGE,
  NOT_SUBSCRIBED_MESSAGE,
  type CancelSubscriptionResponse,
} from '@valueproof/contracts'
import { errors, HttpError } from '@valueproof/http-kit'
import type { NewCheckout } from '../provider/types.ts'
import type { Billing } from './billing.ts'
import { customerFor, ensureSubscriber, findSubscriber, idempotencyKey } from './subscribers.ts'
import { applySubscriptionState } from './subscription-state.ts'

/** Subscription states that will not become active again: its checkout did not buy Pro. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired', 'unpaid'])

/**
 * A checkout of Pro for the user: their customer (created once), a new session, its id kept for
 * the manual upgrade. A user on Pro gets a 409 instead of a second subscription.
 */
export async function startCheckout(billing: Billing, userId: number): Promise<NewCheckout> {
  const subscriber = await ensureSubscriber(billing.prisma, userId)
  if (subscriber.plan === 'pro') throw errors.conflict(ALREADY_PRO_MESSAGE, 'already_pro')
  const customerId = await customerFor(billing, subscriber)
  // Two clicks at once share the key (so the provider answers one session); the next checkout after
  // this one gets a new key.
  const checkout = await billing.provider.createCheckoutSession({
    userId,
    customerId,
    idempotencyKey: idempotencyKey('checkout', subscriber, subscriber.checkoutSessionId ?? 'first'),
  })
  await billing.prisma.subscriber.update({ where: { userId }, data: { checkoutSessionId: checkout.id } })
  return checkout
}

/**
 * After checkout (/settings/success): reads the user's latest session from the provider and
 * applies its subscription. 'active' once the provider holds a paid, active subscription;
 * 'pending' while the payment is processing. An open or expired session is a 402.
 */
export async function upgradeFromCheckout(billing: Billing, userId: number): Promise<'active' | 'pending'> {
  const subscriber = await findSubscriber(billing.prisma, userId)
  if (subscriber?.plan === 'pro') return 'active'
  const noCheckout = errors.conflict(NO_CHECKOUT_MESSAGE, 'no_checkout')
  if (!subscriber?.checkoutSessionId) throw noCheckout
  const session = await billing.provider.retrieveCheckoutSession(subscriber.checkoutSessionId)
  if (!session) throw noCheckout
  const notPaid = new HttpError(402, 'checkout_not_paid', CHECKOUT_NOT_PAID_MESSAGE)
  if (session.status !== 'complete') throw notPaid
  if (session.subscription) {
    const applied = await applySubscriptionState(billing, { userId, subscription: session.subscription, source: 'upgrade-manual' })
    if (applied?.plan === 'pro') return 'active'
    if (ENDED_STATUSES.has(session.subscription.status)) throw notPaid
  }
  return 'pending'
}

/** Cancel at the end of the paid period; Pro stays until then. Asking again changes nothing. */
export async function cancelAtPeriodEnd(billing: Billing, userId: number): Promise<CancelSubscriptionResponse> {
  const subscriber = await findSubscriber(billing.prisma, userId)
  if (subscriber?.plan !== 'pro' || subscriber.subscriptionId === null) throw errors.conflict(NOT_SUBSCRIBED_MESSAGE, 'not_subscribed')
  if (subscriber.cancelAtPeriodEnd) {
    return { message: CANCEL_ALREADY_SCHEDULED_MESSAGE, proUntil: subscriber.currentPeriodEnd?.toISOString() ?? null }
  }
  const subscription = await billing.provider.scheduleCancel(subscriber.subscriptionId)
  const applied = await applySubscriptionState(billing, { userId, subscription, source: 'cancel' })
  const periodEnd = applied?.currentPeriodEnd ?? subscription.currentPeriodEnd
  return { message: CANCEL_SCHEDULED_MESSAGE, proUntil: periodEnd?.toISOString() ?? null }
}
