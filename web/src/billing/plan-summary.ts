import { CALCULATOR_LIMITS, type Plan } from '@valueproof/contracts'
import { PRODUCT_NAME } from '../config.ts'

/** SPEC §2/§9: calculators created out of the limit, as a whole percentage capped at 100. */
export function usagePercent(created: number, limit: number): number {
  if (limit <= 0) return created > 0 ? 100 : 0
  return Math.min(100, Math.max(0, Math.round((created / limit) * 100)))
}

/**
 * What a plan includes, as /settings lists it (SPEC §2: the calculator limit, sharing with clients,
 * branding options; SPEC §1's other Pro features). Pro's limit reads 'up to 100' (SPEC §9).
 */
export function planIncludes(plan: Plan): string[] {
  if (plan === 'pro') {
    return [
      // Literal, as SPEC words it; plan-summary.test.ts keeps it equal to CALCULATOR_LIMITS.pro.
      'Create up to 100 calculators a month',
      'Share calculators and proposals with clients',
      'Custom branding: your company name, logo and website on your proposals',
      'Calculator templates',
      'Priority support',
    ]
  }
  return [
    `Create up to ${CALCULATOR_LIMITS.free} calculators a month`,
    'Share calculators and proposals with clients',
    `${PRODUCT_NAME} branding on your proposals`,
    'Email support',
  ]
}

/** The Free card's offer, SPEC §2's words; plan-summary.test.ts keeps its price equal to PRO_PRICE. */
export const PRO_OFFER_TEXT = '$9.99/month - Unlock Pro features'
