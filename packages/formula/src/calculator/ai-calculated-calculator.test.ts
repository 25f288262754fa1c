import { describe, expect, it } from 'vitest'
import { aiCalculatedCalculation } from './ai-calculated-calculator.ts'

describe('SPEC §9 ai-calculated calculator', () => {
  it("'the formula result is per day; monthly x30, yearly x365'", () => {
    const result = aiCalculatedCalculation(500)
    expect(result.daily).toBe(500)
    expect(result.monthly).toBe(15_000)
    expect(result.yearly).toBe(182_500)
  })

  it("'assumed cost 20% of yearly'; 'payback minimum 1'; ROI on that cost", () => {
    const result = aiCalculatedCalculation(500)
    expect(result.estimatedCost).toBeCloseTo(0.2 * 182_500, 8)
    expect(result.paybackMonths).toBeCloseTo(36_500 / 15_000, 10)
    expect(result.paybackMonths).toBeGreaterThanOrEqual(1)
    expect(result.roiPercent).toBeCloseTo(((182_500 - 36_500) / 36_500) * 100, 8)
    expect(result.usedFallback).toBe(false)
  })

  it("'fallback ROI 300 and payback 12' when there is nothing to recover", () => {
    expect(aiCalculatedCalculation(0)).toMatchObject({ roiPercent: 300, paybackMonths: 12, usedFallback: true })
    expect(aiCalculatedCalculation(Number.NaN)).toMatchObject({ daily: 0, roiPercent: 300, paybackMonths: 12, usedFallback: true })
  })

  it('keeps the ROI of a loss negative and falls back to 12 months for its payback', () => {
    const loss = aiCalculatedCalculation(-100)
    expect(loss.yearly).toBe(-36_500)
    expect(loss.roiPercent).toBeCloseTo(((-36_500 - -7_300) / 7_300) * 100, 8)
    expect(loss.paybackMonths).toBe(12)
    expect(loss.usedFallback).toBe(true)
  })
})
