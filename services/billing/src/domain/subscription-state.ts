// The one place a plan changes (docs/decisions/105). Every path — webhook, manual upgrade, cancel,
// the test clock, reconciliation — reads the subscription from the provider and hands it here.
import { qualifiedTable } from '@valueproof/event-bus'
import { SubscriptionChange } from '@valueproof/proto'
import type { Logger } from '@valueproof/http-kit'
import type { PrismaClient } from '../db.ts'
import type { Subscriber } from '../generated/prisma/client.ts'
import { recordSubscriptionChanged } from '../events/outbox.ts'
import { PRO_STATUSES, type PaymentProvider, type ProviderSubscription } from '../provider/types.ts'

/** What a user sees of their subscription (and what the event carries). */
export type SubscriptionState = Pick<
  Subscriber,
  'plan' | 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'paymentFailed' | 'subscriptionId'
>

export type StateOutcome =
  | { kind: 'ignored'; reason: string }
  | { kind: 'unchanged' }
  /** A second Pro subscription while the one billing follows still grants Pro (docs/decisions/112). */
  | { kind: 'duplicate'; heldSubscriptionId: string }
  | { kind: 'changed'; state: SubscriptionState; change: SubscriptionChange | undefined }

/** The state the provider's subscription means (Pro while active, trialing or past due). */
export function stateOf(subscription: ProviderSubscription): SubscriptionState {
  return {
    plan: PRO_STATUSES.has(subscription.status) ? 'pro' : 'free',
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodEnd: subscription.currentPeriodEnd,
    // Past due: the renewal failed and the provider retries; Pro continues meanwhile.
    paymentFailed: subscription.status === 'past_due',
    subscriptionId: subscription.id,
  }
}

function sameState(a: SubscriptionState, b: SubscriptionState): boolean {
  return (
    a.plan === b.plan &&
    a.status === b.status &&
    a.cancelAtPeriodEnd === b.cancelAtPeriodEnd &&
    (a.currentPeriodEnd?.getTime() ?? null) === (b.currentPeriodEnd?.getTime() ?? null) &&
    a.paymentFailed === b.paymentFailed &&
    a.subscriptionId === b.subscriptionId
  )
}

/**
 * What the change from `before` to `after` is called; undefined when the account stays Free (a
 * checkout whose payment is still processing, an ended subscription read again): nothing another
 * service follows has moved, so nothing is published.
 */
export function changeKind(before: SubscriptionState, after: SubscriptionState): SubscriptionChange | undefined {
  if (before.plan !== 'pro' && after.plan === 'pro') return SubscriptionChange.ACTIVATED
  if (before.plan === 'pro' && after.plan !== 'pro') return SubscriptionChange.ENDED
  if (after.plan !== 'pro') return undefined
  if (!before.paymentFailed && after.paymentFailed) return SubscriptionChange.PAYMENT_FAILED
  if (!before.cancelAtPeriodEnd && after.cancelAtPeriodEnd) return SubscriptionChange.CANCEL_SCHEDULED
  if (before.cancelAtPeriodEnd && !after.cancelAtPeriodEnd) return SubscriptionChange.CANCEL_WITHDRAWN
  // A new period, a retried payment that went through, or another subscription taking over.
  return SubscriptionChange.RENEWED
}

/**
 * The subscriber's next state from the provider's subscription. A subscription of another customer
 * is ignored, and so is one that is not the user's current subscription unless it grants Pro (an
 * old subscription's late events never undo a newer one). Another subscription that grants Pro
 * takes over only from one that no longer does: while the user is Pro it is a duplicate, unless it
 * is `replacing` the current one (which the provider says has ended).
 */
export function nextState(subscriber: Subscriber, subscription: ProviderSubscription, replacing?: string): StateOutcome {
  if (subscriber.stripeCustomerId !== null && subscription.customerId !== subscriber.stripeCustomerId) {
    return { kind: 'ignored', reason: "the subscription belongs to another of the provider's customers" }
  }
  const held = subscriber.subscriptionId
  if (held !== null && subscription.id !== held) {
    if (!PRO_STATUSES.has(subscription.status)) return { kind: 'ignored', reason: "not the user's current subscription, and not active" }
    if (subscriber.plan === 'pro' && held !== replacing) return { kind: 'duplicate', heldSubscriptionId: held }
  }
  const state = stateOf(subscription)
  if (sameState(subscriber, state)) return { kind: 'unchanged' }
  return { kind: 'changed', state, change: changeKind(subscriber, state) }
}

