// SPEC §9: money is shown with no decimals, in the locale that belongs to its currency.
import type { Currency } from './currency-rates.ts'

export const MONEY_LOCALES: Readonly<Record<Currency, string>> = {
  SEK: 'sv-SE',
  USD: 'en-US',
  EUR: 'en-EU',
}

/** SPEC §9: the calculator generator screen formats every currency the en-US way. */
export const GENERATOR_SCREEN_LOCALE = 'en-US'

const formatters = new Map<string, Intl.NumberFormat>()

function formatterFor(locale: string, currency: Currency): Intl.NumberFormat {
  const key = `${locale}|${currency}`
  let formatter = formatters.get(key)
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 })
    formatters.set(key, formatter)
  }
  return formatter
}

/**
 * Formats an amount with no decimals, e.g. 1234.5 USD → "$1,235", SEK → "1 235 kr" (sv-SE),
 * EUR → "€1,235" (en-EU). Halves round away from zero; amounts that round to zero never show a
 * minus sign; a non-finite amount shows as 0 (SPEC §8). Pass GENERATOR_SCREEN_LOCALE on the
 * generator screen.
 */
export function formatMoney(amount: number, currency: Currency, locale: string = MONEY_LOCALES[currency]): string {
  const shown = Number.isFinite(amount) && Math.abs(amount) >= 0.5 ? amount : 0
  return formatterFor(locale, currency).format(shown)
}
