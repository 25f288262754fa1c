import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { initialSliderValue, sliderSettings, snapToSlider, valueFieldSlider, valueSliderMax, withoutFloatNoise } from './sliders.ts'

describe("SPEC §9 'Slider defaults when missing: min 0, max 100, step 1'", () => {
  it('fills in missing min, max and step', () => {
    expect(sliderSettings({})).toMatchObject({ min: 0, max: 100, step: 1 })
    expect(sliderSettings({ min: null, max: undefined })).toMatchObject({ min: 0, max: 100, step: 1 })
    expect(sliderSettings({ min: 10 })).toMatchObject({ min: 10, max: 100, step: 1 })
  })

  it('keeps the values that are there', () => {
    expect(sliderSettings({ min: 5, max: 50, step: 5 })).toMatchObject({ min: 5, max: 50, step: 5 })
  })

  it('replaces unusable values: a step that is not above 0, a max below min, non-finite numbers', () => {
    expect(sliderSettings({ step: 0 }).step).toBe(1)
    expect(sliderSettings({ step: -5 }).step).toBe(1)
    expect(sliderSettings({ min: 50, max: 10 })).toMatchObject({ min: 50, max: 50 })
    expect(sliderSettings({ min: Number.NaN, max: Infinity })).toMatchObject({ min: 0, max: 100 })
  })
})

describe("SPEC §9 'Initial slider value is defaultValue, or min plus 30% of the range'", () => {
  it('uses defaultValue when there is one', () => {
    expect(initialSliderValue({ min: 0, max: 100, defaultValue: 42 })).toBe(42)
    expect(initialSliderValue({ min: 0, max: 100, defaultValue: 0 })).toBe(0)
  })

  it('starts at min + 30% of (max − min) otherwise', () => {
    expect(initialSliderValue({})).toBe(0 + 0.3 * (100 - 0))
    expect(initialSliderValue({ min: 10, max: 110, step: 1 })).toBe(10 + 0.3 * (110 - 10))
    // The stored definition's defaults (min 0, max 1,000,000, step 1,000).
    expect(initialSliderValue({ min: 0, max: 1_000_000, step: 1_000 })).toBe(300_000)
  })

  it('lands on the step grid a slider can stop on, without binary-fraction noise', () => {
    // 30% of 0..100 is 30; with step 7 the nearest stop is 28.
    expect(initialSliderValue({ min: 0, max: 100, step: 7 })).toBe(28)
    // 30% of 0..10 is 3; 0.3 * 10 in binary is 3.0000000000000004.
    expect(initialSliderValue({ min: 0, max: 10, step: 0.1 })).toBe(3)
    expect(initialSliderValue({ min: 0.5, max: 1.5, step: 0.25 })).toBe(0.75)
  })

  it('keeps a defaultValue outside the range inside it', () => {
    expect(initialSliderValue({ min: 0, max: 100, defaultValue: 150 })).toBe(100)
    expect(initialSliderValue({ min: 10, max: 100, defaultValue: 5 })).toBe(10)
  })
})

