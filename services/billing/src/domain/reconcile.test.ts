// A lost webhook: the provider ended (or renewed) the subscription but billing never heard. The
// periodic reconciliation reads every Pro subscription whose paid period is over again.
import { createLogger } from '@valueproof/http-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestModeProvider } from '../provider/test-mode-provider.ts'
import { billingTestDatabase } from '../testing/database.ts'
import type { Billing } from './billing.ts'
import { cancelAtPeriodEnd, startCheckout } from './checkout.ts'
import { reconcileEndedPeriods } from './reconcile.ts'
import { findSubscriber } from './subscribers.ts'
import { handleWebhook } from './webhooks.ts'

const DAY_MS = 86_400_000

describe('reconcileEndedPeriods', () => {
  let db: Awaited<ReturnType<typeof billingTestDatabase>>
  let clock = new Date('2026-11-24T10:00:00Z')
  let provider: TestModeProvider
  let billing: Billing

  beforeAll(async () => {
    db = await billingTestDatabase()
    const now = () => clock
    provider = new TestModeProvider({ prisma: db.prisma, webhookSecret: 'whsec_reconcile_test', publicOrigin: undefined, now })
    billing = { prisma: db.prisma, dbSchema: db.schema, logger: createLogger({ name: 'test', level: 'silent' }), provider, now }
  })
  afterAll(async () => {
    await db?.close()
  })

  /** A Pro user: checkout, Pay, and the checkout.session.completed webhook delivered. */
  async function proUser(userId: number): Promise<string> {
    const { id } = await startCheckout(billing, userId)
    const session = await provider.sessionOf(id, userId)
    if (!session) throw new Error('no session')
    const event = await provider.completeCheckout(session)
    if (!event) throw new Error('not completed')
    await handleWebhook(billing, { rawBody: Buffer.from(event.payload), signature: event.signature })
    const subscriber = await findSubscriber(db.prisma, userId)
    expect(subscriber?.plan).toBe('pro')
    return subscriber?.subscriptionId ?? ''
  }

  it('ends a canceled subscription whose deletion webhook was lost, once its period is over', async () => {
    const subscriptionId = await proUser(1)
    await cancelAtPeriodEnd(billing, 1)
    clock = new Date(clock.getTime() + 31 * DAY_MS)
    // The provider ends it; its webhook never arrives.
    expect(await provider.endPeriod(subscriptionId)).toBeDefined()
    expect((await findSubscriber(db.prisma, 1))?.plan).toBe('pro')

    expect(await reconcileEndedPeriods(billing)).toBe(1)
    expect(await findSubscriber(db.prisma, 1)).toMatchObject({ plan: 'free', status: 'canceled', version: 3 })
    // Nothing is due any more.
    expect(await reconcileEndedPeriods(billing)).toBe(0)
  })

  it('leaves a subscription alone while its period runs', async () => {
    await proUser(2)
    expect(await reconcileEndedPeriods(billing)).toBe(0)
    expect(await findSubscriber(db.prisma, 2)).toMatchObject({ plan: 'pro', version: 1 })
  })
})
