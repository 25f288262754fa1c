// One open checkout and one subscription per user (docs/decisions/112), with the test-mode provider
// on a throw-away database: a new checkout expires the previous one, and a second subscription that
// grants Pro while the account's own still does is canceled at once instead of taking over.
import { createLogger } from '@valueproof/http-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addCalendarMonth, TestModeProvider } from '../provider/test-mode-provider.ts'
import { billingTestDatabase } from '../testing/database.ts'
import type { Billing } from './billing.ts'
import { startCheckout } from './checkout.ts'
import { findSubscriber } from './subscribers.ts'
import { applySubscriptionState } from './subscription-state.ts'
import { handleWebhook } from './webhooks.ts'

describe('one open checkout, one subscription', () => {
  let db: Awaited<ReturnType<typeof billingTestDatabase>>
  let provider: TestModeProvider
  let billing: Billing
  const now = () => new Date('2026-11-24T10:00:00Z')

  beforeAll(async () => {
    db = await billingTestDatabase()
    provider = new TestModeProvider({ prisma: db.prisma, webhookSecret: 'whsec_duplicate_test', publicOrigin: undefined, now })
    billing = { prisma: db.prisma, dbSchema: db.schema, logger: createLogger({ name: 'test', level: 'silent' }), provider, now }
  })
  afterAll(async () => {
    await db?.close()
  })

  async function sessionStatus(id: string): Promise<string | undefined> {
    return (await db.prisma.testCheckoutSession.findUnique({ where: { id } }))?.status
  }

  /** A Pro user (checkout, Pay, webhook): their subscription id. */
  async function proUser(userId: number): Promise<string> {
    const { id } = await startCheckout(billing, userId)
    const session = await provider.sessionOf(id, userId)
    if (!session) throw new Error('no session')
    const event = await provider.completeCheckout(session)
    if (!event) throw new Error('not completed')
    await handleWebhook(billing, { rawBody: Buffer.from(event.payload), signature: event.signature })
    const subscriber = await findSubscriber(db.prisma, userId)
    expect(subscriber).toMatchObject({ plan: 'pro', version: 1 })
    return subscriber?.subscriptionId ?? ''
  }

  /** Another active subscription of the user's customer, as if an older checkout had been paid. */
  async function secondSubscription(userId: number) {
    const customerId = (await findSubscriber(db.prisma, userId))?.stripeCustomerId ?? ''
    const start = now()
    const row = await db.prisma.testSubscription.create({
      data: {
        id: `sub_test_second_${userId}`,
        customerId,
        userId,
        status: 'active',
        currentPeriodStart: start,
        currentPeriodEnd: addCalendarMonth(start),
      },
    })
    const subscription = await provider.retrieveSubscription(row.id)
    if (!subscription) throw new Error('no second subscription')
    return subscription
  }

  it('a new checkout expires the previous open one; the newest is the only one that can be paid', async () => {
    const first = await startCheckout(billing, 1)
    const second = await startCheckout(billing, 1)
    expect(second.id).not.toBe(first.id)
    expect([await sessionStatus(first.id), await sessionStatus(second.id)]).toEqual(['expired', 'open'])
    expect((await findSubscriber(db.prisma, 1))?.checkoutSessionId).toBe(second.id)
    // The expired one cannot complete any more.
    const stale = await provider.sessionOf(first.id, 1)
    if (!stale) throw new Error('no session')
    expect(await provider.completeCheckout(stale)).toBeUndefined()
  })

  it('cancels a second active subscription at once and keeps the account on the first', async () => {
    const kept = await proUser(2)
    const second = await secondSubscription(2)
    const applied = await applySubscriptionState(billing, { userId: 2, subscription: second, source: 'test' })
    expect(applied).toMatchObject({ plan: 'pro', subscriptionId: kept, version: 1 })
    expect(await findSubscriber(db.prisma, 2)).toMatchObject({ plan: 'pro', subscriptionId: kept, version: 1 })
    expect((await provider.retrieveSubscription(second.id))?.status).toBe('canceled')
    expect((await provider.retrieveSubscription(kept))?.status).toBe('active')
    // Its later events (now canceled) change nothing either.
    const canceled = await provider.retrieveSubscription(second.id)
    if (!canceled) throw new Error('gone')
    expect(await applySubscriptionState(billing, { userId: 2, subscription: canceled, source: 'test' })).toMatchObject({
      subscriptionId: kept,
      version: 1,
    })
  })

  it('lets the second take over when the provider says the first has ended (its webhook not here yet)', async () => {
    const ended = await proUser(3)
    await db.prisma.testSubscription.update({ where: { id: ended }, data: { status: 'canceled', endedAt: now() } })
    const second = await secondSubscription(3)
    const applied = await applySubscriptionState(billing, { userId: 3, subscription: second, source: 'test' })
    expect(applied).toMatchObject({ plan: 'pro', status: 'active', subscriptionId: second.id, version: 2 })
    expect((await provider.retrieveSubscription(second.id))?.status).toBe('active')
  })
})
