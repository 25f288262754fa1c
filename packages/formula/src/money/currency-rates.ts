// SPEC §9 fixed conversion rates. They are data, not live rates: show `asOf` with converted amounts
// (docs/decisions/013).

export const CURRENCIES = ['SEK', 'USD', 'EUR'] as const
export type Currency = (typeof CURRENCIES)[number]

export interface CurrencyRates {
  /** The date the table was fixed in the product (ISO 8601); SPEC §9 gives the rates without one. */
  readonly asOf: string
  readonly source: string
  /** rates[from][to]: one unit of `from` in `to`. Not reciprocal: USD→SEK is 10.42 but SEK→USD 0.096. */
  readonly rates: Readonly<Record<Currency, Readonly<Record<Currency, number>>>>
}

export const CURRENCY_RATES: CurrencyRates = {
  asOf: '2026-11-21',
  source: 'Fixed rates from the product specification (SPEC §9); not market rates',
  rates: {
    SEK: { SEK: 1, USD: 0.096, EUR: 0.089 },
    USD: { SEK: 10.42, USD: 1, EUR: 0.93 },
    EUR: { SEK: 11.24, USD: 1.08, EUR: 1 },
  },
}

/** One unit of `from` expressed in `to`, from the fixed table. */
export function conversionRate(from: Currency, to: Currency, table: CurrencyRates = CURRENCY_RATES): number {
  return table.rates[from][to]
}

/** Converts an amount with the fixed table; the same currency gives the amount back unchanged. */
export function convertCurrency(amount: number, from: Currency, to: Currency, table: CurrencyRates = CURRENCY_RATES): number {
  return from === to ? amount : amount * conversionRate(from, to, table)
}
