import { timestampDate } from '@bufbuild/protobuf/wkt'
import { consumeOnce, userRegistered, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { UserRegisteredSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'
import { utcDay } from '../domain/days.ts'

export const CONSUMER = 'analytics.user-registered'

/** Counts the sign-up on its day, once per event however often it is delivered. */
export async function handleUserRegistered(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof UserRegisteredSchema>,
): Promise<void> {
  const registeredAt = event.message.registeredAt ? timestampDate(event.message.registeredAt) : event.occurredAt
  const day = utcDay(registeredAt)
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, (tx) =>
    tx.dailySignups.upsert({
      where: { day },
      create: { day, count: 1 },
      update: { count: { increment: 1 } },
    }),
  )
}

export function subscribeUserRegistered(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: userRegistered,
    durable: CONSUMER,
    handler: (event) => handleUserRegistered(deps.prisma, deps.dbSchema, event),
  })
}
