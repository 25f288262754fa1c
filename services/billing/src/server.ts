import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-runtime'
import { billingConfigSchema, type BillingSettings } from './config.ts'
import type { PrismaClient } from './db.ts'
import type { Billing } from './domain/billing.ts'
import { reconcileEndedPeriods } from './domain/reconcile.ts'
import { NoPaymentsProvider, paymentsConfigured } from './provider/no-payments-provider.ts'
import { createStripeProvider } from './provider/stripe-provider.ts'
import { TestModeProvider } from './provider/test-mode-provider.ts'
import type { PaymentProvider } from './provider/types.ts'
import { processWebhookSecret } from './provider/webhook-signature.ts'
import { subscriptionRouter } from './routes/subscription/index.ts'
import { supportRouter } from './routes/support/index.ts'
import { testCheckoutRouter } from './routes/test-checkout/index.ts'
import { webhookRouter } from './routes/webhook/index.ts'

export { PrismaClient } from './db.ts'
export { billingConfigSchema, billingEnv, checkBillingConfig, type BillingConfig, type BillingSettings } from './config.ts'

export const SERVICE_NAME = 'billing'

/** Defaults of every setting (no Stripe key and no test mode: nothing is sold). */
const defaultSettings: BillingSettings = billingConfigSchema.parse({})

export interface BillingServiceOptions {
  now?: () => Date
}

/** Said once at start when test mode is on: `npm start` logs warnings, so it is seen there too. */
export const TEST_MODE_WARNING =
  'Payments are in TEST MODE: anyone can upgrade to Pro without paying. Set STRIPE_SECRET_KEY (and PAYMENTS_TEST_MODE=false) for real payments.'
/** Said once at start when nothing is sold. */
export const NO_PAYMENTS_WARNING =
  "Payments are not configured: 'Upgrade to Pro' answers 503. Set STRIPE_SECRET_KEY for real payments, or PAYMENTS_TEST_MODE=true to try the product."

/**
 * Stripe with a key; otherwise test mode when the operator turned it on (its events signed with the
 * configured secret or one of this process); otherwise no payments at all (docs/decisions/120).
 */
function paymentProvider(deps: ServiceDeps<PrismaClient>, config: BillingSettings, now: () => Date): PaymentProvider {
  if (config.STRIPE_SECRET_KEY !== undefined && config.STRIPE_WEBHOOK_SECRET !== undefined) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      priceId: config.STRIPE_PRICE_ID,
      apiUrl: config.STRIPE_API_URL,
      publicOrigin: config.PUBLIC_ORIGIN,
      logger: deps.logger,
    })
  }
  if (!config.PAYMENTS_TEST_MODE) {
    deps.logger.warn(NO_PAYMENTS_WARNING)
    return new NoPaymentsProvider()
  }
  deps.logger.warn(TEST_MODE_WARNING)
  return new TestModeProvider({
    prisma: deps.prisma,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? processWebhookSecret(),
    publicOrigin: config.PUBLIC_ORIGIN,
    now,
  })
}

/** Plans and payments: checkout, the provider's webhooks, the plan events every other service follows. */
export function createBillingService(
  deps: ServiceDeps<PrismaClient>,
  config: BillingSettings = defaultSettings,
  options: BillingServiceOptions = {},
): ServiceInstance {
  const now = options.now ?? (() => new Date())
  const billing: Billing = {
    prisma: deps.prisma,
    dbSchema: deps.dbSchema,
    logger: deps.logger,
    provider: paymentProvider(deps, config, now),
    now,
  }
  // In case a renewal's or an end's webhook never arrives (with no payments there is no one to ask).
  const reconciler = setInterval(() => {
    if (!paymentsConfigured(billing.provider)) return
    reconcileEndedPeriods(billing).catch((error: unknown) => deps.logger.warn({ err: error }, 'subscription reconciliation failed'))
  }, config.BILLING_RECONCILE_INTERVAL_MINUTES * 60_000)
  reconciler.unref()
  return createService({
    name: SERVICE_NAME,
    deps,
    routers: [
      subscriptionRouter(billing),
      webhookRouter(billing),
      testCheckoutRouter(billing),
      supportRouter({ prisma: deps.prisma, settings: config }),
    ],
    onStop: () => clearInterval(reconciler),
  })
}
