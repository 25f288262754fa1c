// The seller's honesty warnings in words: an expected value above what the document's own figures
// give (each moved input with the document's figure and page), and one input driving most of the result.
import { validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { ownerWarningTexts } from './owner-warnings.ts'

function calculator(input: Record<string, unknown>): CalculatorData {
  const validation = validateCalculatorData({
    name: 'Support Automation Savings',
    description: '',
    explanation: '',
    baseCurrency: 'USD',
    baseTimeframe: 'weekly',
    valueType: 'moneySaved',
    calculatorType: 'standard',
    ...input,
  })
  if (!validation.ok) throw new Error(JSON.stringify(validation))
  return validation.calculatorData
}

const hoursSaved = {
  name: 'hoursSaved',
  label: 'Hours saved per week',
  type: 'slider',
  min: 0,
  max: 100,
  step: 1,
  defaultValue: 10,
  unit: 'hours',
  source: { kind: 'document', page: 3, quote: 'saves 10 hours a week' },
}
const hourlyRate = { name: 'hourlyRate', label: 'Hourly cost', type: 'slider', min: 10, max: 200, step: 5, defaultValue: 50, unit: 'USD' }

describe("the seller's honesty warnings", () => {
  it("say when the expected value is above the document's own figures, input by input with its page", () => {
    const data = calculator({ formula: 'hoursSaved * hourlyRate', parameters: [hoursSaved, hourlyRate], startValues: { hoursSaved: 20 } })
    expect(ownerWarningTexts(data)).toEqual([
      "Your expected value, $52,000 a year, is more than the document's own figures give ($26,000): " +
        'Hours saved per week is 20 hours where the document says 10 hours (p. 3).',
    ])
  })

  it("speak of the description when the figure came from the seller's description", () => {
    const described = { ...hoursSaved, source: { kind: 'description' } }
    const data = calculator({ formula: 'hoursSaved * hourlyRate', parameters: [described, hourlyRate], startValues: { hoursSaved: 15 } })
    expect(ownerWarningTexts(data)).toEqual([
      "Your expected value, $39,000 a year, is more than your description's own figures give ($26,000): " +
        'Hours saved per week is 15 hours where the description says 10 hours.',
    ])
  })

  it('say nothing when the seller keeps the figures of the document, or lowers them', () => {
    const kept = calculator({ formula: 'hoursSaved * hourlyRate', parameters: [hoursSaved, hourlyRate] })
    expect(ownerWarningTexts(kept)).toEqual([])
    const lowered = calculator({ formula: 'hoursSaved * hourlyRate', parameters: [hoursSaved, hourlyRate], startValues: { hoursSaved: 5 } })
    expect(ownerWarningTexts(lowered)).toEqual([])
  })

  it('say when one assumed input drives most of the result', () => {
    const data = calculator({
      formula: 'ticketsPerWeek * 10 + toolSavings',
      parameters: [
        { name: 'ticketsPerWeek', label: 'Tickets per week', type: 'slider', min: 0, max: 1000, step: 10, defaultValue: 100 },
        {
          name: 'toolSavings',
          label: 'Tool savings per week',
          type: 'slider',
          min: 0,
          max: 1000,
          step: 10,
          defaultValue: 100,
          unit: 'USD',
        },
      ],
    })
    // Tickets ±10 % moves the week ±100; the savings ±10 % move it ±10: 200 of 220.
    expect(ownerWarningTexts(data)).toEqual(['Tickets per week drives 91% of the result (an assumption — check it with the prospect).'])
  })
})
