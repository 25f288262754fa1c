// SPEC §9 standard calculator. Edge cases SPEC leaves open are in docs/decisions/012.
import { TIMEFRAME_FACTORS, type TimeframePeriod } from './timeframes.ts'

export const STANDARD_CALCULATOR = {
  /** The 3-year value is three yearly values. */
  years: 3,
  /** cost ratio = clamp(0.5 − yearly / 5,000,000 × 0.3, 0.15, 0.40) */
  costRatio: { base: 0.5, yearlyScale: 5_000_000, slope: 0.3, min: 0.15, max: 0.4 },
  paybackMonths: { min: 1, max: 36 },
  /** ROI (percent) shown when the estimated cost is zero. */
  roiWhenCostIsZero: 300,
} as const

export interface StandardCalculation {
  readonly daily: number
  readonly weekly: number
  readonly monthly: number
  readonly yearly: number
  readonly threeYear: number
  readonly costRatio: number
  readonly estimatedCost: number
  readonly paybackMonths: number
  /** First-year return on the estimated cost, in percent. */
  readonly roiPercent: number
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

/**
 * SPEC §9: daily, monthly and yearly from the result at the base timeframe; 3-year value; cost
 * ratio clamped to 0.15–0.40; payback months clamped to 1–36; ROI 300 when the cost is zero.
 * A non-finite result counts as 0 (SPEC §8).
 */
export function standardCalculation(formulaResult: number, baseTimeframe: TimeframePeriod): StandardCalculation {
  const result = Number.isFinite(formulaResult) ? formulaResult : 0
  const factors = TIMEFRAME_FACTORS[baseTimeframe]
  const daily = result * factors.daily
  const weekly = result * factors.weekly
  const monthly = result * factors.monthly
  const yearly = result * factors.yearly
  const { costRatio: ratio, paybackMonths: payback } = STANDARD_CALCULATOR
  const costRatio = clamp(ratio.base - (yearly / ratio.yearlyScale) * ratio.slope, ratio.min, ratio.max)
  const estimatedCost = yearly * costRatio
  let paybackMonths: number
  if (estimatedCost === 0) paybackMonths = payback.min
  else if (monthly <= 0) paybackMonths = payback.max
  else paybackMonths = clamp(estimatedCost / monthly, payback.min, payback.max)
  // A loss has a negative cost too; dividing by its size keeps the ROI negative.
  const roiPercent =
    estimatedCost === 0 ? STANDARD_CALCULATOR.roiWhenCostIsZero : ((yearly - estimatedCost) / Math.abs(estimatedCost)) * 100
  return {
    daily,
    weekly,
    monthly,
    yearly,
    threeYear: yearly * STANDARD_CALCULATOR.years,
    costRatio,
    estimatedCost,
    paybackMonths,
    roiPercent,
  }
}
