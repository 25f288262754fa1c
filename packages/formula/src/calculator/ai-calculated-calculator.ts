// SPEC §9 ai-calculated calculator. Edge cases SPEC leaves open are in docs/decisions/012.

export const AI_CALCULATED_CALCULATOR = {
  daysPerMonth: 30,
  daysPerYear: 365,
  /** The assumed cost is 20% of the yearly value. */
  costShareOfYearly: 0.2,
  paybackMonthsMin: 1,
  fallbackRoiPercent: 300,
  fallbackPaybackMonths: 12,
} as const

export interface AiCalculatedCalculation {
  readonly daily: number
  readonly monthly: number
  readonly yearly: number
  readonly estimatedCost: number
  readonly paybackMonths: number
  /** First-year return on the assumed cost, in percent. */
  readonly roiPercent: number
  /** True when ROI or payback could not be computed and SPEC's fallback values are shown. */
  readonly usedFallback: boolean
}

/**
 * SPEC §9: the formula result is per day; monthly ×30, yearly ×365; assumed cost 20% of yearly;
 * payback at least 1 month; ROI 300 and payback 12 as the fallback when there is no cost to
 * recover. A non-finite result counts as 0 (SPEC §8).
 */
export function aiCalculatedCalculation(dailyResult: number): AiCalculatedCalculation {
  const c = AI_CALCULATED_CALCULATOR
  const daily = Number.isFinite(dailyResult) ? dailyResult : 0
  const monthly = daily * c.daysPerMonth
  const yearly = daily * c.daysPerYear
  const estimatedCost = yearly * c.costShareOfYearly
  if (estimatedCost === 0) {
    return {
      daily,
      monthly,
      yearly,
      estimatedCost,
      paybackMonths: c.fallbackPaybackMonths,
      roiPercent: c.fallbackRoiPercent,
      usedFallback: true,
    }
  }
  // A loss is never paid back: payback falls back, and the ROI stays negative.
  const roiPercent = ((yearly - estimatedCost) / Math.abs(estimatedCost)) * 100
  if (monthly <= 0) return { daily, monthly, yearly, estimatedCost, paybackMonths: c.fallbackPaybackMonths, roiPercent, usedFallback: true }
  return {
    daily,
    monthly,
    yearly,
    estimatedCost,
    paybackMonths: Math.max(c.paybackMonthsMin, estimatedCost / monthly),
    roiPercent,
    usedFallback: false,
  }
}
