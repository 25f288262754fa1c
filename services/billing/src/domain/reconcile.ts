import type { Billing } from './billing.ts'
import { applySubscriptionState } from './subscription-state.ts'

/** Subscriptions read per pass; the next pass takes the rest. */
const RECONCILE_BATCH = 100

/**
 * Reads again the Pro subscriptions whose paid period has ended, in case the webhook that renewed
 * or ended them never arrived. Answers how many were read.
 */
export async function reconcileEndedPeriods(billing: Billing): Promise<number> {
  const due = await billing.prisma.subscriber.findMany({
    where: { plan: 'pro', currentPeriodEnd: { lt: billing.now() }, subscriptionId: { not: null } },
    orderBy: { currentPeriodEnd: 'asc' },
    take: RECONCILE_BATCH,
  })
  for (const subscriber of due) {
    if (subscriber.subscriptionId === null) continue
    const subscription = await billing.provider.retrieveSubscription(subscriber.subscriptionId)
    if (subscription) await applySubscriptionState(billing, { userId: subscriber.userId, subscription, source: 'reconcile' })
  }
  return due.length
}
