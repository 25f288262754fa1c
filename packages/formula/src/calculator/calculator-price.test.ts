import { describe, expect, it } from 'vitest'
import { validateCalculatorData, type CalculatorData, type CalculatorDataInput } from './calculator-data.ts'
import { calculatorPriceSchema, paybackOf, PRICE_LIMITS, pricedReturn, type CalculatorPrice, type Payback } from './calculator-price.ts'
import { createCalculator } from './calculator.ts'

const entered = { kind: 'entered' } as const

function price(input: Record<string, unknown>): CalculatorPrice {
  return calculatorPriceSchema.parse({ source: entered, ...input })
}

/** $100 a day saved: $3,000 a month, $36,500 a year (SPEC §9's daily base). */
const base: CalculatorDataInput = {
  name: 'Reporting automation',
  formula: 'hoursSaved * hourlyRate',
  parameters: [
    { name: 'hoursSaved', label: 'Hours saved per day', min: 0, max: 10, step: 1, defaultValue: 2 },
    { name: 'hourlyRate', label: 'Hourly rate', min: 0, max: 200, step: 5, defaultValue: 50 },
  ],
}

function valid(input: CalculatorDataInput): CalculatorData {
  const result = validateCalculatorData(input)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.calculatorData
}

function problemPaths(input: unknown): string[] {
  const result = validateCalculatorData(input)
  return result.ok ? [] : result.problems.map((problem) => `${problem.path}: ${problem.message}`)
}

describe('calculatorData.price', () => {
  it('is optional: a calculator without one keeps SPEC §9’s estimate and has no priced figures', () => {
    const data = valid(base)
    expect(data.price).toBeUndefined()
    const result = createCalculator(data).compute()
    if (result.calculatorType !== 'standard') throw new Error('expected a standard calculator')
    expect(result.priced).toBeUndefined()
    // SPEC §9's estimate is unchanged: cost ratio 0.4 at this size, so $14,600 paid back by $3,000 a month.
    expect(result.standard.roiPercent).toBeCloseTo(150)
    expect(result.standard.paybackMonths).toBeCloseTo(14_600 / 3000)
  })

  it('keeps a price from the document with its quote and page, and reads null as no price', () => {
    const data = valid({
      ...base,
      price: { amount: 1200, period: 'month', source: { kind: 'document', quote: 'The service is $1,200 per month.', page: 2 } },
    })
    expect(data.price).toEqual({
      amount: 1200,
      period: 'month',
      source: { kind: 'document', quote: 'The service is $1,200 per month.', page: 2 },
    })
    expect(valid({ ...base, price: null }).price).toBeUndefined()
  })

  it.each([
    [{ amount: 0, period: 'month', source: entered }, 'price.amount: the price must be greater than 0'],
    [{ amount: -5, period: 'month', source: entered }, 'price.amount: the price must be greater than 0'],
    [{ amount: Number.POSITIVE_INFINITY, period: 'month', source: entered }, 'price.amount'],
    [{ amount: Number.NaN, period: 'month', source: entered }, 'price.amount'],
    [{ amount: PRICE_LIMITS.maxAmount + 1, period: 'year', source: entered }, `price.amount: the price must be at most 10,000,000,000`],
    [{ amount: '1200', period: 'month', source: entered }, 'price.amount: the price must be a number'],
    [{ amount: 1200, period: 'week', source: entered }, 'price.period: the period must be one of one-off, month, year'],
    [{ amount: 1200, period: 'one-off', setup: 500, source: entered }, 'price.setup: a one-off price has no separate setup part'],
    [{ amount: 1200, period: 'month', setup: 0, source: entered }, 'price.setup: the setup price must be greater than 0'],
    [{ amount: 1200, period: 'month' }, 'price.source'],
    [{ amount: 1200, period: 'month', source: { kind: 'document', quote: '', page: 2 } }, 'price.source.quote'],
    [{ amount: 1200, period: 'month', source: { kind: 'document', quote: 'x', page: 0 } }, 'price.source.page'],
    [{ amount: 1200, period: 'month', source: { kind: 'guess' } }, 'price.source'],
    [{ amount: 1200, period: 'month', source: entered, currency: 'EUR' }, 'price'],
  ])('refuses %j', (bad, expected) => {
    expect(problemPaths({ ...base, price: bad }).some((problem) => problem.startsWith(expected))).toBe(true)
  })

  it('is refused on a value calculator, whose key metrics are its own', () => {
    const value = { ...base, formula: '', calculatorType: 'value', price: { amount: 100, period: 'month', source: entered } }
    expect(problemPaths(value)).toEqual([
      'price: a value calculator shows its own key metrics: set the price in a value field, not as the calculator price',
    ])
  })
})

