import { describe, expect, it } from 'vitest'
import {
  defaultTimeframes,
  effectiveBaseTimeframe,
  isSubscription,
  timeframeLabel,
  timeframeResults,
  TIMEFRAME_FACTORS,
} from './timeframes.ts'

describe("SPEC §9 'Timeframe periods: daily, weekly (x7), monthly, yearly'", () => {
  it('scales a daily result ×7 for a week, ×30 for a month and ×365 for a year (the standard calculator’s factors)', () => {
    expect(TIMEFRAME_FACTORS.daily).toEqual({ daily: 1, weekly: 7, monthly: 30, yearly: 365 })
  })

  it('scales a monthly result ×12 for a year and a yearly one /12 for a month', () => {
    expect(TIMEFRAME_FACTORS.monthly.yearly).toBe(12)
    expect(TIMEFRAME_FACTORS.yearly.monthly).toBe(1 / 12)
  })

  it('gives every period the base timeframe’s multipliers by default, all displayed', () => {
    expect(defaultTimeframes('daily')).toEqual([
      { period: 'daily', multiplier: 1, display: true },
      { period: 'weekly', multiplier: 7, display: true },
      { period: 'monthly', multiplier: 30, display: true },
      { period: 'yearly', multiplier: 365, display: true },
    ])
    expect(defaultTimeframes('monthly').map((timeframe) => timeframe.multiplier)).toEqual([1 / 30, 0.25, 1, 12])
  })

  it("'Each timeframe result is its multiplier times the formula result', for displayed timeframes only", () => {
    const results = timeframeResults(
      {
        timeframes: [
          { period: 'daily', multiplier: 1, display: true },
          { period: 'weekly', multiplier: 7, display: false },
          { period: 'monthly', multiplier: 30, display: true },
          { period: 'yearly', multiplier: 365, display: true },
        ],
        explanation: 'Hours saved on manual reporting',
        valueType: 'moneySaved',
      },
      120,
    )
    expect(results.map(({ period, value }) => [period, value])).toEqual([
      ['daily', 120],
      ['monthly', 120 * 30],
      ['yearly', 120 * 365],
    ])
  })
})

describe("SPEC §9 'If the explanation mentions subscription, per month, or per månad, the formula result is monthly'", () => {
  it.each(['A subscription to our platform', 'Costs 99 per month', 'Kostar 99 kr per månad', 'SUBSCRIPTION fee', 'billed per  month'])(
    '%j is a subscription',
    (explanation) => {
      expect(isSubscription(explanation)).toBe(true)
    },
  )

  it.each(['Saves 3 hours a day', 'Monthly savings', 'permanent improvement', ''])('%j is not', (explanation) => {
    expect(isSubscription(explanation)).toBe(false)
  })

  it("scales periods by 'daily 1/30, weekly 0.25, monthly 1, yearly 12' whatever multipliers are stored", () => {
    const results = timeframeResults(
      { timeframes: defaultTimeframes('daily'), explanation: 'Our subscription costs less', valueType: undefined },
      900,
    )
    expect(results.map(({ period, multiplier, value }) => [period, multiplier, value])).toEqual([
      ['daily', 1 / 30, 900 / 30],
      ['weekly', 0.25, 900 * 0.25],
      ['monthly', 1, 900],
      ['yearly', 12, 900 * 12],
    ])
  })

  it('makes the result monthly whatever the stored baseTimeframe', () => {
    expect(effectiveBaseTimeframe({ baseTimeframe: 'daily', explanation: 'per month' })).toBe('monthly')
    expect(effectiveBaseTimeframe({ baseTimeframe: 'yearly', explanation: 'one-off saving' })).toBe('yearly')
  })
})

describe("SPEC §9 labels: 'What you save in a {period}', 'What you will earn in a {period}', otherwise '{period} Value'", () => {
  it('names the period in words', () => {
    expect(timeframeLabel('daily', 'moneySaved')).toBe('What you save in a day')
    expect(timeframeLabel('weekly', 'moneySaved')).toBe('What you save in a week')
    expect(timeframeLabel('monthly', 'moneyGained')).toBe('What you will earn in a month')
    expect(timeframeLabel('yearly', 'moneyGained')).toBe('What you will earn in a year')
    expect(timeframeLabel('monthly', undefined)).toBe('Monthly Value')
    expect(timeframeLabel('daily', undefined)).toBe('Daily Value')
  })

  it('labels every timeframe result', () => {
    const [first] = timeframeResults({ timeframes: defaultTimeframes('daily'), valueType: 'moneyGained' }, 1)
    expect(first?.label).toBe('What you will earn in a day')
  })
})
