// Plan changes as billing publishes them (issue 16): a billing.subscription.changed event written to
// billing's outbox, which billing's relay sends on the bus, so every service's projection gets it
// exactly as in production. Nothing here writes another service's plan directly.
import { planChangeEnvelope } from '@valueproof/event-bus/testing'
import { SubscriptionChange } from '@valueproof/proto'
import { eventually } from '@valueproof/testing'
import type { TestStack } from './stack.ts'

export { SubscriptionChange }

export interface PlanChange {
  userId: number
  change: SubscriptionChange
  /** Billing's per-user version; by default one more than identity holds. */
  version?: number
}

type Service = 'identity' | 'calculator' | 'proposal' | 'billing'

function table(stack: TestStack, service: Service, name: string): string {
  const { schema } = stack.databases[service]
  return schema ? `"${schema}".${name}` : name
}

/** The version of the newest plan event identity applied (0 before any). */
export async function identityPlanVersion(stack: TestStack, userId: number): Promise<number> {
  const rows = await stack.databases.identity.query<Array<{ plan_version: number }>>(
    `SELECT plan_version FROM ${table(stack, 'identity', '"user"')} WHERE id = $1`,
    userId,
  )
  return rows[0]?.plan_version ?? 0
}

/** Publishes the whole state after the change, as billing does: Pro unless the subscription ended. Answers the event's id. */
export async function publishPlanChange(stack: TestStack, props: PlanChange): Promise<string> {
  const version = props.version ?? (await identityPlanVersion(stack, props.userId)) + 1
  const envelope = planChangeEnvelope({ userId: props.userId, change: props.change, version })
  // occurred_at is UTC without a zone, as the relay's own SQL keeps it.
  await stack.databases.billing.execute(
    `INSERT INTO ${table(stack, 'billing', 'outbox_event')} (id, subject, payload, headers, occurred_at)
     VALUES ($1::uuid, $2, $3, $4::jsonb, $5::timestamp)`,
    envelope.id,
    envelope.subject,
    Buffer.from(envelope.payload),
    JSON.stringify(envelope.headers),
    envelope.occurredAt.toISOString(),
  )
  return envelope.id
}

/** Whether each of identity, calculator generation and proposals has consumed the event (applied or not). */
export async function consumedEverywhere(stack: TestStack, eventId: string): Promise<boolean> {
  for (const service of ['identity', 'calculator', 'proposal'] as const) {
    const rows = await stack.databases[service].query<unknown[]>(
      `SELECT 1 FROM ${table(stack, service, 'processed_event')} WHERE event_id = $1::uuid`,
      eventId,
    )
    if (rows.length === 0) return false
  }
  return true
}

/** The plan each service's own projection holds for the user ('free' where it has no row yet). */
export async function projectedPlans(stack: TestStack, userId: number): Promise<Record<'identity' | 'calculator' | 'proposal', string>> {
  const planIn = async (service: 'identity' | 'calculator' | 'proposal', name: string, key: string) => {
    const rows = await stack.databases[service].query<Array<{ plan: string }>>(
      `SELECT plan FROM ${table(stack, service, name)} WHERE ${key} = $1`,
      userId,
    )
    return rows[0]?.plan ?? 'free'
  }
  return {
    identity: await planIn('identity', '"user"', 'id'),
    calculator: await planIn('calculator', 'user_plan', 'user_id'),
    proposal: await planIn('proposal', 'user_account', 'user_id'),
  }
}

/**
 * Publishes the change and waits until identity, calculator generation and proposals have each
 * consumed it and hold its plan, so no row changes after this returns. A user already on that plan
 * everywhere gets no event.
 */
export async function changePlanEverywhere(stack: TestStack, props: PlanChange, timeoutMs = 15_000): Promise<void> {
  const expected = props.change === SubscriptionChange.ENDED ? 'free' : 'pro'
  const onPlan = async () => Object.values(await projectedPlans(stack, props.userId)).every((plan) => plan === expected)
  if (await onPlan()) return
  const eventId = await publishPlanChange(stack, props)
  await eventually(async () => ((await consumedEverywhere(stack, eventId)) && (await onPlan()) ? true : undefined), timeoutMs)
}
