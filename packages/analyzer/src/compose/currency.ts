// Money in the calculator's currency: a rate the text states ("1 NOK är ungefär 0,95 kr", "1 GBP =
// 1.27 USD") wins; USD, EUR and SEK convert at SPEC §9's fixed rates; any other currency at a named
// indicative rate through USD. Every converted default says its rate beside it.
import { conversionRate, type Currency } from '@valueproof/formula'
import type { CurrencyCode } from '../read/figures-types.ts'
import { readExchangeRates } from '../read/exchange-rates.ts'

/** Indicative rates to USD for currencies without a SPEC §9 rate (named beside every converted figure). */
export const INDICATIVE_USD_RATES: Readonly<Record<Exclude<CurrencyCode, Currency>, number>> = {
  AUD: 0.65,
  ZAR: 0.055,
  GBP: 1.27,
  INR: 0.012,
  NOK: 0.095,
  DKK: 0.15,
  CAD: 0.73,
  NZD: 0.59,
  CHF: 1.15,
  JPY: 0.0067,
  PLN: 0.25,
}

const FIXED: ReadonlySet<string> = new Set(['USD', 'EUR', 'SEK'])

/** Rates the text states, as "from → to": value. */
export function statedRates(text: string): Map<string, number> {
  return new Map(readExchangeRates(text).map((rate) => [`${rate.from}>${rate.to}`, rate.value]))
}

export interface Conversion {
  readonly rate: number
  /** "1 NOK = 0.95 SEK (stated)", "1 GBP = 1.27 USD (indicative)"; undefined when no conversion. */
  readonly note?: string
}

/** The rate from a written currency to the calculator's, and how to say it. */
export function conversionTo(from: CurrencyCode | undefined, to: Currency, stated: ReadonlyMap<string, number>): Conversion {
  if (from === undefined || from === to) return { rate: 1 }
  const direct = stated.get(`${from}>${to}`)
  if (direct !== undefined) return { rate: direct, note: `1 ${from} = ${direct} ${to}` }
  const inverse = stated.get(`${to}>${from}`)
  if (inverse !== undefined) return { rate: 1 / inverse, note: `1 ${to} = ${inverse} ${from}` }
  if (FIXED.has(from)) {
    const rate = conversionRate(from as Currency, to)
    return { rate, note: `1 ${from} = ${rate} ${to}` }
  }
  const rate = Number((INDICATIVE_USD_RATES[from as Exclude<CurrencyCode, Currency>] * conversionRate('USD', to)).toPrecision(3))
  return { rate, note: `1 ${from} = ${rate} ${to}` }
}