describe('SPEC §9 value-type slider max heuristics', () => {
  it("'parameters named for customer, client or patient have max at least 500'", () => {
    expect(valueSliderMax({ name: 'newCustomers', defaultValue: 20 })).toBe(500)
    expect(valueSliderMax({ name: 'activeClients' })).toBe(500)
    expect(valueSliderMax({ name: 'patientsPerDay', defaultValue: 40 })).toBe(500)
    // At least 500: a larger default takes the general rule's larger max.
    expect(valueSliderMax({ name: 'customers', defaultValue: 3_000 })).toBe(20_000)
  })

  it("'appointment, meeting or call 300'", () => {
    expect(valueSliderMax({ name: 'appointmentsPerWeek', defaultValue: 25 })).toBe(300)
    expect(valueSliderMax({ name: 'salesMeetings' })).toBe(300)
    expect(valueSliderMax({ name: 'callsPerDay', defaultValue: 12 })).toBe(300)
  })

  it("'deal 100'", () => {
    expect(valueSliderMax({ name: 'dealsPerMonth', defaultValue: 8 })).toBe(100)
  })

  it("'size, value, price or a $ unit 10,000'", () => {
    expect(valueSliderMax({ name: 'teamSize', defaultValue: 12 })).toBe(10_000)
    expect(valueSliderMax({ name: 'orderValue' })).toBe(10_000)
    expect(valueSliderMax({ name: 'unitPrice', defaultValue: 49 })).toBe(10_000)
    expect(valueSliderMax({ name: 'savings', unit: '$', defaultValue: 50 })).toBe(10_000)
    expect(valueSliderMax({ name: 'savings', unit: 'USD per month', defaultValue: 50 })).toBe(10_000)
    // The product's other currencies count like $ (docs/decisions/011).
    expect(valueSliderMax({ name: 'savings', unit: 'kr', defaultValue: 50 })).toBe(10_000)
    expect(valueSliderMax({ name: 'savings', unit: '€', defaultValue: 50 })).toBe(10_000)
  })

  it('money words win over count words, so an average deal size is money (docs/decisions/011)', () => {
    expect(valueSliderMax({ name: 'averageDealSize', defaultValue: 5_000 })).toBe(10_000)
    expect(valueSliderMax({ name: 'customerLifetimeValue', defaultValue: 900 })).toBe(10_000)
  })

  it("'otherwise by default 50, 500, 5000 or 20000'", () => {
    expect(valueSliderMax({ name: 'hoursSaved', defaultValue: 10 })).toBe(50)
    expect(valueSliderMax({ name: 'hoursSaved', defaultValue: 10.5 })).toBe(500)
    expect(valueSliderMax({ name: 'hoursSaved', defaultValue: 100 })).toBe(500)
    expect(valueSliderMax({ name: 'hoursSaved', defaultValue: 101 })).toBe(5_000)
    expect(valueSliderMax({ name: 'hoursSaved', defaultValue: 1_000 })).toBe(5_000)
    expect(valueSliderMax({ name: 'hoursSaved', defaultValue: 1_001 })).toBe(20_000)
    expect(valueSliderMax({ name: 'hoursSaved' })).toBe(50)
  })

  it('never puts the max below the default: then the max is twice the default', () => {
    expect(valueSliderMax({ name: 'dealsPerMonth', defaultValue: 150 })).toBe(300)
    expect(valueSliderMax({ name: 'hoursSaved', defaultValue: 25_000 })).toBe(50_000)
  })

  it('matches whole camelCase words from their start, not letters inside other words', () => {
    // 'recall' contains 'call' but is not a call; 'ideal' contains 'deal'.
    expect(valueSliderMax({ name: 'recallRate', defaultValue: 5 })).toBe(50)
    expect(valueSliderMax({ name: 'idealHours', defaultValue: 5 })).toBe(50)
    expect(valueSliderMax({ name: 'support_calls', defaultValue: 5 })).toBe(300)
  })

  it('gives value fields a 0-based slider with step 1 that starts at the default', () => {
    expect(valueFieldSlider({ name: 'callsPerDay', defaultValue: 12 })).toEqual({ min: 0, max: 300, step: 1, initialValue: 12 })
    expect(valueFieldSlider({ name: 'hoursSaved' })).toEqual({ min: 0, max: 50, step: 1, initialValue: 15 })
  })
})

describe('snapToSlider: a value a slider can stop on (issue 34)', () => {
  it('clamps, snaps to min + k·step and writes the value without binary-fraction noise', () => {
    const halfHours = { min: 0, max: 20, step: 0.5 }
    expect(snapToSlider(4.800000000000001, halfHours)).toBe(5)
    expect(snapToSlider(4.74, halfHours)).toBe(4.5)
    expect(snapToSlider(-3, halfHours)).toBe(0)
    expect(snapToSlider(99, halfHours)).toBe(20)
    expect(snapToSlider(0.1 + 0.2, { min: 0, max: 1, step: 0.1 })).toBe(0.3)
    // The grid starts at min: 7 and 12 on a 5-wide grid from 2.
    expect(snapToSlider(8, { min: 2, max: 100, step: 5 })).toBe(7)
    // The nearest point past max gives way to the one below it.
    expect(snapToSlider(9.9, { min: 0, max: 9.9, step: 2 })).toBe(8)
    expect(snapToSlider(Number.NaN, halfHours)).toBe(0)
    // A max with binary-fraction noise (-0.59 + 0.58) still has its own grid point.
    expect(snapToSlider(0, { min: -0.59, max: -0.59 + 0.58, step: 0.01 })).toBe(-0.01)
  })

  it('lands every finite number on the grid and within the range (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.constantFrom(1, 0.5, 0.25, 0.1, 0.01, 5, 1000),
        (value, minUnits, spanSteps, step) => {
          const min = minUnits * step
          const max = min + spanSteps * step
          const snapped = snapToSlider(value, { min, max, step })
          expect(snapped).toBeGreaterThanOrEqual(min - step * 1e-6)
          expect(snapped).toBeLessThanOrEqual(max + step * 1e-6)
          const steps = (snapped - min) / step
          expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-6)
          // Written as a person would: no more decimals than the step has.
          const decimals = String(step).split('.')[1]?.length ?? 0
          expect(Number(snapped.toFixed(decimals))).toBe(snapped)
          // Never more than half a step from the clamped value.
          expect(Math.abs(snapped - Math.min(max, Math.max(min, value)))).toBeLessThanOrEqual(step / 2 + step * 1e-6)
        },
      ),
    )
  })

  it('withoutFloatNoise keeps 12 significant digits', () => {
    expect(withoutFloatNoise(6 * 0.8)).toBe(4.8)
    expect(withoutFloatNoise(0.1 + 0.2)).toBe(0.3)
    expect(withoutFloatNoise(1_234_567.5)).toBe(1_234_567.5)
  })
})
