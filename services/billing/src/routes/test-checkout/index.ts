import { TEST_MODE_OFF_MESSAGE, testCheckoutResultSchema } from '@valueproof/contracts'
import { currentUserId, errors, jsonBody, requireUser, Router, type RouterMiddleware } from '@valueproof/http-kit'
import type { Billing } from '../../domain/billing.ts'
import { cancelTestCheckout, endTestPeriod, payTestCheckout, testCheckout, type TestModeBilling } from '../../domain/test-checkout.ts'
import { findSubscriber } from '../../domain/subscribers.ts'
import { TestModeProvider } from '../../provider/test-mode-provider.ts'
import { presentSubscription } from '../../presenters/subscription.ts'

/** Test mode's payment page and test clock; with Stripe configured every one of them is a 404. */
export function testCheckoutRouter(billing: Billing): Router {
  const router = new Router()
  const { provider } = billing
  const testMode: TestModeBilling | undefined = provider instanceof TestModeProvider ? { ...billing, provider } : undefined

  /** The handler with test mode's billing; 404 when payments go through Stripe. */
  function inTestMode(handler: (ctx: Parameters<RouterMiddleware>[0], billing: TestModeBilling) => Promise<void>): RouterMiddleware {
    return async (ctx) => {
      if (!testMode) throw errors.notFound(TEST_MODE_OFF_MESSAGE, 'test_mode_off')
      await handler(ctx, testMode)
    }
  }

  router.get(
    '/test-checkout/:id',
    requireUser(),
    inTestMode(async (ctx, test) => {
      ctx.body = await testCheckout(test, ctx.params.id ?? '', currentUserId(ctx))
    }),
  )

  router.post(
    '/test-checkout/:id/pay',
    requireUser(),
    jsonBody(),
    inTestMode(async (ctx, test) => {
      ctx.body = testCheckoutResultSchema.parse({ redirectUrl: await payTestCheckout(test, ctx.params.id ?? '', currentUserId(ctx)) })
    }),
  )

  router.post(
    '/test-checkout/:id/cancel',
    requireUser(),
    jsonBody(),
    inTestMode(async (ctx, test) => {
      ctx.body = testCheckoutResultSchema.parse({ redirectUrl: await cancelTestCheckout(test, ctx.params.id ?? '', currentUserId(ctx)) })
    }),
  )

  router.post(
    '/test-mode/end-period',
    requireUser(),
    jsonBody(),
    inTestMode(async (ctx, test) => {
      const userId = currentUserId(ctx)
      await endTestPeriod(test, userId)
      ctx.body = presentSubscription(await findSubscriber(test.prisma, userId), true)
    }),
  )

  return router
}
