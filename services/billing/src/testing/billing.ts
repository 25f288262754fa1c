// Helpers of billing's tests: a signed-in seller, billing's own rows, and the plan events billing
// wrote to its outbox (decoded as consumers decode them).
import { timestampDate } from '@bufbuild/protobuf/wkt'
import { subscriptionStatusSchema, userRecordSchema, type SubscriptionStatus, type UserRecord } from '@valueproof/contracts'
import { decodeEvent, subscriptionChanged } from '@valueproof/event-bus'
import { SubscriptionChange } from '@valueproof/proto'
import { eventually } from '@valueproof/testing'
import { expect } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../../../tests/integration/support/http-client.ts'
import type { TestStack } from '../../../../tests/integration/support/stack.ts'

export { SubscriptionChange }

/** A browser on PUBLIC_ORIGIN (the gateway refuses state-changing calls from any other origin). */
class PublicOriginClient extends ApiClient {
  constructor(
    baseUrl: string,
    private readonly publicOrigin: string,
  ) {
    super(baseUrl)
  }

  override request(method: string, path: string, init: Parameters<ApiClient['request']>[2] = {}): Promise<Response> {
    return super.request(method, path, { ...init, headers: { origin: this.publicOrigin, ...init.headers } })
  }
}

/** A newly registered seller's browser; on `publicOrigin` when the stack has PUBLIC_ORIGIN set. */
export async function signedInSeller(
  stack: TestStack,
  options: { prefix?: string; publicOrigin?: string } = {},
): Promise<{ client: ApiClient; userId: number }> {
  const client = options.publicOrigin ? new PublicOriginClient(stack.url, options.publicOrigin) : new ApiClient(stack.url)
  const prefix = options.prefix ?? 'billing'
  const response = await client.post('/api/register', { username: uniqueUsername(prefix), password: GOOD_PASSWORD })
  expect(response.status).toBe(201)
  return { client, userId: userRecordSchema.parse(await response.json()).id }
}

function billingTable(stack: TestStack, name: string): string {
  const { schema } = stack.databases.billing
  return schema ? `"${schema}".${name}` : name
}

export interface PlanEvent {
  change: string
  plan: string
  status: string
  cancelAtPeriodEnd: boolean
  currentPeriodEnd: string | null
  stripeCustomerId: string | null
  stripeSubscriptionId: string | null
  version: number
}

/** The billing.subscription.changed events billing stored for the user, oldest first. */
export async function planEvents(stack: TestStack, userId: number): Promise<PlanEvent[]> {
  const rows = await stack.databases.billing.query<Array<{ subject: string; payload: Uint8Array }>>(
    `SELECT subject, payload FROM ${billingTable(stack, 'outbox_event')} WHERE subject = $1 ORDER BY occurred_at, id`,
    subscriptionChanged.subject,
  )
  return rows
    .map((row) => decodeEvent(subscriptionChanged, { subject: row.subject, payload: new Uint8Array(row.payload) }))
    .filter((message) => message.userId === userId)
    .map((message) => ({
      change: SubscriptionChange[message.change],
      plan: message.plan,
      status: message.status,
      cancelAtPeriodEnd: message.cancelAtPeriodEnd,
      currentPeriodEnd: message.currentPeriodEnd ? timestampDate(message.currentPeriodEnd).toISOString() : null,
      stripeCustomerId: message.stripeCustomerId ?? null,
      stripeSubscriptionId: message.stripeSubscriptionId ?? null,
      version: Number(message.version),
    }))
}

export interface SubscriberRow {
  stripe_customer_id: string | null
  checkout_session_id: string | null
  subscription_id: string | null
  plan: string
  status: string
  version: number
}

export async function subscriberRow(stack: TestStack, userId: number): Promise<SubscriberRow | undefined> {
  const rows = await stack.databases.billing.query<SubscriberRow[]>(
    `SELECT stripe_customer_id, checkout_session_id, subscription_id, plan, status, version
       FROM ${billingTable(stack, 'subscriber')} WHERE user_id = $1`,
    userId,
  )
  return rows[0]
}

export async function webhookEventCount(stack: TestStack): Promise<number> {
  const rows = await stack.databases.billing.query<Array<{ count: bigint | number }>>(
    `SELECT count(*) AS count FROM ${billingTable(stack, 'webhook_event')}`,
  )
  return Number(rows[0]?.count ?? 0)
}

export async function subscriptionOf(client: ApiClient): Promise<SubscriptionStatus> {
  const response = await client.get('/api/subscription')
  expect(response.status).toBe(200)
  return subscriptionStatusSchema.strict().parse(await response.json())
}

/** Waits until identity's user record shows the plan (it follows billing's events). */
export function userOnPlan(client: ApiClient, plan: 'free' | 'pro', timeoutMs = 15_000): Promise<UserRecord> {
  return eventually(async () => {
    const user = userRecordSchema.parse(await (await client.get('/api/user')).json())
    return user.plan === plan ? user : undefined
  }, timeoutMs)
}

/** The checkout session id at the end of a test-mode payment URL (/checkout/test/<id>). */
export function testSessionId(paymentUrl: string): string {
  const match = /\/checkout\/test\/(cs_test_[0-9a-f]+)$/.exec(paymentUrl)
  if (!match?.[1]) throw new Error(`not a test-mode payment URL: ${paymentUrl}`)
  return match[1]
}
