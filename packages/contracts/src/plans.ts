// The plans' facts (SPEC §1, §9), free of zod so that light pages (the landing page) can show them
// without loading the schema library. calculator.ts and subscription.ts re-export them.

/** SPEC §9: calculators a month on each plan (calculatorsLimit). */
export const CALCULATOR_LIMITS = { free: 5, pro: 100 } as const satisfies Record<'free' | 'pro', number>

/** SPEC §1: Pro is $9.99 per month. Amounts in the currency's minor unit, as the provider takes them. */
export const PRO_PRICE = { amountMinor: 999, currency: 'usd', interval: 'month', label: '$9.99/month' } as const
