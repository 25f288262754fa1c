// The seller's price in the Edit Calculator Configuration dialog (issue 15): the price as form text
// and back. A price left as it was keeps where it came from (the document's quote); a price the
// seller changes or types is theirs ('entered'); an empty price removes it, and ROI and payback
// are SPEC §9's estimates again.
import type { CalculatorPrice, CalculatorPriceInput, PricePeriod } from '@valueproof/formula'

/** The price as typed: numbers stay text so a half-typed '1.' survives until Save. */
export interface PriceForm {
  readonly amount: string
  readonly period: PricePeriod
  /** A one-off part besides a recurring price; not read for a one-off price. */
  readonly setup: string
  /** The price before editing, with its source; undefined when the calculator had none. */
  readonly original: CalculatorPrice | undefined
}

export type PriceProperty = 'amount' | 'period' | 'setup'

/** The dialog's English labels (the seller's screen), shared by the fields and the problem summary. */
export const PRICE_LABELS: Readonly<Record<PriceProperty, string>> = {
  amount: 'Price',
  period: 'Billed',
  setup: 'Setup price (once)',
}

/** The price's place in the problem summary: 'Your price: Setup price (once)'. */
export const PRICE_WHERE = 'Your price'

export function priceWhere(property: PriceProperty): string {
  return `${PRICE_WHERE}: ${PRICE_LABELS[property]}`
}

const PRICE_PATH = /^price(?:\.(\w+)(?:\..*)?)?$/

/** Where a validation problem of the price (path 'price.amount', 'price.source.quote') is shown; undefined for other paths. */
export function pricePlace(path: string): { readonly property: PriceProperty | undefined; readonly where: string } | undefined {
  const match = PRICE_PATH.exec(path)
  if (match === null) return undefined
  const property = match[1]
  if (property === 'amount' || property === 'period' || property === 'setup') return { property, where: priceWhere(property) }
  // The source, or the price as a whole: no field of the dialog holds it.
  return { property: undefined, where: PRICE_WHERE }
}

/** The period choices in the order the dialog lists them: most offers are monthly. */
export const PRICE_PERIOD_CHOICES: ReadonlyArray<{ readonly value: PricePeriod; readonly label: string }> = [
  { value: 'month', label: 'Per month' },
  { value: 'year', label: 'Per year' },
  { value: 'one-off', label: 'Once (one-off)' },
]

/** A new price is monthly until the seller says otherwise. */
const DEFAULT_PERIOD: PricePeriod = 'month'

const numberText = (value: number | undefined): string => (value === undefined ? '' : String(value))

export function priceFormOf(price: CalculatorPrice | undefined): PriceForm {
  return {
    amount: numberText(price?.amount),
    period: price?.period ?? DEFAULT_PERIOD,
    setup: numberText(price?.setup),
    original: price,
  }
}

/** What the form's numbers read as: undefined when empty, 'invalid' when not a number (reported by the caller). */
export interface PriceNumbers {
  readonly amount: number | undefined | 'invalid'
  readonly setup: number | undefined | 'invalid'
}

export type PriceReading =
  | { readonly ok: true; readonly price: CalculatorPriceInput | undefined }
  | { readonly ok: false; readonly property: PriceProperty; readonly message: string }

/**
 * The price the form describes: none when the amount is empty, the original (with its source)
 * when nothing changed, else the seller's own entry. The schema checks the numbers themselves.
 */
export function priceOf(form: PriceForm, numbers: PriceNumbers): PriceReading {
  const { amount } = numbers
  const setup = form.period === 'one-off' ? undefined : numbers.setup
  if (amount === 'invalid' || setup === 'invalid') return { ok: true, price: undefined }
  if (amount === undefined) {
    if (setup !== undefined) return { ok: false, property: 'amount', message: 'Enter the price, or clear the setup price' }
    return { ok: true, price: undefined }
  }
  const original = form.original
  if (original !== undefined && original.amount === amount && original.period === form.period && original.setup === setup) {
    return { ok: true, price: original }
  }
  return { ok: true, price: { amount, period: form.period, ...(setup === undefined ? {} : { setup }), source: { kind: 'entered' } } }
}
