import { consumeOnce, grantedPlan, subscriptionChanged, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { SubscriptionChangedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'

export const CONSUMER = 'calculator.subscription-changed'

/**
 * The user's plan as billing decided it: it sets the monthly allowance (SPEC §9: Free 5, Pro 100),
 * templates and which calculators are locked (docs/decisions/105). Only a newer version than the
 * one applied changes the row, so events delivered late, twice or concurrently never move the plan back.
 */
export async function handleSubscriptionChanged(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof SubscriptionChangedSchema>,
): Promise<void> {
  const { userId } = event.message
  const { plan, version: planVersion } = grantedPlan(event.message)
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, async (tx) => {
    // The registration may still be on its way: the row starts here, and the registration then keeps it.
    await tx.userPlan.createMany({ data: [{ userId }], skipDuplicates: true })
    await tx.userPlan.updateMany({ where: { userId, planVersion: { lt: planVersion } }, data: { plan, planVersion } })
  })
}

export function subscribeSubscriptionChanged(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: subscriptionChanged,
    durable: CONSUMER,
    handler: (event) => handleSubscriptionChanged(deps.prisma, deps.dbSchema, event),
  })
}
