import { describe, expect, it } from 'vitest'
import { AVERAGE_DEAL_SIZE, clampToSlider, DEALS_PER_MONTH, demoResult, formatUsd } from './demo-math.ts'

describe('the landing demo (SPEC §9)', () => {
  it('has the sliders of SPEC §9', () => {
    expect(DEALS_PER_MONTH).toEqual({ min: 5, max: 100, step: 5, defaultValue: 20 })
    expect(AVERAGE_DEAL_SIZE).toEqual({ min: 10_000, max: 200_000, step: 10_000, defaultValue: 50_000 })
  })

  it('adds 25% of the deals, rounded, and twelve months of their revenue', () => {
    expect(demoResult(20, 50_000)).toEqual({ additionalDeals: 5, additionalMonthlyRevenue: 250_000, annualRevenue: 3_000_000 })
    // 25% of 5 is 1.25 → 1; of 10 is 2.5 → 3 (half rounds up); of 30 is 7.5 → 8.
    expect(demoResult(5, 10_000).additionalDeals).toBe(1)
    expect(demoResult(10, 10_000).additionalDeals).toBe(3)
    expect(demoResult(30, 200_000)).toEqual({ additionalDeals: 8, additionalMonthlyRevenue: 1_600_000, annualRevenue: 19_200_000 })
    expect(demoResult(100, 200_000).annualRevenue).toBe(25 * 200_000 * 12)
  })

  it('keeps slider values inside their range and on their steps', () => {
    expect(clampToSlider(0, DEALS_PER_MONTH)).toBe(5)
    expect(clampToSlider(101, DEALS_PER_MONTH)).toBe(100)
    expect(clampToSlider(23, DEALS_PER_MONTH)).toBe(25)
    expect(clampToSlider(Number.NaN, AVERAGE_DEAL_SIZE)).toBe(50_000)
  })

  it('shows money in US dollars with no decimals', () => {
    expect(formatUsd(3_000_000)).toBe('$3,000,000')
    expect(formatUsd(1_234.56)).toBe('$1,235')
  })
})
