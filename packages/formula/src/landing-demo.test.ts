import { describe, expect, it } from 'vitest'
import { LANDING_DEMO_SLIDERS, landingDemoResult } from './landing-demo.ts'

describe('SPEC §9 landing demo', () => {
  it("'deals per month slider 5 to 100, step 5, default 20'", () => {
    expect(LANDING_DEMO_SLIDERS.dealsPerMonth).toEqual({ min: 5, max: 100, step: 5, defaultValue: 20 })
  })

  it("'average deal size slider 10,000 to 200,000, step 10,000, default 50,000'", () => {
    expect(LANDING_DEMO_SLIDERS.averageDealSize).toEqual({ min: 10_000, max: 200_000, step: 10_000, defaultValue: 50_000 })
  })

  it("'Additional deals = 25% of deals, rounded; annual revenue = additional monthly revenue x 12' at the defaults", () => {
    // 25% of 20 deals is 5; 5 × 50,000 = 250,000 a month; × 12 = 3,000,000 a year.
    expect(landingDemoResult({ dealsPerMonth: 20, averageDealSize: 50_000 })).toEqual({
      additionalDeals: 5,
      additionalMonthlyRevenue: 250_000,
      annualRevenue: 3_000_000,
    })
  })

  it('rounds the additional deals to whole deals', () => {
    // 25% of 5 is 1.25 → 1; of 10 is 2.5 → 3; of 15 is 3.75 → 4; of 30 is 7.5 → 8.
    expect([5, 10, 15, 30].map((dealsPerMonth) => landingDemoResult({ dealsPerMonth, averageDealSize: 10_000 }).additionalDeals)).toEqual([
      1, 3, 4, 8,
    ])
    expect(landingDemoResult({ dealsPerMonth: 10, averageDealSize: 200_000 })).toEqual({
      additionalDeals: 3,
      additionalMonthlyRevenue: 600_000,
      annualRevenue: 7_200_000,
    })
  })

  it('gives the slider ends', () => {
    expect(landingDemoResult({ dealsPerMonth: 100, averageDealSize: 200_000 }).annualRevenue).toBe(25 * 200_000 * 12)
    expect(landingDemoResult({ dealsPerMonth: 5, averageDealSize: 10_000 }).annualRevenue).toBe(1 * 10_000 * 12)
  })

  it('counts non-finite inputs as 0', () => {
    expect(landingDemoResult({ dealsPerMonth: Number.NaN, averageDealSize: 50_000 }).annualRevenue).toBe(0)
  })
})
