/** How often and how late a failed delivery is tried again; shared by both transports. */
export interface RedeliveryPolicy {
  /** Deliveries in total, the first included; after the last failure the event is given up (logged as an error). */
  maxDeliver: number
  /** Delay before delivery n+1 after delivery n failed; the last entry repeats. */
  delaysMs: readonly number[]
}

export const defaultRedeliveryPolicy: RedeliveryPolicy = {
  maxDeliver: 10,
  delaysMs: [1_000, 5_000, 30_000, 120_000, 300_000],
}

export function resolveRedeliveryPolicy(overrides: Partial<RedeliveryPolicy> = {}): RedeliveryPolicy {
  const policy = { ...defaultRedeliveryPolicy, ...overrides }
  if (!Number.isInteger(policy.maxDeliver) || policy.maxDeliver < 1) {
    throw new Error(`redelivery.maxDeliver must be a positive integer, got ${policy.maxDeliver}`)
  }
  if (policy.delaysMs.length === 0 || policy.delaysMs.some((delay) => !(delay >= 0))) {
    throw new Error('redelivery.delaysMs must list at least one delay of 0 ms or more')
  }
  return policy
}

/** The wait before the next delivery, after delivery number `deliveryCount` (1-based) failed. */
export function redeliveryDelay(policy: RedeliveryPolicy, deliveryCount: number): number {
  const index = Math.min(Math.max(deliveryCount, 1), policy.delaysMs.length) - 1
  return policy.delaysMs[index] ?? 0
}
