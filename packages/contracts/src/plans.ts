// The plans' facts (SPEC §1, §9), free of zod so that light pages (the landing page) can show them
// without loading the schema library. calculator.ts and subscription.ts re-export them.

/** SPEC §9: calculators a month on each plan (calculatorsLimit). */
export const CALCULATOR_LIMITS = { free: 5, pro: 100 } as const satisfies Record<'free' | 'pro', number>

const MB = 1024 * 1024

/**
 * Proposals a month on each plan, counted per UTC calendar month like calculators (docs/decisions/120):
 * every proposal stored counts, shared, generated, duplicated or a new version. Six per Free
 * calculator, five per Pro one: room to share and write several from each.
 */
export const PROPOSAL_LIMITS = { free: 30, pro: 500 } as const satisfies Record<'free' | 'pro', number>

/** What an account's proposals may keep in all (their text and calculators, as UTF-8), bytes. */
export const PROPOSAL_STORAGE_LIMITS = { free: 25 * MB, pro: 500 * MB } as const satisfies Record<'free' | 'pro', number>

/** What an account's kept calculators may keep in all (uploaded documents, their text, descriptions), bytes. */
export const CALCULATOR_STORAGE_LIMITS = { free: 100 * MB, pro: 2048 * MB } as const satisfies Record<'free' | 'pro', number>

/** A limit in bytes as people read it: "25 MB", "2 GB". */
export function storageSize(bytes: number): string {
  return bytes >= 1024 * MB && bytes % (1024 * MB) === 0 ? `${bytes / (1024 * MB)} GB` : `${Math.round(bytes / MB)} MB`
}

/** SPEC §1: Pro is $9.99 per month. Amounts in the currency's minor unit, as the provider takes them. */
export const PRO_PRICE = { amountMinor: 999, currency: 'usd', interval: 'month', label: '$9.99/month' } as const
