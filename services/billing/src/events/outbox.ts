import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import { encodeEvent, outboxRecord, subscriptionChanged } from '@valueproof/event-bus'
import type { SubscriptionChange } from '@valueproof/proto'
import type { Tx } from '../db.ts'
import type { Subscriber } from '../generated/prisma/client.ts'

/**
 * billing.subscription.changed with the whole state after the change, stored in the outbox inside
 * the caller's transaction (the relay publishes after commit). A Free account has no subscription
 * to name: its id and period end are left out, as the event's consumers read "none" from that.
 */
export async function recordSubscriptionChanged(tx: Tx, props: { subscriber: Subscriber; change: SubscriptionChange; changedAt: Date }) {
  const { subscriber } = props
  const pro = subscriber.plan === 'pro'
  const envelope = encodeEvent(subscriptionChanged, {
    userId: subscriber.userId,
    change: props.change,
    plan: subscriber.plan,
    status: subscriber.status,
    cancelAtPeriodEnd: subscriber.cancelAtPeriodEnd,
    ...(pro && subscriber.currentPeriodEnd ? { currentPeriodEnd: timestampFromDate(subscriber.currentPeriodEnd) } : {}),
    ...(subscriber.stripeCustomerId ? { stripeCustomerId: subscriber.stripeCustomerId } : {}),
    ...(pro && subscriber.subscriptionId ? { stripeSubscriptionId: subscriber.subscriptionId } : {}),
    version: BigInt(subscriber.version),
    changedAt: timestampFromDate(props.changedAt),
  })
  await tx.outboxEvent.create({ data: outboxRecord(envelope) })
}
