// The CSRF suite's victim in billing (issue 16): each control needs the victim's subscription in a
// given state (none to start or pay a checkout, an active one to cancel or end), whatever the
// controls before it left. Everything goes through the site's own calls, as the victim would.
import { expect } from 'vitest'
import { eventually } from './actors.ts'
import type { VictimIds } from './csrf-routes.ts'
import type { RawAnswer } from './raw-http.ts'

interface BillingDeps {
  /** A JSON POST of the victim's from the site's own pages. */
  asVictim: (path: string, json: unknown) => Promise<RawAnswer>
  /** A GET with the victim's session. */
  get: (path: string) => Promise<RawAnswer>
  /** The plan identity, calculator generation and proposals each hold for the victim. */
  projectedPlans: () => Promise<Record<string, string>>
}

export function victimBilling({ asVictim, get, projectedPlans }: BillingDeps) {
  async function victimSubscription(): Promise<{ status: string; cancelAtPeriodEnd: boolean }> {
    const answer = await get('/api/subscription')
    expect(answer.status, answer.text).toBe(200)
    return JSON.parse(answer.text) as { status: string; cancelAtPeriodEnd: boolean }
  }

  /** A new open test-mode checkout of the victim's (billing must not hold a subscription for them). */
  async function openCheckout(): Promise<string> {
    const answer = await asVictim('/api/subscription/create', {})
    expect(answer.status, answer.text).toBe(200)
    return (JSON.parse(answer.text) as { paymentUrl: string }).paymentUrl.split('/').at(-1) ?? ''
  }

  /** Waits until identity, calculator generation and proposals all hold the plan billing decided. */
  async function planEverywhere(plan: 'free' | 'pro'): Promise<void> {
    await eventually(async () => {
      const plans = await projectedPlans()
      return Object.values(plans).every((held) => held === plan) ? true : undefined
    })
  }

  /** Billing holds no subscription for the victim: a scheduled cancellation is carried through to the period's end. */
  async function withoutSubscription(): Promise<void> {
    const current = await victimSubscription()
    if (current.status === 'none' || current.status === 'canceled') return
    if (!current.cancelAtPeriodEnd) expect((await asVictim('/api/subscription/cancel', {})).status).toBe(200)
    expect((await asVictim('/api/billing/test-mode/end-period', {})).status).toBe(200)
    await planEverywhere('free')
  }

  /** The victim holds a paid test-mode subscription with no cancellation scheduled. */
  async function subscribed(): Promise<void> {
    const current = await victimSubscription()
    if (current.status === 'active' && !current.cancelAtPeriodEnd) return
    await withoutSubscription()
    const paid = await asVictim(`/api/billing/test-checkout/${await openCheckout()}/pay`, {})
    expect(paid.status, paid.text).toBe(200)
    await planEverywhere('pro')
  }

  /**
   * Puts the victim's billing where the route's control can act (whatever earlier controls left):
   * no subscription to start a checkout or pay one, a subscription to cancel or end. Answers the ids
   * to use, with a fresh open checkout where the control pays or cancels one.
   */
  async function prepareControl(routeKey: string, ids: VictimIds): Promise<VictimIds> {
    switch (routeKey) {
      case 'POST /api/subscription/create':
        await withoutSubscription()
        return ids
      case 'POST /api/billing/test-checkout/:id/pay':
      case 'POST /api/billing/test-checkout/:id/cancel':
        await withoutSubscription()
        return { ...ids, checkoutId: await openCheckout() }
      case 'POST /api/subscription/upgrade-manual':
      case 'POST /api/subscription/cancel':
      case 'POST /api/billing/test-mode/end-period':
        await subscribed()
        return ids
      default:
        return ids
    }
  }

  return { openCheckout, withoutSubscription, subscribed, prepareControl }
}
