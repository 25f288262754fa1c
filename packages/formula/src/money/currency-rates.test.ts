import { describe, expect, it } from 'vitest'
import { conversionRate, convertCurrency, CURRENCY_RATES } from './currency-rates.ts'

describe("SPEC §9 'Fixed conversion rates'", () => {
  it.each([
    ['SEK', 'USD', 0.096],
    ['SEK', 'EUR', 0.089],
    ['USD', 'SEK', 10.42],
    ['USD', 'EUR', 0.93],
    ['EUR', 'SEK', 11.24],
    ['EUR', 'USD', 1.08],
  ] as const)('%s to %s is %d', (from, to, rate) => {
    expect(conversionRate(from, to)).toBe(rate)
    expect(convertCurrency(1_000, from, to)).toBeCloseTo(1_000 * rate, 9)
  })

  it('leaves an amount in its own currency unchanged', () => {
    for (const currency of ['SEK', 'USD', 'EUR'] as const) expect(convertCurrency(1234.56, currency, currency)).toBe(1234.56)
  })

  it('uses the table as given, which is not reciprocal', () => {
    expect(convertCurrency(convertCurrency(100, 'USD', 'SEK'), 'SEK', 'USD')).toBeCloseTo(100 * 10.42 * 0.096, 9)
  })

  it('carries its date and source, to show beside converted amounts', () => {
    expect(CURRENCY_RATES.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(Number.isNaN(Date.parse(CURRENCY_RATES.asOf))).toBe(false)
    expect(CURRENCY_RATES.source).toContain('SPEC §9')
  })

  it('can convert with another table', () => {
    const table = { ...CURRENCY_RATES, rates: { ...CURRENCY_RATES.rates, USD: { SEK: 11, USD: 1, EUR: 0.9 } } }
    expect(convertCurrency(10, 'USD', 'SEK', table)).toBe(110)
  })
})
