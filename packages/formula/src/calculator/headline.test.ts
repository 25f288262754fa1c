import { describe, expect, it } from 'vitest'
import { validateCalculatorData, type CalculatorData, type CalculatorDataInput } from './calculator-data.ts'
import { createCalculator } from './calculator.ts'
import { calculatorFigures } from '../proposal/calculator-figures.ts'
import { proposalTexts } from '../proposal/proposal-texts.ts'
import { calculatorTexts } from './calculator-texts.ts'
import { headlineLabel, headlineOf, headlineValue, paybackSeries } from './headline.ts'
import { scenarioWarnings, sensitivity } from './scenario-warnings.ts'

function valid(input: CalculatorDataInput): CalculatorData {
  const result = validateCalculatorData(input)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.calculatorData
}

/** $100 a day saved: $3,000 a month, $36,500 a year. */
const base: CalculatorDataInput = {
  name: 'Reporting automation',
  formula: 'hoursSaved * hourlyRate',
  parameters: [
    { name: 'hoursSaved', label: 'Hours saved per day', min: 0, max: 10, step: 1, defaultValue: 2 },
    { name: 'hourlyRate', label: 'Hourly rate', min: 0, max: 200, step: 5, defaultValue: 50 },
  ],
}
const entered = { kind: 'entered' } as const

describe('headlineOf', () => {
  it('leads with the value per year and the payback against the seller’s price', () => {
    const data = valid({ ...base, price: { amount: 1000, period: 'month', setup: 5000, source: entered } })
    const result = createCalculator(data).compute()
    if (result.calculatorType !== 'standard' || result.priced === undefined) throw new Error('expected a priced standard calculator')
    const headline = headlineOf(result)
    expect(headline.yearlyValue).toBe(36_500)
    expect(headline.payback).toEqual({ months: (result.priced.payback as { months: number }).months, paidBack: true, estimate: false })
    // Moving an input moves the headline with the calculator's own figures.
    const more = createCalculator(data).compute({ hoursSaved: 4 })
    expect(headlineOf(more).yearlyValue).toBe(73_000)
  })

  it('marks SPEC §9’s assumed payback as an estimate, and says when a price is never paid back', () => {
    const estimate = headlineOf(createCalculator(valid(base)).compute())
    expect(estimate.payback?.estimate).toBe(true)
    const dear = valid({ ...base, price: { amount: 10_000, period: 'month', source: entered } })
    expect(headlineOf(createCalculator(dear).compute()).payback).toMatchObject({ paidBack: false, estimate: false })
  })

  it('has no yearly headline for a value calculator', () => {
    const data = valid({
      name: 'Deal size',
      calculatorType: 'value',
      parameters: [],
      valueFields: [
        { name: 'deals', label: 'Deals', defaultValue: 10 },
        { name: 'total', label: 'Total', calculated: true, formula: 'deals * 2', highlight: true },
      ],
    })
    expect(headlineOf(createCalculator(data).compute())).toEqual({ yearlyValue: undefined, payback: undefined })
  })
})

describe('headlineValue', () => {
  it('states a negative value per year as a net cost, never “You save −…”', () => {
    const data = valid({ ...base, formula: 'hoursSaved * hourlyRate - 280', valueType: 'moneySaved' })
    // (2 × 50 − 280) a day: −$180 a day, −$65,700 a year.
    const yearly = headlineOf(createCalculator(data).compute()).yearlyValue ?? Number.NaN
    expect(yearly).toBe(-65_700)
    const value = headlineValue(yearly)
    expect(value).toEqual({ netCost: true, amount: 65_700 })
    expect(headlineLabel(value, data.valueType, proposalTexts('en'))).toBe('Net cost per year')
    expect(headlineLabel(value, data.valueType, proposalTexts('sv'))).toBe('Nettokostnad per år')
    // It never pays back, though SPEC §9's estimate clamps its payback to 36 months.
    expect(headlineOf(createCalculator(data).compute()).payback).toMatchObject({ paidBack: false, estimate: true })
  })

  it('leaves no negative “What you save” on the calculator’s card either', () => {
    const data = valid({ ...base, formula: 'hoursSaved * hourlyRate - 280', valueType: 'moneySaved', baseTimeframe: 'daily' })
    const display = { currency: 'USD', locale: 'en-US' } as const
    const { main, more } = calculatorFigures(createCalculator(data).compute(), data, display, calculatorTexts('en'))
    expect(main.find((figure) => figure.key === 'yearly')).toEqual({ key: 'yearly', label: 'Net cost per year', value: '$65,700' })
    expect(main.every((figure) => !figure.value.includes('-') && !figure.label.startsWith('What you save'))).toBe(true)
    expect(more.find((figure) => figure.key === 'payback')?.value).toBe('Not paid back')
  })

  it('keeps the value type’s label for a value of zero or more', () => {
    expect(headlineValue(36_500)).toEqual({ netCost: false, amount: 36_500 })
    expect(headlineLabel(headlineValue(0), 'moneySaved', proposalTexts('en'))).toBe('You save per year')
    expect(headlineLabel(headlineValue(1), 'moneyGained', proposalTexts('sv'))).toBe('Ni tjänar per år')
  })
})

