// Billing's plan events as tests need them (`@valueproof/event-bus/testing`): the whole state after a
// simple change, as billing publishes it — Pro with a month's period unless the subscription ended.
import { randomUUID } from 'node:crypto'
import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import { SubscriptionChange, type SubscriptionChangedSchema } from '@valueproof/proto'
import { decodeEvent, encodeEvent, subscriptionChanged } from '../events.ts'
import type { DeliveredEvent, EventEnvelope } from '../types.ts'

export interface PlanChange {
  userId: number
  change: SubscriptionChange
  version: number
  /** The Stripe ids the event names; by default `cus_test_<user>` and `sub_test_<user>`. */
  stripeCustomerId?: string
  stripeSubscriptionId?: string
}

const MONTH_MS = 30 * 86_400_000

/** The encoded event billing would write to its outbox for this change. */
export function planChangeEnvelope(props: PlanChange): EventEnvelope {
  const ended = props.change === SubscriptionChange.ENDED
  return encodeEvent(subscriptionChanged, {
    userId: props.userId,
    change: props.change,
    plan: ended ? 'free' : 'pro',
    status: ended ? 'canceled' : 'active',
    cancelAtPeriodEnd: props.change === SubscriptionChange.CANCEL_SCHEDULED,
    ...(ended
      ? {}
      : {
          currentPeriodEnd: timestampFromDate(new Date(Date.now() + MONTH_MS)),
          stripeSubscriptionId: props.stripeSubscriptionId ?? `sub_test_${props.userId}`,
        }),
    stripeCustomerId: props.stripeCustomerId ?? `cus_test_${props.userId}`,
    version: BigInt(props.version),
    changedAt: timestampFromDate(new Date()),
  })
}

/** The same event as a consumer receives it (first delivery), with its own id unless one is given. */
export function deliveredPlanChange(props: PlanChange & { id?: string }): DeliveredEvent<typeof SubscriptionChangedSchema> {
  const envelope = planChangeEnvelope(props)
  return {
    id: props.id ?? randomUUID(),
    subject: envelope.subject,
    message: decodeEvent(subscriptionChanged, envelope),
    headers: {},
    occurredAt: envelope.occurredAt,
    deliveryCount: 1,
  }
}
