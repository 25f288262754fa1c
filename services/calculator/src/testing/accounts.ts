// Sellers for the calculator service's route tests, through the whole product: registered over
// HTTP, and moved between plans the way billing does it (an event through billing's outbox).
import { userRecordSchema } from '@valueproof/contracts'
import { expect } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../../../tests/integration/support/http-client.ts'
import { changePlanEverywhere, SubscriptionChange } from '../../../../tests/integration/support/plan-events.ts'
import type { TestStack } from '../../../../tests/integration/support/stack.ts'

export interface Seller {
  client: ApiClient
  userId: number
}

export async function registeredSeller(stack: TestStack, prefix = 'seller'): Promise<Seller> {
  const client = new ApiClient(stack.url)
  const response = await client.post('/api/register', { username: uniqueUsername(prefix), password: GOOD_PASSWORD })
  expect(response.status).toBe(201)
  return { client, userId: userRecordSchema.parse(await response.json()).id }
}

/** Puts the seller on Pro, or back on Free (the subscription ended), once every service follows. */
export async function movePlan(stack: TestStack, seller: Seller, plan: 'pro' | 'free'): Promise<void> {
  await changePlanEverywhere(stack, {
    userId: seller.userId,
    change: plan === 'pro' ? SubscriptionChange.ACTIVATED : SubscriptionChange.ENDED,
  })
}
