import { calculatorDataSchema, createCalculator, headlineOf, paybackSeries, type PaybackPoint } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { amountRange, niceTicks, paybackChartGeometry, tableMonths } from './payback-chart-geometry.ts'

// $1,000 a week of value against $1,200 a month plus $5,000 setup.
const calculatorData = calculatorDataSchema.parse({
  name: 'Support savings',
  description: '',
  formula: 'hoursSaved * hourlyRate',
  explanation: '',
  parameters: [
    { name: 'hoursSaved', label: 'Hours saved per week', type: 'slider', min: 0, max: 100, step: 1, defaultValue: 20 },
    { name: 'hourlyRate', label: 'Hourly cost', type: 'slider', min: 10, max: 200, step: 5, defaultValue: 50 },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
  price: { amount: 1200, period: 'month', setup: 5000, source: { kind: 'entered' } },
})

function seriesAndPayback(): { series: PaybackPoint[]; months: number } {
  const calculator = createCalculator(calculatorData)
  const result = calculator.compute(calculator.initialValues())
  const series = paybackSeries(result)
  const payback = headlineOf(result).payback
  if (series === undefined || payback === undefined) throw new Error('a priced calculator has a series and a payback')
  return { series, months: payback.months }
}

const PLOT = { left: 60, top: 10, right: 560, bottom: 210 }

describe("the payback chart's axes", () => {
  it('covers the range with round steps that start at zero, wasting little height above the highest amount', () => {
    expect(niceTicks(0, 180_000, 4)).toEqual([0, 50_000, 100_000, 150_000, 200_000])
    expect(niceTicks(0, 9_300, 4)).toEqual([0, 2_000, 4_000, 6_000, 8_000, 10_000])
    expect(niceTicks(0, 1_036_800, 4)).toEqual([0, 250_000, 500_000, 750_000, 1_000_000, 1_250_000])
    expect(niceTicks(-1_200, 3_000, 4)).toEqual([-2_000, -1_000, 0, 1_000, 2_000, 3_000])
    expect(niceTicks(0, 0.3, 3)).toEqual([0, 0.1, 0.2, 0.3])
    expect(niceTicks(0, 5_000, 4)).toEqual([0, 1_000, 2_000, 3_000, 4_000, 5_000])
  })

  it('still has a scale when nothing is earned or paid', () => {
    expect(niceTicks(0, 0, 4)).toEqual([0, 1])
  })
})

describe("the payback chart's shapes", () => {
  it('draws value and cost from the first month to the last, and marks the payback the page states', () => {
    const { series, months } = seriesAndPayback()
    const { max } = amountRange(series)
    const yTicks = niceTicks(0, max, 4)
    const geometry = paybackChartGeometry(series, PLOT, { yTicks, monthStep: 6, crossingMonth: months })
    expect(geometry.valuePath.startsWith(`M60 210`)).toBe(true)
    expect(geometry.valuePath.split('L')).toHaveLength(37)
    // The cost starts at the setup and the first month's price, not at zero.
    const costStart = 210 - (200 * 6_200) / (yTicks.at(-1) ?? 1)
    expect(geometry.costPath.startsWith(`M60 ${Math.round(costStart * 10) / 10}`)).toBe(true)
    expect(geometry.xTicks.map((tick) => tick.month)).toEqual([0, 6, 12, 18, 24, 30, 36])
    expect(geometry.xTicks.at(-1)?.x).toBe(560)
    expect(geometry.yTicks[0]).toEqual({ amount: 0, y: 210 })
    expect(geometry.yTicks.at(-1)?.y).toBe(10)
    // Where the value line reaches the cost paid by then.
    expect(geometry.crossing?.month).toBe(months)
    expect(months).toBeGreaterThan(1)
    expect(months).toBeLessThan(3)
    const valueThen = (series[1]?.value ?? 0) * months
    expect(geometry.crossing?.y).toBeCloseTo(210 - (200 * valueThen) / (yTicks.at(-1) ?? 1), 0)
  })

  it('marks no crossing beyond the series or without a payback', () => {
    const { series } = seriesAndPayback()
    const options = { yTicks: [0, 100_000, 200_000], monthStep: 12 }
    expect(paybackChartGeometry(series, PLOT, { ...options, crossingMonth: 40 }).crossing).toBeUndefined()
    expect(paybackChartGeometry(series, PLOT, { ...options, crossingMonth: Number.NaN }).crossing).toBeUndefined()
    expect(paybackChartGeometry(series, PLOT, { ...options, crossingMonth: undefined }).crossing).toBeUndefined()
  })
})

describe("the chart's table alternative", () => {
  it('lists every third month and the last', () => {
    const { series } = seriesAndPayback()
    expect(tableMonths(series, 3).map((point) => point.month)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36])
    expect(tableMonths(series, 5).map((point) => point.month)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 36])
  })
})
