import {
  CHECKOUT_CREATED_MESSAGE,
  UPGRADE_ACTIVE_MESSAGE,
  UPGRADE_PENDING_MESSAGE,
  cancelSubscriptionResponseSchema,
  createSubscriptionResponseSchema,
  upgradeManualRequestSchema,
  upgradeManualResponseSchema,
} from '@valueproof/contracts'
import { currentUserId, jsonBody, requireUser, Router, type RouterMiddleware } from '@valueproof/http-kit'
import type { Billing } from '../../domain/billing.ts'
import { cancelAtPeriodEnd, startCheckout, upgradeFromCheckout } from '../../domain/checkout.ts'
import { findSubscriber } from '../../domain/subscribers.ts'
import { presentSubscription } from '../../presenters/subscription.ts'
import { paymentsConfigured, paymentsNotConfigured } from '../../provider/no-payments-provider.ts'

/** 503 "Payments are not configured" before anything is read or stored, when nothing is sold (docs/decisions/120). */
function sellsSomething(billing: Billing): RouterMiddleware {
  return (_ctx, next) => {
    if (!paymentsConfigured(billing.provider)) throw paymentsNotConfigured()
    return next()
  }
}

/**
 * SPEC §7's subscription calls and the plan as /settings shows it. Their bodies are empty (anything
 * sent is not read), except that upgrade-manual may name the checkout session to confirm.
 */
export function subscriptionRouter(billing: Billing): Router {
  const router = new Router()

  router.post('/subscription/create', requireUser(), sellsSomething(billing), jsonBody(), async (ctx) => {
    const checkout = await startCheckout(billing, currentUserId(ctx))
    ctx.body = createSubscriptionResponseSchema.parse({ success: true, paymentUrl: checkout.url, message: CHECKOUT_CREATED_MESSAGE })
  })

  router.post('/subscription/upgrade-manual', requireUser(), sellsSomething(billing), jsonBody(), async (ctx) => {
    // No body at all (SPEC §7) reads as `{}`; a malformed one is a ZodError, answered 400.
    const { sessionId } = upgradeManualRequestSchema.parse(ctx.request.body ?? {})
    const status = await upgradeFromCheckout(billing, currentUserId(ctx), sessionId)
    // 202: accepted, the payment is still processing; the page says so and the webhook finishes it.
    ctx.status = status === 'active' ? 200 : 202
    ctx.body = upgradeManualResponseSchema.parse(
      status === 'active'
        ? { success: true, status, message: UPGRADE_ACTIVE_MESSAGE }
        : { success: false, status, message: UPGRADE_PENDING_MESSAGE },
    )
  })

  router.post('/subscription/cancel', requireUser(), sellsSomething(billing), jsonBody(), async (ctx) => {
    ctx.body = cancelSubscriptionResponseSchema.parse(await cancelAtPeriodEnd(billing, currentUserId(ctx)))
  })

  router.get('/subscription', requireUser(), async (ctx) => {
    ctx.body = presentSubscription(await findSubscriber(billing.prisma, currentUserId(ctx)), billing.provider.testMode)
  })

  return router
}
