// The proposal service's copy of the plan (which decides the branding) follows billing's events:
// only a newer version changes it, and an account may be heard of from billing first.
import { randomUUID } from 'node:crypto'
import { decodeEvent, encodeEvent, userRegistered } from '@valueproof/event-bus'
import { deliveredPlanChange, type PlanChange } from '@valueproof/event-bus/testing'
import { SubscriptionChange } from '@valueproof/proto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { proposalTestDatabase } from '../testing/database.ts'
import { handleSubscriptionChanged } from './subscription-changed.ts'
import { handleUserRegistered } from './user-registered.ts'

describe("the proposal service's plan from billing's subscription events", () => {
  let db: Awaited<ReturnType<typeof proposalTestDatabase>>
  beforeAll(async () => {
    db = await proposalTestDatabase()
  })
  afterAll(async () => {
    await db?.close()
  })

  async function apply(change: PlanChange & { id?: string }): Promise<void> {
    await handleSubscriptionChanged(db.prisma, undefined, deliveredPlanChange(change))
  }

  async function planOf(userId: number) {
    return db.prisma.userAccount.findUnique({ where: { userId }, select: { plan: true, planVersion: true } })
  }

  it('keeps a plan heard of before the registration, which then changes nothing', async () => {
    await apply({ userId: 51, change: SubscriptionChange.ACTIVATED, version: 1 })
    expect(await planOf(51)).toEqual({ plan: 'pro', planVersion: 1 })
    const registration = encodeEvent(userRegistered, { userId: 51, username: 'anna', plan: 'free' })
    await handleUserRegistered(db.prisma, undefined, {
      id: registration.id,
      subject: registration.subject,
      message: decodeEvent(userRegistered, registration),
      headers: {},
      occurredAt: registration.occurredAt,
      deliveryCount: 1,
    })
    expect(await planOf(51)).toEqual({ plan: 'pro', planVersion: 1 })
  })

  it('reverts to Free when the subscription ends, and ignores an older version delivered after it', async () => {
    await apply({ userId: 52, change: SubscriptionChange.ACTIVATED, version: 1 })
    await apply({ userId: 52, change: SubscriptionChange.ENDED, version: 3 })
    expect(await planOf(52)).toEqual({ plan: 'free', planVersion: 3 })
    await apply({ userId: 52, change: SubscriptionChange.RENEWED, version: 2 })
    await apply({ userId: 52, change: SubscriptionChange.ACTIVATED, version: 3 })
    expect(await planOf(52)).toEqual({ plan: 'free', planVersion: 3 })
    await apply({ userId: 52, change: SubscriptionChange.ACTIVATED, version: 4 })
    expect(await planOf(52)).toEqual({ plan: 'pro', planVersion: 4 })
  })

  it('applies an event id once: a redelivery with other contents changes nothing', async () => {
    const id = randomUUID()
    await apply({ userId: 53, change: SubscriptionChange.ACTIVATED, version: 1, id })
    await apply({ userId: 53, change: SubscriptionChange.ENDED, version: 2, id })
    expect(await planOf(53)).toEqual({ plan: 'pro', planVersion: 1 })
  })
})
