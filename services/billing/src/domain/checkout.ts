// SPEC §7's three calls: start a checkout, the manual upgrade after it, and cancel at period end.
// None of them grants anything by itself: each reads the provider and applies what it holds.
import {
  NO_SUCH_CHECKOUT_MESSAGE,
  ALREADY_PRO_MESSAGE,
  CANCEL_ALREADY_SCHEDULED_MESSAGE,
  CANCEL_SCHEDULED_MESSAGE,
  CHECKOUT_NOT_PAID_MESSAGE,
  NO_CHECKOUT_MESSAGE,
  NOT_SUBSCRIBED_MESSAGE,
  type CancelSubscriptionResponse,
} from '@valueproof/contracts'
import { errors, HttpError } from '@valueproof/http-kit'
import type { Subscriber } from '../generated/prisma/client.ts'
import { PAID_PAYMENT_STATUSES, type NewCheckout, type ProviderCheckoutSession } from '../provider/types.ts'
import type { Billing } from './billing.ts'
import { customerFor, ensureSubscriber, findSubscriber, idempotencyKey } from './subscribers.ts'
import { applySubscriptionState } from './subscription-state.ts'

/** Subscription states that will not become active again: its checkout did not buy Pro. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired', 'unpaid'])

/** A checkout session id named by the client that is not the user's (or does not exist). */

/**
 * A checkout of Pro for the user: their customer (created once), a new session, its id kept for
 * the manual upgrade. The previous session is expired first, so only the newest can be paid
 * (docs/decisions/112). A user on Pro gets a 409 instead of a second subscription.
 */
export async function startCheckout(billing: Billing, userId: number): Promise<NewCheckout> {
  const subscriber = await ensureSubscriber(billing.prisma, userId)
  if (subscriber.plan === 'pro') throw errors.conflict(ALREADY_PRO_MESSAGE, 'already_pro')
  const customerId = await customerFor(billing, subscriber)
  if (subscriber.checkoutSessionId !== null) await billing.provider.expireCheckoutSession(subscriber.checkoutSessionId)
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
 * The session is the user's: its client reference (or metadata) names them, or its customer is
 * theirs, and neither names someone else.
 */
function belongsTo(session: ProviderCheckoutSession, userId: number, subscriber: Subscriber | null): boolean {
  const byUser = session.userId === undefined ? undefined : session.userId === userId
  const customerId = subscriber?.stripeCustomerId ?? null
  const byCustomer = session.customerId === null || customerId === null ? undefined : session.customerId === customerId
  return byUser !== false && byCustomer !== false && (byUser === true || byCustomer === true)
}

/** The session named by the client (404 unless it is the user's), else the user's latest (409 when none). */
async function checkoutToConfirm(
  billing: Billing,
  userId: number,
  subscriber: Subscriber | null,
  sessionId: string | undefined,
): Promise<ProviderCheckoutSession> {
  if (sessionId !== undefined) {
    const session = await billing.provider.retrieveCheckoutSession(sessionId)
    if (!session || !belongsTo(session, userId, subscriber)) throw errors.notFound(NO_SUCH_CHECKOUT_MESSAGE, 'checkout_not_found')
    return session
  }
  const noCheckout = errors.conflict(NO_CHECKOUT_MESSAGE, 'no_checkout')
  if (!subscriber?.checkoutSessionId) throw noCheckout
  const session = await billing.provider.retrieveCheckoutSession(subscriber.checkoutSessionId)
  if (!session) throw noCheckout
  return session
}

/**
 * After checkout (/settings/success): reads the session the success URL named (else the user's
 * latest) from the provider and applies its subscription only when the session is paid and the
 * subscription active. 'pending' while the payment is processing; an open or expired session, or
 * one whose subscription ended, is a 402.
 */
export async function upgradeFromCheckout(billing: Billing, userId: number, sessionId?: string): Promise<'active' | 'pending'> {
  const subscriber = await findSubscriber(billing.prisma, userId)
  if (sessionId === undefined && subscriber?.plan === 'pro') return 'active'
  const session = await checkoutToConfirm(billing, userId, subscriber, sessionId)
  if (subscriber?.plan === 'pro') return 'active'
  const notPaid = new HttpError(402, 'checkout_not_paid', CHECKOUT_NOT_PAID_MESSAGE)
  const { subscription } = session
  if (session.status !== 'complete' || (subscription && ENDED_STATUSES.has(subscription.status))) throw notPaid
  // Paid and active, or nothing is granted here: the webhook applies whatever comes next.
  if (!subscription || subscription.status !== 'active' || !PAID_PAYMENT_STATUSES.has(session.paymentStatus)) return 'pending'
  const applied = await applySubscriptionState(billing, { userId, subscription, source: 'upgrade-manual' })
  return applied?.plan === 'pro' ? 'active' : 'pending'
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
