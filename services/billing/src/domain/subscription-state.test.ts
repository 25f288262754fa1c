import { SubscriptionChange } from '@valueproof/proto'
import { describe, expect, it } from 'vitest'
import type { Subscriber } from '../generated/prisma/client.ts'
import type { ProviderSubscription } from '../provider/types.ts'
import { nextState } from './subscription-state.ts'

const PERIOD_END = new Date('2026-12-24T08:00:00Z')

function subscriber(fields: Partial<Subscriber> = {}): Subscriber {
  return {
    userId: 7,
    stripeCustomerId: 'cus_7',
    checkoutSessionId: 'cs_7',
    subscriptionId: null,
    status: 'none',
    plan: 'free',
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    paymentFailed: false,
    version: 0,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    updatedAt: new Date('2026-11-01T00:00:00Z'),
    ...fields,
  }
}

function subscription(fields: Partial<ProviderSubscription> = {}): ProviderSubscription {
  return {
    id: 'sub_1',
    customerId: 'cus_7',
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: PERIOD_END,
    userId: 7,
    ...fields,
  }
}

const proOnSub1 = subscriber({ subscriptionId: 'sub_1', status: 'active', plan: 'pro', currentPeriodEnd: PERIOD_END, version: 1 })

function changeOf(before: Subscriber, after: ProviderSubscription): string | undefined {
  const outcome = nextState(before, after)
  if (outcome.kind !== 'changed') return outcome.kind
  return outcome.change === undefined ? 'not published' : SubscriptionChange[outcome.change]
}

describe('nextState', () => {
  it('names each change of a paid subscription', () => {
    expect(changeOf(subscriber(), subscription())).toBe('ACTIVATED')
    expect(changeOf(subscriber(), subscription({ status: 'trialing' }))).toBe('ACTIVATED')
    expect(changeOf(proOnSub1, subscription({ cancelAtPeriodEnd: true }))).toBe('CANCEL_SCHEDULED')
    expect(changeOf({ ...proOnSub1, cancelAtPeriodEnd: true }, subscription())).toBe('CANCEL_WITHDRAWN')
    expect(changeOf(proOnSub1, subscription({ currentPeriodEnd: new Date('2027-01-24T08:00:00Z') }))).toBe('RENEWED')
    expect(changeOf(proOnSub1, subscription({ status: 'past_due' }))).toBe('PAYMENT_FAILED')
    expect(changeOf({ ...proOnSub1, status: 'past_due', paymentFailed: true }, subscription())).toBe('RENEWED')
    for (const status of ['canceled', 'unpaid', 'incomplete_expired', 'paused']) {
      expect(changeOf(proOnSub1, subscription({ status })), status).toBe('ENDED')
    }
  })

  it('keeps Pro while the provider retries a failed payment', () => {
    const outcome = nextState(proOnSub1, subscription({ status: 'past_due' }))
    expect(outcome).toMatchObject({ kind: 'changed', state: { plan: 'pro', paymentFailed: true, status: 'past_due' } })
  })

  it('changes nothing when the provider holds what billing holds (a second delivery, the manual call after the webhook)', () => {
    expect(nextState(proOnSub1, subscription())).toEqual({ kind: 'unchanged' })
  })

  it('records a Free status change without publishing it (payment still processing)', () => {
    expect(changeOf(subscriber(), subscription({ status: 'incomplete' }))).toBe('not published')
  })

  it("ignores another customer's subscription, and an old subscription that is not active", () => {
    expect(nextState(subscriber(), subscription({ customerId: 'cus_other' }))).toMatchObject({ kind: 'ignored' })
    expect(nextState(proOnSub1, subscription({ id: 'sub_old', status: 'canceled' }))).toMatchObject({ kind: 'ignored' })
    // A new active subscription takes over (resubscribing after an end).
    const ended = { ...proOnSub1, plan: 'free', status: 'canceled' }
    expect(changeOf(ended, subscription({ id: 'sub_2' }))).toBe('ACTIVATED')
  })

  it('calls a second Pro subscription a duplicate while the current one is Pro, unless it replaces an ended one', () => {
    for (const status of ['active', 'trialing', 'past_due']) {
      expect(nextState(proOnSub1, subscription({ id: 'sub_2', status })), status).toEqual({
        kind: 'duplicate',
        heldSubscriptionId: 'sub_1',
      })
    }
    expect(nextState({ ...proOnSub1, status: 'past_due', paymentFailed: true }, subscription({ id: 'sub_2' }))).toMatchObject({
      kind: 'duplicate',
    })
    // Not yet paid: ignored until it is.
    expect(nextState(proOnSub1, subscription({ id: 'sub_2', status: 'incomplete' }))).toMatchObject({ kind: 'ignored' })
    // The provider says sub_1 no longer grants Pro: sub_2 takes over.
    expect(nextState(proOnSub1, subscription({ id: 'sub_2' }), 'sub_1')).toMatchObject({
      kind: 'changed',
      state: { plan: 'pro', subscriptionId: 'sub_2' },
      change: SubscriptionChange.RENEWED,
    })
    // Replacing names another subscription than the current one: still a duplicate.
    expect(nextState(proOnSub1, subscription({ id: 'sub_2' }), 'sub_0')).toMatchObject({ kind: 'duplicate' })
  })
})
