// Identity's copy of the plan follows billing's events: only a newer version changes it, and the
// Pro-only profile rule follows the plan it holds.
import { randomUUID } from 'node:crypto'
import { tmpdir } from 'node:os'
import { deliveredPlanChange, type PlanChange } from '@valueproof/event-bus/testing'
import { SubscriptionChange } from '@valueproof/proto'
import { HttpError } from '@valueproof/http-kit'
import { createFileObjectStore } from '@valueproof/object-store'
import { createOutboundClient } from '@valueproof/outbound-http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRO_ONLY_PROFILE_MESSAGE, updateProfile } from '../domain/profile.ts'
import { identityPGliteDatabase } from '../testing/database.ts'
import { handleSubscriptionChanged } from './subscription-changed.ts'

type Database = Awaited<ReturnType<typeof identityPGliteDatabase>>

describe("identity's plan from billing's subscription events", () => {
  let db: Database
  beforeAll(async () => {
    db = await identityPGliteDatabase()
  })
  afterAll(async () => {
    await db?.close()
  })

  async function newUser(name: string): Promise<number> {
    const user = await db.prisma.user.create({ data: { username: name, usernameKey: name.toLowerCase(), passwordHash: 'x' } })
    return user.id
  }

  async function planOf(userId: number) {
    return db.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        plan: true,
        calculatorsLimit: true,
        customBranding: true,
        stripeCustomerId: true,
        stripeSubscriptionId: true,
        planVersion: true,
      },
    })
  }

  async function apply(change: PlanChange & { id?: string }): Promise<void> {
    await handleSubscriptionChanged(
      db.prisma,
      db.schema,
      deliveredPlanChange({ stripeCustomerId: 'cus_anna', stripeSubscriptionId: 'sub_anna', ...change }),
    )
  }

  it('grants Pro on activation and reverts to Free, 5 and no custom branding when the subscription ends', async () => {
    const userId = await newUser('Anna')
    expect(await planOf(userId)).toEqual({
      plan: 'free',
      calculatorsLimit: 5,
      customBranding: false,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      planVersion: 0,
    })
    await apply({ userId, change: SubscriptionChange.ACTIVATED, version: 1 })
    expect(await planOf(userId)).toEqual({
      plan: 'pro',
      calculatorsLimit: 100,
      customBranding: true,
      stripeCustomerId: 'cus_anna',
      stripeSubscriptionId: 'sub_anna',
      planVersion: 1,
    })
    await apply({ userId, change: SubscriptionChange.ENDED, version: 2 })
    expect(await planOf(userId)).toEqual({
      plan: 'free',
      calculatorsLimit: 5,
      customBranding: false,
      stripeCustomerId: 'cus_anna',
      stripeSubscriptionId: null,
      planVersion: 2,
    })
  })

  it('ignores an older version delivered after a newer one', async () => {
    const userId = await newUser('Bertil')
    await apply({ userId, change: SubscriptionChange.ACTIVATED, version: 1 })
    await apply({ userId, change: SubscriptionChange.ENDED, version: 3 })
    // The cancellation scheduled in between arrives last: the account stays Free.
    await apply({ userId, change: SubscriptionChange.CANCEL_SCHEDULED, version: 2 })
    await apply({ userId, change: SubscriptionChange.ACTIVATED, version: 3 })
    expect(await planOf(userId)).toMatchObject({ plan: 'free', calculatorsLimit: 5, customBranding: false, planVersion: 3 })
  })

  it('applies an event id once: a redelivery with other contents changes nothing', async () => {
    const userId = await newUser('Cecilia')
    const id = randomUUID()
    await apply({ userId, change: SubscriptionChange.ACTIVATED, version: 1, id })
    await apply({ userId, change: SubscriptionChange.ENDED, version: 2, id })
    expect(await planOf(userId)).toMatchObject({ plan: 'pro', planVersion: 1 })
  })

  it('changes nothing for a user identity does not have', async () => {
    await expect(apply({ userId: 2_000_000_000, change: SubscriptionChange.ACTIVATED, version: 1 })).resolves.toBeUndefined()
    expect(await db.prisma.user.count({ where: { id: 2_000_000_000 } })).toBe(0)
  })

  it('lets the company profile be edited only while the events say Pro', async () => {
    const userId = await newUser('David')
    // No logo is stored or fetched here: a store and a client that are never used.
    const deps = { prisma: db.prisma, objectStore: createFileObjectStore(tmpdir()), outbound: createOutboundClient() }
    const editCompany = () => updateProfile(deps, { userId, changes: { companyName: 'Acme AB' } })
    await expect(editCompany()).rejects.toThrow(PRO_ONLY_PROFILE_MESSAGE)
    await apply({ userId, change: SubscriptionChange.ACTIVATED, version: 1 })
    expect((await editCompany()).companyName).toBe('Acme AB')
    await apply({ userId, change: SubscriptionChange.ENDED, version: 2 })
    const refused = await editCompany().catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({ status: 403, message: PRO_ONLY_PROFILE_MESSAGE })
    // Nothing is deleted on the way down: the profile returns with Pro.
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: userId } })).companyName).toBe('Acme AB')
  })
})
