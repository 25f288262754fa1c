import { queryOptions } from '@tanstack/react-query'
import {
  cancelSubscriptionResponseSchema,
  createSubscriptionResponseSchema,
  subscriptionStatusSchema,
  testCheckoutResultSchema,
  testCheckoutSessionSchema,
  upgradeManualResponseSchema,
  type CancelSubscriptionResponse,
  type CreateSubscriptionResponse,
  type UpgradeManualRequest,
  type UpgradeManualResponse,
} from '@valueproof/contracts'
import { apiRequest } from '../api.ts'

// Plans and billing (issue 16, docs/decisions/105): the three SPEC §7 subscription calls, the plan as
// /settings shows it, and the built-in test-mode checkout.

export const subscriptionQueryKey = ['/api/subscription'] as const

/** GET /api/subscription: status, scheduled cancellation, period end, failed renewal, test mode. */
export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/api/subscription', undefined, { signal })
      return subscriptionStatusSchema.parse(await response.json())
    },
  })
}

/** POST /api/subscription/create with an empty JSON body (SPEC §7): the browser then goes to paymentUrl. */
export async function createSubscription(): Promise<CreateSubscriptionResponse> {
  const response = await apiRequest('POST', '/api/subscription/create', {})
  return createSubscriptionResponseSchema.parse(await response.json())
}

/**
 * POST /api/subscription/upgrade-manual (SPEC §7): 200 active, 202 pending. With no body billing
 * checks the latest checkout; `sessionId` (the success URL's `session_id`) names the one paid.
 */
export async function upgradeManually(sessionId?: string): Promise<UpgradeManualResponse> {
  const body: UpgradeManualRequest | undefined = sessionId === undefined ? undefined : { sessionId }
  const response = await apiRequest('POST', '/api/subscription/upgrade-manual', body)
  return upgradeManualResponseSchema.parse(await response.json())
}

/** POST /api/subscription/cancel with an empty JSON body (SPEC §7): Pro stays until proUntil. */
export async function cancelSubscription(): Promise<CancelSubscriptionResponse> {
  const response = await apiRequest('POST', '/api/subscription/cancel', {})
  return cancelSubscriptionResponseSchema.parse(await response.json())
}

/** POST /api/billing/test-mode/end-period: the test clock ends (or renews) the paid period now. */
export async function endTestBillingPeriod(): Promise<void> {
  await apiRequest('POST', '/api/billing/test-mode/end-period', {})
}

function testCheckoutPath(id: string, action?: 'pay' | 'cancel'): string {
  return `/api/billing/test-checkout/${encodeURIComponent(id)}${action === undefined ? '' : `/${action}`}`
}

/** GET /api/billing/test-checkout/:id: the local payment page's session (test mode only). */
export function testCheckoutQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['/api/billing/test-checkout', id],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', testCheckoutPath(id), undefined, { signal })
      return testCheckoutSessionSchema.parse(await response.json())
    },
  })
}

/** POST .../pay or .../cancel: answers where the browser goes next (the success or cancel URL). */
export async function finishTestCheckout(id: string, action: 'pay' | 'cancel'): Promise<string> {
  const response = await apiRequest('POST', testCheckoutPath(id, action), {})
  return testCheckoutResultSchema.parse(await response.json()).redirectUrl
}
