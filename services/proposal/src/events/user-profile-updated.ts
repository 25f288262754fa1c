import { timestampDate } from '@bufbuild/protobuf/wkt'
import { consumeOnce, userProfileUpdated, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { UserProfileUpdatedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'
import type { SellerProfile } from '../domain/accounts.ts'

export const CONSUMER = 'proposal.user-profile-updated'

/**
 * The profile: the company fields (Pro branding) and the seller's contact details (every plan's
 * proposals). The event carries the whole profile after the change, so the newest one wins; an
 * older one delivered late changes nothing.
 */
export async function handleUserProfileUpdated(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof UserProfileUpdatedSchema>,
): Promise<void> {
  const { userId, updatedAt, ...fields } = event.message
  const profileUpdatedAt = updatedAt ? timestampDate(updatedAt) : event.occurredAt
  const profile: SellerProfile = {
    companyName: fields.companyName ?? null,
    companyLogo: fields.companyLogo ?? null,
    companyWebsite: fields.companyWebsite ?? null,
    contactName: fields.contactName ?? null,
    contactEmail: fields.contactEmail ?? null,
    contactPhone: fields.contactPhone ?? null,
  }
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, async (tx) => {
    const current = await tx.userAccount.findUnique({ where: { userId }, select: { profileUpdatedAt: true } })
    if (!current) {
      await tx.userAccount.create({ data: { userId, ...profile, profileUpdatedAt } })
      return
    }
    if (current.profileUpdatedAt !== null && current.profileUpdatedAt > profileUpdatedAt) return
    await tx.userAccount.update({ where: { userId }, data: { ...profile, profileUpdatedAt } })
  })
}

export function subscribeUserProfileUpdated(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: userProfileUpdated,
    durable: CONSUMER,
    handler: (event) => handleUserProfileUpdated(deps.prisma, deps.dbSchema, event),
  })
}
