// The payback chart's axis: round amounts that cover every point of the series and zero, at most six
// marks, labelled as money; a month mark every six months over the horizon.
import { formatMoney, proposalTexts } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { amountTicksOf, paybackChartOf, roundStep } from './payback-chart-data.ts'

const usd = (amount: number) => formatMoney(amount, 'USD')

describe('the payback chart’s marks', () => {
  it('steps by 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(roundStep(404_352, 5)).toBe(100_000)
    expect(roundStep(1_000, 5)).toBe(200)
    expect(roundStep(12, 5)).toBe(2.5)
    expect(roundStep(0, 5)).toBe(1)
  })

  it('covers the highest and the lowest amount of value and cost, and zero', () => {
    const points = [
      { month: 0, value: 0, cost: 18_000 },
      { month: 36, value: 404_352, cost: 134_000 },
    ]
    const ticks = amountTicksOf(points, usd)
    expect(ticks.map((tick) => tick.at)).toEqual([0, 100_000, 200_000, 300_000, 400_000, 500_000])
    expect(ticks.at(-1)?.label).toBe('$500,000')
    const losing = amountTicksOf(
      [
        { month: 0, value: -3_000, cost: 0 },
        { month: 36, value: 9_000, cost: 1_000 },
      ],
      usd,
    )
    expect(losing[0]?.at).toBeLessThanOrEqual(-3_000)
    expect(losing.at(-1)?.at).toBeGreaterThanOrEqual(9_000)
    expect(losing.map((tick) => tick.at)).toContain(0)
    expect(losing.length).toBeLessThanOrEqual(7)
  })

  it('marks every sixth month in the calculator’s language', () => {
    const points = Array.from({ length: 37 }, (_, month) => ({ month, value: month * 1_000, cost: 5_000 }))
    const chart = paybackChartOf(points, { texts: proposalTexts('sv'), years: 3, money: usd, locale: 'sv-SE' })
    expect(chart.monthTicks.map((tick) => tick.label)).toEqual(['0', '6', '12', '18', '24', '30', '36'])
    expect([chart.title, chart.valueLabel, chart.costLabel, chart.monthLabel]).toEqual([
      'Återbetalning över 3 år',
      'Ackumulerat värde',
      'Ackumulerad kostnad',
      'Månad',
    ])
  })
})
