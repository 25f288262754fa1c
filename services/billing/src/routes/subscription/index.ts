import {
  CHECKOUT_CREATED_MESSAGE,
  UPGRADE_ACTIVE_MESSAGE,
  UPGRADE_PENDING_MESSAGE,
  cancelSubscriptionResponseSchema,
  createSubscriptionResponseSchema,
  upgradeManualResponseSchema,
} from '@valueproof/contracts'
import { currentUserId, jsonBody, requireUser, Router } from '@valueproof/http-kit'
import type { Billing } from '../../domain/billing.ts'
import { cancelAtPeriodEnd, startCheckout, upgradeFromCheckout } from '../../domain/checkout.ts'
import { findSubscriber } from '../../domain/subscribers.ts'
import { presentSubscription } from '../../presenters/subscription.ts'

/** SPEC §7's subscription calls (their bodies are empty: anything sent is not read) and the plan as /settings shows it. */
export function subscriptionRouter(billing: Billing): Router {
  const router = new Router()

  router.post('/subscription/create', requireUser(), jsonBody(), async (ctx) => {
    const checkout = await startCheckout(billing, currentUserId(ctx))
    ctx.body = createSubscriptionResponseSchema.parse({ success: true, paymentUrl: checkout.url, message: CHECKOUT_CREATED_MESSAGE })
  })

  router.post('/subscription/upgrade-manual', requireUser(), jsonBody(), async (ctx) => {
    const status = await upgradeFromCheckout(billing, currentUserId(ctx))
    // 202: accepted, the payment is still processing; the page says so and the webhook finishes it.
    ctx.status = status === 'active' ? 200 : 202
    ctx.body = upgradeManualResponseSchema.parse(
      status === 'active'
        ? { success: true, status, message: UPGRADE_ACTIVE_MESSAGE }
        : { success: false, status, message: UPGRADE_PENDING_MESSAGE },
    )
  })

  router.post('/subscription/cancel', requireUser(), jsonBody(), async (ctx) => {
    ctx.body = cancelSubscriptionResponseSchema.parse(await cancelAtPeriodEnd(billing, currentUserId(ctx)))
  })

  router.get('/subscription', requireUser(), async (ctx) => {
    ctx.body = presentSubscription(await findSubscriber(billing.prisma, currentUserId(ctx)), billing.provider.testMode)
  })

  return router
}
