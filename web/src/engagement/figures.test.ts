import { createCalculator, validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { ENGAGEMENT_MAX_FIGURES } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { figuresOf, valueUsed } from './figures.ts'

function calculator(data: object): CalculatorData {
  const validation = validateCalculatorData(data)
  if (!validation.ok) throw new Error('the test calculator is not valid')
  return validation.calculatorData
}

const standard = calculator({
  name: 'Support Automation Savings',
  description: '',
  formula: 'hoursSaved * hourlyRate',
  explanation: '',
  parameters: [
    { name: 'hoursSaved', label: 'Hours saved per week', type: 'slider', min: 0, max: 100, step: 1, defaultValue: 10 },
    { name: 'hourlyRate', label: 'Hourly cost', type: 'slider', min: 10, max: 200, step: 5, defaultValue: 50 },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
})

describe('the figures an input event carries', () => {
  it('are the timeframe results and the 3-year value the page showed, by name', () => {
    const result = createCalculator(standard).compute({ hoursSaved: 20, hourlyRate: 50 })
    const figures = figuresOf(result)
    if (result.calculatorType !== 'standard') throw new Error('a standard calculator')
    const byPeriod = Object.fromEntries(result.timeframes.map((timeframe) => [timeframe.period, timeframe.value]))
    expect(figures).toEqual({ ...byPeriod, threeYear: result.standard.threeYear })
    expect(figures?.weekly).toBe(1_000)
    expect(Object.keys(figures ?? {}).length).toBeLessThanOrEqual(ENGAGEMENT_MAX_FIGURES)
  })

  it("are a value calculator's key metrics, leaving out names the contract refuses", () => {
    const value = calculator({
      name: 'Value',
      description: '',
      formula: '',
      explanation: '',
      parameters: [],
      calculatorType: 'value',
      valueFields: [
        { name: 'hours', label: 'Hours', defaultValue: 10 },
        { name: 'savedMoney', label: 'Saved', calculated: true, formula: 'hours * 40', highlight: true },
        { name: 'savedMoneyOverTheWholeYearForTheCompany', label: 'Long', calculated: true, formula: 'hours * 2', highlight: true },
      ],
    })
    const result = createCalculator(value).compute({ hours: 12 })
    expect(figuresOf(result)).toEqual({ savedMoney: 480 })
  })

  it('carry the value the figures were computed with: the formula keeps an input within its range', () => {
    const result = createCalculator(standard).compute({ hoursSaved: 500, hourlyRate: 50 })
    expect(valueUsed(result, 'hoursSaved', 500)).toBe(100)
    expect(valueUsed(result, 'notAnInput', 7)).toBe(7)
  })
})
