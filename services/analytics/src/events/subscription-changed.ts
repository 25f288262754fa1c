import { consumeOnce, grantedPlan, subscriptionChanged, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { SubscriptionChangedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'

export const CONSUMER = 'analytics.subscription-changed'

/**
 * The owner's plan as billing decided it: the analytics dashboard is Pro's (SPEC §1). Only a newer
 * version than the one applied changes the row (docs/decisions/105), so events delivered late,
 * twice or concurrently never move the plan back.
 */
export async function handleSubscriptionChanged(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof SubscriptionChangedSchema>,
): Promise<void> {
  const { userId } = event.message
  const { plan, version } = grantedPlan(event.message)
  const planVersion = BigInt(version)
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, async (tx) => {
    await tx.ownerPlan.createMany({ data: [{ userId }], skipDuplicates: true })
    await tx.ownerPlan.updateMany({ where: { userId, planVersion: { lt: planVersion } }, data: { plan, planVersion } })
  })
}

export function subscribeSubscriptionChanged(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: subscriptionChanged,
    durable: CONSUMER,
    handler: (event) => handleSubscriptionChanged(deps.prisma, deps.dbSchema, event),
  })
}