describe('ROI, payback and net value from a price', () => {
  it('a monthly price: ROI and net over 3 years, paid back once the first month’s price is covered', () => {
    const data = valid({ ...base, price: { amount: 1200, period: 'month', source: entered } })
    const result = createCalculator(data).compute()
    if (result.calculatorType !== 'standard') throw new Error('expected a standard calculator')
    const priced = result.priced
    expect(priced?.horizonYears).toBe(3)
    expect(priced?.horizonValue).toBeCloseTo(36_500 * 3)
    expect(priced?.horizonCost).toBeCloseTo(1200 * 36)
    expect(priced?.netValue).toBeCloseTo(109_500 - 43_200)
    expect(priced?.roiPercent).toBeCloseTo(((109_500 - 43_200) / 43_200) * 100)
    // $1,200 paid at the start of the month, $3,000 earned a month: covered after 0.4 months.
    expect(priced?.payback).toEqual({ paidBack: true, months: 0.4 })
    // The SPEC §9 estimate is still computed beside it, but the screen shows the priced figures.
    expect(result.standard.roiPercent).toBeCloseTo(150)
  })

  it('follows the sliders: less value, lower ROI and longer payback', () => {
    const calculator = createCalculator(valid({ ...base, price: { amount: 1200, period: 'month', setup: 6000, source: entered } }))
    const high = calculator.compute({ hoursSaved: 4 })
    const low = calculator.compute({ hoursSaved: 1 })
    if (high.calculatorType !== 'standard' || low.calculatorType !== 'standard') throw new Error('expected standard calculators')
    expect(low.priced?.roiPercent).toBeLessThan(high.priced?.roiPercent ?? Number.NaN)
    const months = (payback: Payback | undefined): number => (payback?.paidBack === true ? payback.months : Infinity)
    expect(months(low.priced?.payback)).toBeGreaterThan(months(high.priced?.payback))
    expect(months(high.priced?.payback)).toBeLessThan(Infinity)
  })

  it('a yearly price is paid for the year ahead: paid back when the months’ value covers it', () => {
    // $12,000 a year against $3,000 a month: 4 months.
    expect(paybackOf(price({ amount: 12_000, period: 'year' }), 3000)).toEqual({ paidBack: true, months: 4 })
    const priced = pricedReturn(price({ amount: 12_000, period: 'year' }), { monthly: 3000, yearly: 36_000 })
    expect(priced.horizonCost).toBe(36_000)
    expect(priced.netValue).toBe(108_000 - 36_000)
    expect(priced.roiPercent).toBeCloseTo(200)
  })

  it('a one-off price is spread over the 3 years for ROI and paid back by the monthly value', () => {
    const priced = pricedReturn(price({ amount: 9000, period: 'one-off' }), { monthly: 2610, yearly: 31_320 })
    expect(priced.horizonCost).toBe(9000)
    expect(priced.netValue).toBe(93_960 - 9000)
    expect(priced.roiPercent).toBeCloseTo((84_960 / 9000) * 100)
    expect(priced.payback).toEqual({ paidBack: true, months: 9000 / 2610 })
  })

  it('a setup part is paid back by what each period leaves over the recurring price', () => {
    // $5,000 setup, $1,000 a month, $3,000 a month of value: $2,000 left a month, so 3 months have
    // begun when the value covers $5,000 + 3 × $1,000 = $8,000, at 8,000 / 3,000 months.
    expect(paybackOf(price({ amount: 1000, period: 'month', setup: 5000 }), 3000)).toEqual({ paidBack: true, months: 8000 / 3000 })
    // The cost over 3 years counts the setup once.
    expect(pricedReturn(price({ amount: 1000, period: 'month', setup: 5000 }), { monthly: 3000, yearly: 36_000 }).horizonCost).toBe(41_000)
  })

  it('is never paid back when the value does not exceed the price, and the ROI and net value go negative', () => {
    const monthly = price({ amount: 3000, period: 'month' })
    expect(paybackOf(monthly, 3000)).toEqual({ paidBack: false })
    expect(paybackOf(monthly, 2000)).toEqual({ paidBack: false })
    expect(paybackOf(price({ amount: 40_000, period: 'year' }), 3000)).toEqual({ paidBack: false })
    expect(paybackOf(price({ amount: 9000, period: 'one-off' }), 0)).toEqual({ paidBack: false })
    expect(paybackOf(price({ amount: 9000, period: 'one-off' }), -100)).toEqual({ paidBack: false })
    const loss = pricedReturn(monthly, { monthly: 2000, yearly: 24_000 })
    expect(loss.netValue).toBe(72_000 - 108_000)
    expect(loss.roiPercent).toBeCloseTo(-33.33, 1)
  })

  it('keeps huge and tiny figures finite, and a payback of decades is not clamped to SPEC’s 36 months', () => {
    const huge = pricedReturn(price({ amount: PRICE_LIMITS.maxAmount, period: 'year' }), { monthly: 1e12, yearly: 1.2e13 })
    expect(Number.isFinite(huge.roiPercent)).toBe(true)
    expect(huge.payback).toEqual({ paidBack: true, months: PRICE_LIMITS.maxAmount / 1e12 })
    const slow = paybackOf(price({ amount: 1_000_000, period: 'one-off' }), 100)
    expect(slow).toEqual({ paidBack: true, months: 10_000 })
    const tiny = pricedReturn(price({ amount: 0.01, period: 'month' }), { monthly: 3000, yearly: 36_000 })
    expect(tiny.payback).toEqual({ paidBack: true, months: 0.01 / 3000 })
    expect(Number.isFinite(tiny.roiPercent)).toBe(true)
    // A value the formula could not compute counts as none: never paid back.
    expect(paybackOf(price({ amount: 100, period: 'month' }), Number.NaN)).toEqual({ paidBack: false })
  })

  it('uses the ai-calculated calculator’s monthly and yearly value', () => {
    const data = valid({ ...base, calculatorType: 'ai-calculated', price: { amount: 6000, period: 'one-off', source: entered } })
    const result = createCalculator(data).compute()
    if (result.calculatorType !== 'ai-calculated') throw new Error('expected an ai-calculated calculator')
    // $100 a day: $3,000 a month (×30), $36,500 a year (×365).
    expect(result.priced?.payback).toEqual({ paidBack: true, months: 2 })
    expect(result.priced?.netValue).toBe(109_500 - 6000)
  })
})
