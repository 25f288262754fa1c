// Issue 35: SPEC §9's estimate (an assumed cost of 15–40 % of the value) is shown only with an
// "Estimate" mark, everywhere it appears: the card's ROI and payback (the calculator screen, the
// proposal page and the PDF write them from calculatorFigures) and the headline's payback.
import { describe, expect, it } from 'vitest'
import { calculatorTexts } from '../calculator/calculator-texts.ts'
import { validateCalculatorData, type CalculatorDataInput } from '../calculator/calculator-data.ts'
import { createCalculator } from '../calculator/calculator.ts'
import { headlineOf } from '../calculator/headline.ts'
import { calculatorFigures } from './calculator-figures.ts'
import { moneyDisplayOf } from './money-display.ts'

function figuresOf(input: CalculatorDataInput) {
  const result = validateCalculatorData(input)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  const data = result.calculatorData
  const computed = createCalculator(data).compute()
  return {
    figures: calculatorFigures(computed, data, moneyDisplayOf(data), calculatorTexts(data.language)),
    headline: headlineOf(computed),
  }
}

const base: CalculatorDataInput = {
  name: 'Savings',
  formula: 'hours * rate',
  parameters: [
    { name: 'hours', label: 'Hours', min: 0, max: 100, step: 1, defaultValue: 10 },
    { name: 'rate', label: 'Rate', min: 0, max: 200, step: 1, defaultValue: 50 },
  ],
  baseTimeframe: 'weekly',
}

const marked = (figures: ReturnType<typeof figuresOf>['figures']) =>
  [...figures.main, ...figures.more].filter((figure) => figure.estimate === true).map((figure) => figure.key)

describe('the estimate is always marked', () => {
  it.each(['standard', 'ai-calculated'] as const)(
    '%s without a price: ROI and payback carry the mark, and the headline’s payback too',
    (calculatorType) => {
      const { figures, headline } = figuresOf({ ...base, calculatorType })
      expect(marked(figures)).toEqual(['roi', 'payback'])
      expect(figures.assumedCostShare).toBeGreaterThan(0)
      expect(headline.payback?.estimate).toBe(true)
    },
  )

  it('with the seller’s price nothing is marked: ROI, payback and net value are computed', () => {
    const { figures, headline } = figuresOf({ ...base, price: { amount: 500, period: 'month', source: { kind: 'entered' } } })
    expect(marked(figures)).toEqual([])
    expect(figures.assumedCostShare).toBeUndefined()
    expect(headline.payback?.estimate).toBe(false)
  })

  it('says "Estimate" in English and "Uppskattning" in Swedish', () => {
    expect(calculatorTexts('en').estimate).toBe('Estimate')
    expect(calculatorTexts('sv').estimate).toBe('Uppskattning')
  })
})
