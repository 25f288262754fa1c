import { env } from '@valueproof/http-kit'
import { infrastructureEnv } from '@valueproof/service-runtime'
import { z } from 'zod'

/** Unset or empty means absent; otherwise the value must start with one of `prefixes`. */
function optionalKey(prefixes: readonly string[], what: string) {
  return z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .refine((value) => prefixes.some((prefix) => value.startsWith(prefix)), `must be ${what} (starting with ${prefixes.join(' or ')})`)
        .optional(),
    )
}

/**
 * Billing's own settings (docs/decisions/105, 120), spread into the embedded stack's schema too. With
 * no STRIPE_SECRET_KEY the built-in test-mode provider takes payments only when PAYMENTS_TEST_MODE is
 * true (`npm start` and tests turn it on); otherwise nothing is sold.
 */
export const billingEnv = {
  /** Stripe's secret API key; unset = test mode if PAYMENTS_TEST_MODE, else no payments. */
  STRIPE_SECRET_KEY: optionalKey(['sk_', 'rk_'], 'a Stripe secret or restricted key'),
  /**
   * Without a Stripe key: the built-in test-mode checkout, in which anyone can upgrade to Pro without
   * paying. Off by default, so a deployment without Stripe gives nothing away. Ignored with a key.
   */
  PAYMENTS_TEST_MODE: env.boolean(false),
  /** The signing secret of the webhook endpoint (required with a key); test mode makes one per process when unset. */
  STRIPE_WEBHOOK_SECRET: optionalKey(['whsec_'], 'a Stripe webhook signing secret'),
  /** The Pro price; unset = an inline price of PRO_PRICE (USD 9.99 a month, product "ValueProof Pro"). */
  STRIPE_PRICE_ID: optionalKey(['price_'], 'a Stripe price id'),
  /** Where the Stripe client sends its requests (stripe-mock in tests); unset = api.stripe.com. */
  STRIPE_API_URL: env.optionalUrl,
  /** 'Contact Support' for Free accounts (SPEC /legal Contact). */
  SUPPORT_EMAIL: z.email().default('support@valueproof.app'),
  SUPPORT_PHONE: z
    .string()
    .optional()
    .transform((value) => (value === '' || value === undefined ? undefined : value)),
  /** Priority support for Pro accounts (SPEC §1) and its reply target. */
  SUPPORT_PRIORITY_EMAIL: z.email().default('priority@valueproof.app'),
  SUPPORT_PRIORITY_REPLY_HOURS: env.positiveInt(4),
  /** How often subscriptions whose period has ended are read again from the provider, in case a webhook was lost. */
  BILLING_RECONCILE_INTERVAL_MINUTES: env.positiveInt(15),
}

/** The variables a Stripe key needs beside it; reported together with every other bad variable. */
export function checkBillingConfig(
  config: { STRIPE_SECRET_KEY?: string | undefined; STRIPE_WEBHOOK_SECRET?: string | undefined; PUBLIC_ORIGIN?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (config.STRIPE_SECRET_KEY === undefined) return
  if (config.STRIPE_WEBHOOK_SECRET === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['STRIPE_WEBHOOK_SECRET'],
      message:
        "is required with STRIPE_SECRET_KEY: the webhook endpoint's signing secret (whsec_…), or Stripe's webhooks cannot be verified",
    })
  }
  if (config.PUBLIC_ORIGIN === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['PUBLIC_ORIGIN'],
      message: "is required with STRIPE_SECRET_KEY: Stripe's checkout returns the buyer to absolute URLs on this origin",
    })
  }
}

/** Billing's environment (every variable is in README and .env.example). */
export const billingConfigSchema = z
  .object({
    ...infrastructureEnv,
    ...billingEnv,
    /** The site's public origin: checkout's success and cancel URLs (required with a Stripe key). */
    PUBLIC_ORIGIN: env.optionalUrl,
    PORT: env.port(4004),
  })
  .superRefine(checkBillingConfig)
export type BillingConfig = z.infer<typeof billingConfigSchema>

/** What createBillingService reads: a deployable's config or the embedded stack's. */
export type BillingSettings = Pick<BillingConfig, 'PUBLIC_ORIGIN' | keyof typeof billingEnv>