describe('paybackSeries', () => {
  it('draws cumulative value against cost month by month over 3 years, crossing where the payback says', () => {
    const data = valid({ ...base, price: { amount: 1000, period: 'month', setup: 5000, source: entered } })
    const result = createCalculator(data).compute()
    const series = paybackSeries(result)
    if (series === undefined) throw new Error('expected a series')
    expect(series).toHaveLength(37)
    expect(series[0]).toEqual({ month: 0, value: 0, cost: 6000 })
    expect(series[36]?.cost).toBe(5000 + 36 * 1000)
    // SPEC §9: a daily result is worth 30 days a month.
    expect(series[36]?.value).toBe(36 * 3000)
    const months = headlineOf(result).payback?.months ?? Number.NaN
    const firstCovered = series.find((point) => point.value >= point.cost)
    expect(firstCovered?.month).toBe(Math.ceil(months))
  })

  it('is not drawn without the seller’s price', () => {
    expect(paybackSeries(createCalculator(valid(base)).compute())).toBeUndefined()
  })
})

describe('the seller’s honesty guards', () => {
  const sourced: CalculatorDataInput = {
    ...base,
    formula: 'hoursSaved * hourlyRate + 10',
    parameters: [
      {
        name: 'hoursSaved',
        label: 'Hours saved per day',
        min: 0,
        max: 10,
        step: 1,
        defaultValue: 2,
        source: { kind: 'document', page: 3, quote: 'saves 2 hours a day' },
      },
      {
        name: 'hourlyRate',
        label: 'Hourly rate',
        min: 0,
        max: 200,
        step: 5,
        defaultValue: 50,
        source: { kind: 'description', quote: '$50 an hour' },
      },
    ],
  }

  it('warn when the expected values claim more than the document’s figures give', () => {
    expect(scenarioWarnings(valid(sourced)).filter((warning) => warning.kind === 'exceeds-document')).toEqual([])
    const warnings = scenarioWarnings(valid({ ...sourced, startValues: { hoursSaved: 4 } }))
    const excess = warnings.find((warning) => warning.kind === 'exceeds-document')
    expect(excess).toMatchObject({ yearlyValue: (4 * 50 + 10) * 365, supportedYearlyValue: (2 * 50 + 10) * 365 })
    expect(excess?.kind === 'exceeds-document' && excess.inputs).toEqual([
      { name: 'hoursSaved', label: 'Hours saved per day', value: 4, sourceValue: 2, page: 3 },
    ])
    // A seller who claims less than the document is not warned.
    expect(
      scenarioWarnings(valid({ ...sourced, startValues: { hoursSaved: 1 } })).some((warning) => warning.kind === 'exceeds-document'),
    ).toBe(false)
  })

  it('name the input that drives most of the result', () => {
    const data = valid({
      name: 'Mixed',
      formula: 'bigClaim * 100 + smallVolume',
      parameters: [
        { name: 'bigClaim', label: 'Hours saved', min: 0, max: 100, step: 1, defaultValue: 50 },
        { name: 'smallVolume', label: 'Other', min: 0, max: 100, step: 1, defaultValue: 50, source: { kind: 'document', page: 1 } },
      ],
    })
    const [top, other] = sensitivity(data, createCalculator(data).initialValues())
    expect(top).toMatchObject({ name: 'bigClaim', assumption: true })
    expect(top?.share).toBeCloseTo(100 / 101, 9)
    expect(other?.share).toBeCloseTo(1 / 101, 9)
    expect(scenarioWarnings(data)).toContainEqual({
      kind: 'dominant-input',
      name: 'bigClaim',
      label: 'Hours saved',
      share: top?.share,
      assumption: true,
    })
    // A product of inputs is driven by all of them alike: no warning.
    expect(scenarioWarnings(valid(base)).some((warning) => warning.kind === 'dominant-input')).toBe(false)
  })
})
