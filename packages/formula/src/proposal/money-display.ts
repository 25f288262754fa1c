// How a calculator's money and numbers are written: the one place the live calculator's card, the
// proposal's headline, its payback chart, its agreed figures and its PDF take their currency and
// locale from, so that all of them write the same amount the same way.
import type { CalculatorData } from '../calculator/calculator-data.ts'
import { calculatorTexts } from '../calculator/calculator-texts.ts'
import { convertCurrency, type Currency } from '../money/currency-rates.ts'
import { formatMoney, MONEY_LOCALES } from '../money/money-format.ts'

/** How money is shown: the currency figures are converted to, and the locale that formats them. */
export interface MoneyDisplay {
  currency: Currency
  locale: string | undefined
}

/**
 * The display of a calculator's money: in `displayCurrency` (default its baseCurrency). A Swedish
 * calculator writes its numbers the Swedish way unless the screen fixes a locale (SPEC §9's
 * generator screen); otherwise the currency's own locale applies.
 */
export function moneyDisplayOf(calculatorData: CalculatorData, displayCurrency?: Currency, moneyLocale?: string): MoneyDisplay {
  const texts = calculatorTexts(calculatorData.language)
  return {
    currency: displayCurrency ?? calculatorData.baseCurrency,
    locale: moneyLocale ?? (texts.language === 'sv' ? texts.locale : undefined),
  }
}

/** The locale plain numbers (months, percentages, input values) are written in beside the money. */
export function numberLocaleOf(display: MoneyDisplay): string {
  return display.locale ?? MONEY_LOCALES[display.currency]
}

/** Formats an amount of the calculator's baseCurrency as money in the display currency. */
export function moneyFormatter(baseCurrency: Currency, display: MoneyDisplay): (amount: number) => string {
  return (amount) => formatMoney(convertCurrency(amount, baseCurrency, display.currency), display.currency, display.locale)
}

/** Short money for an axis: "$150K", "1,5 mn kr"; whole figures are written by moneyFormatter. */
export function compactMoneyFormatter(baseCurrency: Currency, display: MoneyDisplay): (amount: number) => string {
  const format = new Intl.NumberFormat(numberLocaleOf(display), {
    style: 'currency',
    currency: display.currency,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  })
  return (amount) => format.format(convertCurrency(amount, baseCurrency, display.currency))
}
