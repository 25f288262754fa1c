// "Your price" beside the calculator (issue 36): the seller's price as an amount, optionally per
// unit of one of the calculator's inputs ("$39 per van" × the vans input), per month, per year or
// once, with a setup part. The price then follows that input's slider; ROI, payback, the headline,
// the chart and the PDF all read it from the calculator's one price.
import type { CalculatorData, CalculatorPriceInput, PricePeriod } from '@valueproof/formula'

export interface YourPriceForm {
  readonly amount: string
  /** The input the amount is per, or '' for the amount in total. */
  readonly per: string
  readonly period: PricePeriod
  readonly setup: string
}

/** The inputs a price can be per: counted things (not money, shares or hours). */
export function perChoices(config: CalculatorData): Array<{ name: string; label: string }> {
  return config.parameters
    .filter((parameter) => {
      const unit = (parameter.unit ?? '').trim().toLowerCase()
      return unit !== config.baseCurrency.toLowerCase() && unit !== '%' && unit !== 'h' && !unit.startsWith('hour') && unit !== 'kr'
    })
    .map((parameter) => ({ name: parameter.name, label: parameter.label }))
}

const PER_UNIT = /^(\d+(?:\.\d+)?) \* ([a-z][A-Za-z0-9]*)$/

/** The form for the calculator's price as it stands (the amount per unit when its formula is "amount * input"). */
export function yourPriceForm(config: CalculatorData): YourPriceForm {
  const price = config.price
  if (price === undefined) return { amount: '', per: '', period: 'month', setup: '' }
  const perUnit = price.formula === undefined ? null : PER_UNIT.exec(price.formula)
  return {
    amount: perUnit?.[1] ?? String(price.amount),
    per: perUnit?.[2] ?? '',
    period: price.period,
    setup: price.setup === undefined ? '' : String(price.setup),
  }
}

function numberOf(text: string): number | undefined | 'invalid' {
  const cleaned = text.replace(/[\s\u00a0,]/g, '')
  if (cleaned === '') return undefined
  const value = Number(cleaned)
  return Number.isFinite(value) && value > 0 ? value : 'invalid'
}

export type YourPriceReading =
  | { readonly ok: true; readonly price: CalculatorPriceInput | undefined }
  | { readonly ok: false; readonly field: 'amount' | 'setup'; readonly message: string }

/** The price the form describes, entered by the seller; no amount is no price (SPEC §9's estimate again). */
export function priceOfForm(form: YourPriceForm, config: CalculatorData): YourPriceReading {
  const amount = numberOf(form.amount)
  const setup = form.period === 'one-off' ? undefined : numberOf(form.setup)
  if (amount === 'invalid') return { ok: false, field: 'amount', message: 'Enter the price as a number greater than 0, e.g. 1200' }
  if (setup === 'invalid')
    return { ok: false, field: 'setup', message: 'Enter the setup price as a number greater than 0, or leave it empty' }
  if (amount === undefined) {
    if (setup !== undefined) return { ok: false, field: 'amount', message: 'Enter the price, or clear the setup price' }
    return { ok: true, price: undefined }
  }
  const per = config.parameters.find((parameter) => parameter.name === form.per)
  const count = per === undefined ? 1 : (config.startValues?.[per.name] ?? per.defaultValue ?? 0)
  return {
    ok: true,
    price: {
      // The amount at the input's default; the formula makes it follow the slider.
      amount: per === undefined ? amount : Math.max(amount * count, 0.01),
      period: form.period,
      ...(setup === undefined ? {} : { setup }),
      ...(per === undefined ? {} : { formula: `${amount} * ${per.name}` }),
      source: { kind: 'entered' },
    },
  }
}
