// The provider's webhook (docs/decisions/105): signature verified on the raw body, each event id
// handled once, and every handled event only a cue to read the subscription again from the
// provider, whose current state is applied. Events delivered late or out of order therefore end
// in the provider's state, whatever their own payload said.
import type Stripe from 'stripe'
import type { ProviderSubscription } from '../provider/types.ts'
import type { Billing } from './billing.ts'
import { ownerOf } from './subscribers.ts'
import { applySubscriptionState } from './subscription-state.ts'

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored'

/** The subscription an invoice bills (API 2026-10-28: under parent.subscription_details). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | undefined {
  const subscription = invoice.parent?.subscription_details?.subscription
  if (!subscription) return undefined
  return typeof subscription === 'string' ? subscription : subscription.id
}

async function applyToOwner(billing: Billing, subscription: ProviderSubscription, hintUserId: number | undefined, source: string) {
  const userId = await ownerOf(billing.prisma, { userId: hintUserId ?? subscription.userId, customerId: subscription.customerId })
  if (userId === undefined) {
    billing.logger.warn({ subscriptionId: subscription.id, source }, 'subscription of no known user: ignored')
    return 'ignored' as const
  }
  await applySubscriptionState(billing, { userId, subscription, source })
  return 'handled' as const
}

async function reactToSubscription(billing: Billing, subscriptionId: string | undefined, source: string): Promise<WebhookOutcome> {
  if (!subscriptionId) return 'ignored'
  const subscription = await billing.provider.retrieveSubscription(subscriptionId)
  if (!subscription) return 'ignored'
  return applyToOwner(billing, subscription, undefined, source)
}

async function reactTo(billing: Billing, event: Stripe.Event): Promise<WebhookOutcome> {
  const source = `webhook ${event.type}`
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = await billing.provider.retrieveCheckoutSession(event.data.object.id)
      if (!session?.subscription) return 'ignored'
      return applyToOwner(billing, session.subscription, session.userId, source)
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return reactToSubscription(billing, event.data.object.id, source)
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return reactToSubscription(billing, invoiceSubscriptionId(event.data.object), source)
    default:
      return 'ignored'
  }
}

/**
 * One webhook request. The event id is recorded first, so a replay does nothing; when applying
 * fails (the provider or the database unreachable) the record is removed again and the error
 * answers 5xx, so the provider delivers the event again later.
 */
export async function handleWebhook(
  billing: Billing,
  request: { rawBody: Buffer; signature: string | undefined },
): Promise<WebhookOutcome> {
  const event = billing.provider.verifyWebhook(request.rawBody, request.signature)
  const { count } = await billing.prisma.webhookEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true })
  if (count === 0) return 'duplicate'
  try {
    return await reactTo(billing, event)
  } catch (error) {
    await billing.prisma.webhookEvent.deleteMany({ where: { id: event.id } })
    throw error
  }
}
