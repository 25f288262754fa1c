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
 * calculator writes its numbers the Swedish way on every screen (issue 36: its Swedish labels beside
 * "SEK 28,800" and "4.8 månader" read as broken). An English one takes the locale a screen fixes
 * (`screenLocale`: SPEC §9's en-US generator screen), else its currency's own.
 */
export function moneyDisplayOf(calculatorData: CalculatorData, displayCurrency?: Currency, screenLocale?: string): MoneyDisplay {
  const texts = calculatorTexts(calculatorData.language)
  return {
    currency: displayCurrency ?? calculatorData.baseCurrency,
    locale: texts.language === 'sv' ? texts.locale : screenLocale,
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

/**
 * Swedish writes thousands, millions and billions of kronor as tkr, mnkr and mdkr; ICU's compact
 * style would write "500 tn kr", which no Swede does.
 */
const KRONOR_STEPS = [
  { size: 1e9, unit: 'mdkr' },
  { size: 1e6, unit: 'mnkr' },
  { size: 1e3, unit: 'tkr' },
] as const

function kronorFormatter(locale: string): (amount: number) => string {
  // Two decimals at most: an axis step of 1,25 mnkr is not rounded to a misleading 1,3.
  const scaled = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
  return (amount) => {
    // A step starts where the one below would round to 1 000: 999 999 kr is "1 mnkr", not "1 000 tkr".
    const step = KRONOR_STEPS.find((candidate) => Math.abs(amount) >= candidate.size * 0.999995)
    return step === undefined ? `${whole.format(amount)}\u00a0kr` : `${scaled.format(amount / step.size)}\u00a0${step.unit}`
  }
}

/** Short money for an axis: "$150K", "500 tkr", "1,5 mnkr"; whole figures are written by moneyFormatter. */
export function compactMoneyFormatter(baseCurrency: Currency, display: MoneyDisplay): (amount: number) => string {
  const locale = numberLocaleOf(display)
  if (display.currency === 'SEK' && locale.startsWith('sv')) {
    const kronor = kronorFormatter(locale)
    return (amount) => kronor(convertCurrency(amount, baseCurrency, display.currency))
  }
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: display.currency,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  })
  return (amount) => format.format(convertCurrency(amount, baseCurrency, display.currency))
}
