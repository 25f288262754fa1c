import { describe, expect, it } from 'vitest'
import { sellerInputs } from './seller-inputs.ts'

const calculatorData = {
  name: 'Support Automation Savings',
  description: '',
  formula: 'hoursSaved * hourlyRate',
  explanation: '',
  parameters: [
    { name: 'hoursSaved', label: 'Hours saved per week', type: 'slider', min: 0, max: 100, step: 1, defaultValue: 10, unit: 'hours' },
    { name: 'hourlyRate', label: 'Hourly cost', type: 'slider', min: 10, max: 200, step: 5, defaultValue: 50, unit: 'USD' },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
}

describe("the seller's inputs", () => {
  it('are the values the proposal starts at, with labels, units and ranges', () => {
    expect(Object.fromEntries(sellerInputs(calculatorData))).toEqual({
      hoursSaved: { label: 'Hours saved per week', unit: 'hours', value: 10, min: 0, max: 100 },
      hourlyRate: { label: 'Hourly cost', unit: 'USD', value: 50, min: 10, max: 200 },
    })
  })

  it("are the seller's shared start values where the proposal has them", () => {
    expect(sellerInputs({ ...calculatorData, startValues: { hoursSaved: 25 } }).get('hoursSaved')?.value).toBe(25)
  })

  it('are none for a proposal without a calculator the page could show', () => {
    expect(sellerInputs(null).size).toBe(0)
    expect(sellerInputs({ name: 'broken' }).size).toBe(0)
  })
})
