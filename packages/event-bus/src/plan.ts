import type { SubscriptionChanged } from '@valueproof/proto'

/**
 * What a billing.subscription.changed event grants, as every consumer reads it: anything but 'pro'
 * is Free (an unknown plan must never unlock Pro), and the per-user version consumers compare
 * (docs/decisions/105) as a number.
 */
export function grantedPlan(message: SubscriptionChanged): { plan: 'free' | 'pro'; version: number } {
  return { plan: message.plan === 'pro' ? 'pro' : 'free', version: Number(message.version) }
}
