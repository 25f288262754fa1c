import { describe, expect, it } from 'vitest'
import { hiddenConstants, isUnitConversion } from './hidden-constants.ts'

describe('isUnitConversion', () => {
  it.each([60, 100, 12, 52, 365, 7, 24, 30, 4, 1000, 10, 3, 1, 0, 1 / 60, 0.0328767, 4.33, 4.3, 30.42, 8760, 0.01, 1440, 0.1428571])(
    'takes %d for a conversion (one, or two periods together, written rounded)',
    (value) => {
      expect(isUnitConversion(value)).toBe(true)
    },
  )

  it.each([0.15, 0.3, 0.35, 1.2, 250, 46, 8, 40, 160, 0.85, 7.40822, 1500])('takes %d for a hidden figure', (value) => {
    expect(isUnitConversion(value)).toBe(false)
  })
})

describe('hiddenConstants', () => {
  const none = { price: undefined, valueFields: [] }

  it('finds the numbers a formula holds that are not conversions, and a summand that is not a whole', () => {
    expect(hiddenConstants({ ...none, formula: '(a / 100) * b * 0.0328767 * 12 / 60' })).toEqual([])
    expect(hiddenConstants({ ...none, formula: 'a * (1 - b / 100) + (100 - c) / 100' })).toEqual([])
    expect(hiddenConstants({ ...none, formula: 'a * 0.3 + 12' }).map((hidden) => hidden.value)).toEqual([0.3, 12])
  })

  it('looks in the price formula and a value calculator’s calculated fields, not its input fields', () => {
    const found = hiddenConstants({
      formula: '',
      price: { amount: 100, period: 'year', setup: undefined, formula: 'seats * 29 * 12', source: { kind: 'entered' } },
      valueFields: [
        { name: 'price', label: 'Price', calculated: true, formula: 'perMonth * 12 + 3000', highlight: false },
        { name: 'seats', label: 'Seats', calculated: false, defaultValue: 46, highlight: false },
      ].map((field) => ({ ...field, description: undefined, unit: undefined, prefix: undefined, defaultValue: undefined })),
    })
    expect(found.map((hidden) => [hidden.path, hidden.value])).toEqual([
      ['price.formula', 29],
      ['valueFields[0].formula', 3000],
    ])
  })
})
