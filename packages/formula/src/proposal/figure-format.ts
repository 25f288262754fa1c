// How a proposal's figures are written, the same on the page, in the PDF and in the agreed record:
// a payback in months (or "Not paid back", "More than 10 years"), a percentage in the locale's style.
import { PAYBACK_SHOWN_MAX_MONTHS, type Payback } from '../calculator/calculator-price.ts'
import type { CalculatorTexts } from '../calculator/calculator-texts.ts'
import type { HeadlinePayback } from '../calculator/headline.ts'
import type { ProposalTexts } from './proposal-texts.ts'

/** Below this many months a payback reads "less than 0.1 months" rather than "0 months". */
const SHORTEST_SHOWN_MONTHS = 0.1

/** "3.5 months" / "3,5 månader". */
export function formatMonths(value: number, texts: CalculatorTexts, locale: string): string {
  return texts.months(new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value), value)
}

/** The locale's own percent style: "169%" in en-US, "1 014 %" in sv-SE. */
export function formatPercent(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(Number.isFinite(value) ? value / 100 : 0)
}

/** A number followed by its unit: "1 200 tickets"; a percentage is "35%" in English and "35 %" in Swedish, as each writes it. */
export function withUnit(number: string, unit: string | undefined, locale: string): string {
  const shownUnit = unit?.trim() ?? ''
  if (shownUnit === '') return number
  return shownUnit === '%' && !locale.startsWith('sv') ? `${number}%` : `${number} ${shownUnit}`
}

type ShownPayback = Payback | Pick<HeadlinePayback, 'paidBack' | 'months'>

/**
 * A payback against a real price: never clamped (SPEC §9's 1–36 months are for its estimate), said
 * in years when very long. `midSentence` continues a phrase ("Pays back in less than 0.1 months").
 */
export function formatPayback(
  payback: ShownPayback,
  texts: CalculatorTexts,
  locale: string,
  options: { midSentence?: boolean } = {},
): string {
  const midSentence = options.midSentence ?? false
  if (!payback.paidBack) return texts.notPaidBack
  if (payback.months > PAYBACK_SHOWN_MAX_MONTHS) return texts.moreThanYears(PAYBACK_SHOWN_MAX_MONTHS / 12, midSentence)
  if (payback.months < SHORTEST_SHOWN_MONTHS / 2) {
    return texts.lessThanMonths(new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(SHORTEST_SHOWN_MONTHS), midSentence)
  }
  return formatMonths(payback.months, texts, locale)
}

/**
 * A headline's payback as its label and value: "Pays back in" and "less than 0.1 months", read as one
 * phrase, or "Payback Period" and "Not paid back". The page, its agreed figures and the PDF write it so.
 */
export function paybackStatement(
  payback: ShownPayback,
  texts: ProposalTexts,
  calculatorTexts: CalculatorTexts,
  locale: string,
): { label: string; value: string } {
  return {
    label: payback.paidBack ? texts.paysBackIn : calculatorTexts.paybackPeriod,
    value: formatPayback(payback, calculatorTexts, locale, { midSentence: payback.paidBack }),
  }
}

/** An input's value with its unit, as the agreed figures and the PDF list them: "35%", "1 200 tickets", "35 %" in Swedish. */
export function formatInputValue(value: number, unit: string | undefined, locale: string): string {
  return withUnit(new Intl.NumberFormat(locale, { maximumFractionDigits: 10 }).format(value), unit, locale)
}
