import { describe, expect, it } from 'vitest'
import { standardCalculation } from './standard-calculator.ts'

describe('SPEC §9 standard calculator', () => {
  it("derives from a daily base: 'daily x30 monthly, x365 yearly'; '3-year value'", () => {
    const result = standardCalculation(1_000, 'daily')
    expect(result.daily).toBe(1_000)
    expect(result.weekly).toBe(7_000)
    expect(result.monthly).toBe(30_000)
    expect(result.yearly).toBe(365_000)
    expect(result.threeYear).toBe(3 * 365_000)
  })

  it("derives from a monthly base: 'monthly x12 yearly'", () => {
    const result = standardCalculation(2_500, 'monthly')
    expect(result.monthly).toBe(2_500)
    expect(result.yearly).toBe(30_000)
    expect(result.daily).toBeCloseTo(2_500 / 30, 10)
  })

  it("derives from a yearly base: 'yearly /12 monthly'", () => {
    const result = standardCalculation(120_000, 'yearly')
    expect(result.yearly).toBe(120_000)
    expect(result.monthly).toBe(10_000)
    expect(result.daily).toBeCloseTo(120_000 / 365, 10)
  })

  it('derives from a weekly base with 52 weeks a year (docs/decisions/012)', () => {
    const result = standardCalculation(700, 'weekly')
    expect(result.daily).toBeCloseTo(100, 10)
    expect(result.yearly).toBe(700 * 52)
    expect(result.monthly).toBeCloseTo((700 * 52) / 12, 10)
  })

  it("'cost ratio clamped to 0.15-0.40 (0.5 minus yearly/5,000,000 x 0.3)'", () => {
    // yearly 3,000,000: 0.5 − 3,000,000 / 5,000,000 × 0.3 = 0.32, inside the clamp.
    const middle = standardCalculation(3_000_000, 'yearly')
    expect(middle.costRatio).toBeCloseTo(0.32, 12)
    expect(middle.estimatedCost).toBeCloseTo(3_000_000 * 0.32, 6)
    // yearly 365,000: 0.5 − 0.0219 = 0.4781, clamped to 0.40.
    expect(standardCalculation(1_000, 'daily').costRatio).toBe(0.4)
    // yearly 10,000,000: 0.5 − 0.6 = −0.1, clamped to 0.15.
    expect(standardCalculation(10_000_000, 'yearly').costRatio).toBe(0.15)
  })

  it("'payback months clamped 1-36' and the first-year ROI on the estimated cost", () => {
    const daily = standardCalculation(1_000, 'daily')
    // cost 365,000 × 0.40 = 146,000 recovered at 30,000 a month.
    expect(daily.estimatedCost).toBeCloseTo(146_000, 6)
    expect(daily.paybackMonths).toBeCloseTo(146_000 / 30_000, 10)
    expect(daily.roiPercent).toBeCloseTo(((365_000 - 146_000) / 146_000) * 100, 8)
    const large = standardCalculation(10_000_000, 'yearly')
    expect(large.paybackMonths).toBeCloseTo(1_500_000 / (10_000_000 / 12), 10)
    expect(large.roiPercent).toBeCloseTo(((10_000_000 - 1_500_000) / 1_500_000) * 100, 8)
  })

  it("'ROI 300 when cost is zero', with the payback at its 1-month minimum", () => {
    const zero = standardCalculation(0, 'daily')
    expect(zero.estimatedCost).toBe(0)
    expect(zero.roiPercent).toBe(300)
    expect(zero.paybackMonths).toBe(1)
  })

  it('never shows a loss as a positive ROI, and a loss never pays back (36 months, the maximum)', () => {
    const loss = standardCalculation(-1_000, 'daily')
    expect(loss.yearly).toBe(-365_000)
    expect(loss.roiPercent).toBeLessThan(0)
    expect(loss.roiPercent).toBeCloseTo(((-365_000 - -146_000) / 146_000) * 100, 8)
    expect(loss.paybackMonths).toBe(36)
  })

  it('treats a non-finite formula result as 0 (SPEC §8)', () => {
    expect(standardCalculation(Number.NaN, 'daily')).toEqual(standardCalculation(0, 'daily'))
    expect(standardCalculation(Infinity, 'monthly')).toEqual(standardCalculation(0, 'monthly'))
  })
})
