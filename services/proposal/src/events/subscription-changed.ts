import { consumeOnce, grantedPlan, subscriptionChanged, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { SubscriptionChangedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'

export const CONSUMER = 'proposal.subscription-changed'

/**
 * The owner's plan as billing decided it: it decides the branding every proposal of theirs is
 * shown and stamped with (SPEC §4, docs/decisions/105). Only a newer version than the one applied
 * changes the row, so events delivered late, twice or concurrently never move the plan back.
 */
export async function handleSubscriptionChanged(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof SubscriptionChangedSchema>,
): Promise<void> {
  const { userId } = event.message
  const { plan, version: planVersion } = grantedPlan(event.message)
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, async (tx) => {
    // The account may not be known yet (its registration event still on its way): the row starts here.
    await tx.userAccount.createMany({ data: [{ userId }], skipDuplicates: true })
    await tx.userAccount.updateMany({ where: { userId, planVersion: { lt: planVersion } }, data: { plan, planVersion } })
  })
}

export function subscribeSubscriptionChanged(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: subscriptionChanged,
    durable: CONSUMER,
    handler: (event) => handleSubscriptionChanged(deps.prisma, deps.dbSchema, event),
  })
}
