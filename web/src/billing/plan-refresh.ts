import type { QueryClient } from '@tanstack/react-query'
import type { Plan } from '@valueproof/contracts'
import { subscriptionQueryOptions } from '../queries/subscription.ts'
import { supportQueryKey } from '../queries/support.ts'
import { userQueryOptions } from '../queries/user.ts'

/**
 * The account's plan reaches GET /api/user through billing's event (docs/decisions/105), a moment
 * after billing answers. After a call that changed the plan, the user record is read again until it
 * shows billing's plan, a few times at most; then whatever it says is shown.
 */
export const PLAN_SETTLE_ATTEMPTS = 20
export const PLAN_SETTLE_INTERVAL_MS = 250

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

async function billingPlan(queryClient: QueryClient): Promise<Plan | undefined> {
  try {
    return (await queryClient.fetchQuery({ ...subscriptionQueryOptions(), staleTime: 0 })).plan
  } catch {
    // The user record is still refreshed below, only without waiting for a plan.
    return undefined
  }
}

/**
 * Refreshes what depends on the plan after a call that may have changed it: the subscription, the
 * support contact, and the user record (header, limits, company profile), which is read until it
 * shows the plan billing now reports. Answers the plan the user record shows.
 */
export async function refreshPlan(queryClient: QueryClient): Promise<Plan | undefined> {
  const [expected] = await Promise.all([billingPlan(queryClient), queryClient.invalidateQueries({ queryKey: supportQueryKey })])
  for (let attempt = 1; ; attempt += 1) {
    const user = await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 })
    if (user === null) return undefined
    if (expected === undefined || user.plan === expected || attempt >= PLAN_SETTLE_ATTEMPTS) return user.plan
    await pause(PLAN_SETTLE_INTERVAL_MS)
  }
}
