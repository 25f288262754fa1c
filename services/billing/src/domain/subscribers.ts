import type { PrismaClient } from '../db.ts'
import type { Subscriber } from '../generated/prisma/client.ts'
import type { Billing } from './billing.ts'

export function findSubscriber(prisma: PrismaClient, userId: number): Promise<Subscriber | null> {
  return prisma.subscriber.findUnique({ where: { userId } })
}

/** The user's subscriber row, made (Free, no subscription) on their first checkout; two first checkouts at once make one. */
export async function ensureSubscriber(prisma: PrismaClient, userId: number): Promise<Subscriber> {
  const existing = await prisma.subscriber.findUnique({ where: { userId } })
  if (existing) return existing
  await prisma.subscriber.createMany({ data: [{ userId }], skipDuplicates: true })
  return prisma.subscriber.findUniqueOrThrow({ where: { userId } })
}

/**
 * A key for a request to the provider that concurrent requests share (the same subscriber row) but
 * no other environment or reset database does (the row's creation instant is part of it).
 */
export function idempotencyKey(what: string, subscriber: Subscriber, after = 'first'): string {
  return `valueproof-${what}-${subscriber.userId}-${subscriber.createdAt.getTime()}-${after}`
}

/**
 * The user's customer at the provider, created on the first checkout and kept for every later one.
 * Two first checkouts at once both ask for a customer; the first stored wins and both use it.
 */
export async function customerFor(billing: Billing, subscriber: Subscriber): Promise<string> {
  if (subscriber.stripeCustomerId !== null) return subscriber.stripeCustomerId
  const created = await billing.provider.createCustomer({
    userId: subscriber.userId,
    idempotencyKey: idempotencyKey('customer', subscriber),
  })
  await billing.prisma.subscriber.updateMany({
    where: { userId: subscriber.userId, stripeCustomerId: null },
    data: { stripeCustomerId: created },
  })
  const stored = await billing.prisma.subscriber.findUniqueOrThrow({ where: { userId: subscriber.userId } })
  return stored.stripeCustomerId ?? created
}

/**
 * Whose subscription (or session) this is: the user id billing put in its metadata (or client
 * reference), else the user whose customer it is. The state function still checks that the
 * customer is that user's.
 */
export async function ownerOf(
  prisma: PrismaClient,
  hints: { userId: number | undefined; customerId: string | null },
): Promise<number | undefined> {
  if (hints.userId !== undefined) return hints.userId
  if (!hints.customerId) return undefined
  const subscriber = await prisma.subscriber.findUnique({ where: { stripeCustomerId: hints.customerId } })
  return subscriber?.userId
}
