// Calculator generation's copy of the plan (the monthly allowance, templates, locked calculators)
// follows billing's events: only a newer version changes it, each event id counts once, and an
// account may be heard of from billing before its registration.
import { randomUUID } from 'node:crypto'
import { CALCULATOR_LIMITS } from '@valueproof/contracts'
import { decodeEvent, encodeEvent, userRegistered } from '@valueproof/event-bus'
import { deliveredPlanChange, type PlanChange } from '@valueproof/event-bus/testing'
import { SubscriptionChange } from '@valueproof/proto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { currentAllowance } from '../domain/usage.ts'
import { calculatorTestDatabase } from '../testing/database.ts'
import { handleSubscriptionChanged } from './subscription-changed.ts'
import { handleUserRegistered } from './user-registered.ts'

describe("calculator generation's plan from billing's subscription events", () => {
  let db: Awaited<ReturnType<typeof calculatorTestDatabase>>
  beforeAll(async () => {
    db = await calculatorTestDatabase()
  })
  afterAll(async () => {
    await db?.close()
  })

  async function apply(change: PlanChange & { id?: string }): Promise<void> {
    await handleSubscriptionChanged(db.prisma, undefined, deliveredPlanChange(change))
  }

  async function planOf(userId: number) {
    return db.prisma.userPlan.findUnique({ where: { userId }, select: { plan: true, planVersion: true } })
  }

  async function limitOf(userId: number): Promise<number> {
    return (await currentAllowance(db.prisma, userId, new Date())).limit
  }

  it('gives Pro its allowance, and Free its own when the subscription ends', async () => {
    await apply({ userId: 11, change: SubscriptionChange.ACTIVATED, version: 1 })
    expect(await limitOf(11)).toBe(CALCULATOR_LIMITS.pro)
    await apply({ userId: 11, change: SubscriptionChange.CANCEL_SCHEDULED, version: 2 })
    expect(await planOf(11)).toEqual({ plan: 'pro', planVersion: 2 })
    await apply({ userId: 11, change: SubscriptionChange.ENDED, version: 3 })
    expect(await planOf(11)).toEqual({ plan: 'free', planVersion: 3 })
    expect(await limitOf(11)).toBe(CALCULATOR_LIMITS.free)
  })

  it('ignores an older or equal version delivered late, in any order', async () => {
    await apply({ userId: 12, change: SubscriptionChange.ENDED, version: 4 })
    await apply({ userId: 12, change: SubscriptionChange.ACTIVATED, version: 2 })
    await apply({ userId: 12, change: SubscriptionChange.RENEWED, version: 4 })
    expect(await planOf(12)).toEqual({ plan: 'free', planVersion: 4 })
    await apply({ userId: 12, change: SubscriptionChange.ACTIVATED, version: 5 })
    expect(await planOf(12)).toEqual({ plan: 'pro', planVersion: 5 })
  })

  it('applies an event id once: a redelivery with other contents changes nothing', async () => {
    const id = randomUUID()
    await apply({ userId: 13, change: SubscriptionChange.ACTIVATED, version: 1, id })
    await apply({ userId: 13, change: SubscriptionChange.ENDED, version: 2, id })
    expect(await planOf(13)).toEqual({ plan: 'pro', planVersion: 1 })
  })

  it('keeps a plan heard of before the registration, which then changes nothing', async () => {
    await apply({ userId: 14, change: SubscriptionChange.ACTIVATED, version: 1 })
    const registration = encodeEvent(userRegistered, { userId: 14, username: 'berit', plan: 'free' })
    await handleUserRegistered(db.prisma, undefined, {
      id: registration.id,
      subject: registration.subject,
      message: decodeEvent(userRegistered, registration),
      headers: {},
      occurredAt: registration.occurredAt,
      deliveryCount: 1,
    })
    expect(await planOf(14)).toEqual({ plan: 'pro', planVersion: 1 })
  })

  it('grants nothing for a plan it does not know', async () => {
    const event = deliveredPlanChange({ userId: 15, change: SubscriptionChange.ACTIVATED, version: 1 })
    await handleSubscriptionChanged(db.prisma, undefined, { ...event, message: { ...event.message, plan: 'enterprise' } })
    expect(await planOf(15)).toEqual({ plan: 'free', planVersion: 1 })
  })
})
