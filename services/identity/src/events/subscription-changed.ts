import { CALCULATOR_LIMITS } from '@valueproof/contracts'
import { consumeOnce, grantedPlan, subscriptionChanged, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { SubscriptionChanged, SubscriptionChangedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'

export const CONSUMER = 'identity.subscription-changed'

/** The user record's plan fields (SPEC §3) as billing's event states them; Pro grants what SPEC §1 lists. */
export function planFieldsOf(message: SubscriptionChanged) {
  const { plan, version } = grantedPlan(message)
  return {
    plan,
    calculatorsLimit: CALCULATOR_LIMITS[plan],
    customBranding: plan === 'pro',
    // The event is the whole state: an absent id means billing holds none.
    stripeCustomerId: message.stripeCustomerId ?? null,
    stripeSubscriptionId: message.stripeSubscriptionId ?? null,
    planVersion: version,
  }
}

/**
 * Keeps the user record's plan in step with billing, which alone decides it from the payment
 * provider's verified state. Only a newer version than the one applied changes the row, in one
 * conditional statement, so events delivered late, twice or concurrently never move the plan back.
 * The Pro-only profile and logo rules read this plan.
 */
export async function handleSubscriptionChanged(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof SubscriptionChangedSchema>,
): Promise<void> {
  const fields = planFieldsOf(event.message)
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, (tx) =>
    tx.user.updateMany({ where: { id: event.message.userId, planVersion: { lt: fields.planVersion } }, data: fields }),
  )
}

export function subscribeSubscriptionChanged(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: subscriptionChanged,
    durable: CONSUMER,
    handler: (event) => handleSubscriptionChanged(deps.prisma, deps.dbSchema, event),
  })
}