export interface StateDeps {
  prisma: PrismaClient
  dbSchema: string | undefined
  logger: Logger
  now: () => Date
  provider: Pick<PaymentProvider, 'retrieveSubscription' | 'cancelSubscriptionNow'>
}

export interface ApplyProps {
  userId: number
  subscription: ProviderSubscription
  /** What asked (webhook event type, upgrade-manual, …), for the log. */
  source: string
  /** The current subscription this one may take over from: the provider says it no longer grants Pro. */
  replacing?: string
}

/**
 * Applies the provider's subscription to the user's subscriber row under a row lock, so a webhook
 * and a manual call racing make one change: the second finds the state already there. A published
 * change bumps the version and writes billing.subscription.changed in the same transaction. A
 * duplicate subscription is settled after the lock is released (settleDuplicate). Undefined when
 * the user has no subscriber row (never started a checkout).
 */
export async function applySubscriptionState(deps: StateDeps, props: ApplyProps): Promise<Subscriber | undefined> {
  const outcome = await deps.prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRawUnsafe<unknown[]>(
      `SELECT user_id FROM ${qualifiedTable('subscriber', deps.dbSchema)} WHERE user_id = $1 FOR UPDATE`,
      props.userId,
    )
    if (locked.length === 0) return undefined
    const subscriber = await tx.subscriber.findUniqueOrThrow({ where: { userId: props.userId } })
    const next = nextState(subscriber, props.subscription, props.replacing)
    if (next.kind !== 'changed') return { subscriber, next }
    const publish = next.change !== undefined
    const updated = await tx.subscriber.update({
      where: { userId: props.userId },
      data: { ...next.state, ...(publish ? { version: { increment: 1 } } : {}) },
    })
    if (next.change !== undefined) await recordSubscriptionChanged(tx, { subscriber: updated, change: next.change, changedAt: deps.now() })
    return { subscriber: updated, next }
  })
  if (outcome === undefined) {
    deps.logger.warn({ userId: props.userId, source: props.source }, 'subscription for a user who never started a checkout: ignored')
    return undefined
  }
  const { next, subscriber } = outcome
  if (next.kind === 'duplicate') return settleDuplicate(deps, props, subscriber, next.heldSubscriptionId)
  if (next.kind === 'ignored') {
    deps.logger.warn(
      { userId: props.userId, subscriptionId: props.subscription.id, source: props.source, reason: next.reason },
      'subscription ignored',
    )
  } else if (next.kind === 'changed') {
    const change = next.change === undefined ? 'none published' : SubscriptionChange[next.change]
    deps.logger.info(
      { userId: props.userId, plan: subscriber.plan, status: subscriber.status, change, source: props.source },
      'subscription state',
    )
  }
  return subscriber
}

/**
 * A second subscription that grants Pro while the followed one still does (an older checkout paid
 * in another tab): the newcomer is canceled at once, its unused time credited, and an error logged
 * for support; the account keeps the followed one. When the provider says the followed one no
 * longer grants Pro (its webhook not here yet), the newcomer takes over instead.
 */
async function settleDuplicate(
  deps: StateDeps,
  props: ApplyProps,
  subscriber: Subscriber,
  heldId: string,
): Promise<Subscriber | undefined> {
  const held = await deps.provider.retrieveSubscription(heldId)
  if (held === undefined || !PRO_STATUSES.has(held.status)) return applySubscriptionState(deps, { ...props, replacing: heldId })
  deps.logger.error(
    { userId: props.userId, subscriptionId: props.subscription.id, keptSubscriptionId: heldId, source: props.source },
    'a second subscription for a user already on Pro: canceling it now (its unused time credited)',
  )
  await deps.provider.cancelSubscriptionNow(props.subscription.id)
  return subscriber
}
