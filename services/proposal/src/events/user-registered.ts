import { consumeOnce, userRegistered, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { UserRegisteredSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'

export const CONSUMER = 'proposal.user-registered'

/** A new account's plan, so the branding of its proposals is decided without asking identity. */
export async function handleUserRegistered(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof UserRegisteredSchema>,
): Promise<void> {
  const { userId, plan } = event.message
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, (tx) =>
    // A plan change (billing) or a profile that arrived first is not overwritten by the registration.
    tx.userAccount.upsert({ where: { userId }, create: { userId, plan: plan === 'pro' ? 'pro' : 'free' }, update: {} }),
  )
}

export function subscribeUserRegistered(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: userRegistered,
    durable: CONSUMER,
    handler: (event) => handleUserRegistered(deps.prisma, deps.dbSchema, event),
  })
}
