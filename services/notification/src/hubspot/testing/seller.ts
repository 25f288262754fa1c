// A HubSpot test's seller: a fresh user id, on Pro (billing's event, as the service hears it) or Free.
import { randomBytes, randomInt } from 'node:crypto'
import { subscriptionChanged, userRegistered } from '@valueproof/event-bus'
import { eventually } from '@valueproof/testing'
import type { NotificationUnderTest } from '../../testing/service.ts'

export async function hubspotSeller(service: NotificationUnderTest, plan: 'free' | 'pro'): Promise<number> {
  const userId = randomInt(1, 2 ** 31 - 1)
  await service.publish(userRegistered, { userId, username: `seller${userId}`, plan: 'free' })
  if (plan === 'pro') await service.publish(subscriptionChanged, { userId, plan: 'pro', status: 'active', version: 1n })
  await eventually(async () => {
    const row = await service.prisma.sellerPlan.findUnique({ where: { userId } })
    return row?.plan === plan ? true : undefined
  })
  return userId
}

/** A proposal id as the proposal service makes them (22 URL-safe characters). */
export function proposalId(): string {
  return randomBytes(16).toString('base64url')
}

/** A HubSpot private-app token's shape. */
export function accessToken(): string {
  return `pat-eu1-${randomBytes(16).toString('hex')}`
}
