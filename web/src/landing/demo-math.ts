// The landing page's live demo (SPEC §9): two sliders and the arithmetic of their result.

export interface SliderRange {
  min: number
  max: number
  step: number
  defaultValue: number
}

/** SPEC §9: deals per month 5 to 100, step 5, default 20. */
export const DEALS_PER_MONTH: SliderRange = { min: 5, max: 100, step: 5, defaultValue: 20 }

/** SPEC §9: average deal size 10,000 to 200,000, step 10,000, default 50,000. */
export const AVERAGE_DEAL_SIZE: SliderRange = { min: 10_000, max: 200_000, step: 10_000, defaultValue: 50_000 }

/** SPEC §9: the additional deals are 25% of the deals per month, rounded. */
export const ADDITIONAL_DEAL_SHARE = 0.25

export interface DemoResult {
  additionalDeals: number
  additionalMonthlyRevenue: number
  annualRevenue: number
}

/** SPEC §9: additional deals = 25% of deals, rounded; annual revenue = additional monthly revenue × 12. */
export function demoResult(dealsPerMonth: number, averageDealSize: number): DemoResult {
  const additionalDeals = Math.round(dealsPerMonth * ADDITIONAL_DEAL_SHARE)
  const additionalMonthlyRevenue = additionalDeals * averageDealSize
  return { additionalDeals, additionalMonthlyRevenue, annualRevenue: additionalMonthlyRevenue * 12 }
}

/** A slider's value kept inside its range and on its steps (what the range input itself allows). */
export function clampToSlider(value: number, range: SliderRange): number {
  if (!Number.isFinite(value)) return range.defaultValue
  const stepped = range.min + Math.round((value - range.min) / range.step) * range.step
  return Math.min(range.max, Math.max(range.min, stepped))
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** Money with no decimals, en-US (SPEC §9). */
export const formatUsd = (value: number): string => usd.format(value)
export const formatCount = (value: number): string => count.format(value)
