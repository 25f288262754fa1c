import { subscriptionStatusSchema, type SubscriptionStatus } from '@valueproof/contracts'
import type { Subscriber } from '../generated/prisma/client.ts'

/** What /settings shows of the plan; a user who never checked out is Free with no subscription. */
export function presentSubscription(subscriber: Subscriber | null, testMode: boolean): SubscriptionStatus {
  return subscriptionStatusSchema.parse({
    plan: subscriber?.plan ?? 'free',
    status: subscriber?.status ?? 'none',
    cancelAtPeriodEnd: subscriber?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: subscriber?.currentPeriodEnd?.toISOString() ?? null,
    paymentFailed: subscriber?.paymentFailed ?? false,
    testMode,
  })
}
