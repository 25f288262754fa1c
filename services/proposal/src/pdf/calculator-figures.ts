// The figures of a calculator's card as the proposal page shows them (web/src/components/proposal/
// calculator-results.tsx): the timeframe values, the 3-year value, ROI and payback — against the
// seller's price when there is one, else SPEC §9's assumed cost marked as an estimate — or a value
// calculator's key metrics. Written with the same formula functions, in the calculator's language.
import {
  AI_CALCULATED_CALCULATOR,
  convertCurrency,
  formatMonths,
  formatMoney,
  formatPayback,
  formatPercent,
  MONEY_LOCALES,
  type CalculatorData,
  type CalculatorResult,
  type CalculatorTexts,
  type Currency,
  type PricedReturn,
  type ValueFieldResult,
} from '@valueproof/formula'

export interface ShownFigure {
  label: string
  value: string
  /** Computed from SPEC §9's assumed cost, not from a price: marked so. */
  estimate: boolean
}

export interface CalculatorFigures {
  /** The prominent figures: timeframe values, or a value calculator's highlighted fields. */
  main: ShownFigure[]
  /** 3-year value, ROI, payback (or net value with a price), or a value calculator's other results. */
  more: ShownFigure[]
  /** The lines under the figures: the estimate's assumption, or the price and what it is compared with. */
  notes: string[]
}

/** How money is written: the display currency and its locale (the prospect's page: the calculator's own). */
export interface MoneyDisplay {
  currency: Currency
  locale: string
}

/** The prospect page's display: the calculator's currency, in Swedish numbers for a Swedish calculator. */
export function moneyDisplayOf(calculatorData: CalculatorData, texts: CalculatorTexts): MoneyDisplay {
  const currency = calculatorData.baseCurrency
  return { currency, locale: texts.language === 'sv' ? texts.locale : MONEY_LOCALES[currency] }
}

/** An amount of the calculator's baseCurrency as money in the display currency. */
export function moneyFormatter(calculatorData: CalculatorData, display: MoneyDisplay): (amount: number) => string {
  return (amount) => formatMoney(convertCurrency(amount, calculatorData.baseCurrency, display.currency), display.currency, display.locale)
}

const MONEY_MARK = /[$€£]|\bkr\b|\b(sek|usd|eur)\b/i

function valueFieldText(field: ValueFieldResult, money: (amount: number) => string, locale: string): string {
  if ((field.prefix !== undefined && MONEY_MARK.test(field.prefix)) || (field.unit !== undefined && MONEY_MARK.test(field.unit))) {
    return money(field.value)
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Number.isFinite(field.value) ? field.value : 0)
  const unit = field.unit?.trim() ?? ''
  return `${field.prefix ?? ''}${number}${unit === '' ? '' : unit === '%' ? '%' : ` ${unit}`}`
}

/** A payback as formatPayback reads it: months only matter once it is paid back. */
function paybackFigure(priced: PricedReturn): { paidBack: boolean; months: number } {
  return priced.payback.paidBack ? priced.payback : { paidBack: false, months: Number.NaN }
}

function pricedFigures(priced: PricedReturn, money: (amount: number) => string, texts: CalculatorTexts, locale: string): ShownFigure[] {
  return [
    { label: texts.netValueOver(priced.horizonYears), value: money(priced.netValue), estimate: false },
    { label: texts.roiOver(priced.horizonYears), value: formatPercent(priced.roiPercent, locale), estimate: false },
    { label: texts.paybackPeriod, value: formatPayback(paybackFigure(priced), texts, locale), estimate: false },
  ]
}

function priceNotes(priced: PricedReturn, money: (amount: number) => string, texts: CalculatorTexts): string[] {
  const { price } = priced
  const setup = price.setup === undefined ? undefined : money(price.setup)
  return [
    texts.priceLine({ amount: money(price.amount), period: price.period, setup, source: price.source }),
    texts.pricedNote(priced.horizonYears),
  ]
}

function estimateNote(costShare: number, texts: CalculatorTexts, locale: string): string {
  return texts.estimateNote(new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(costShare))
}

/** The card's figures for a computed calculator, written for `display`. */
export function calculatorFigures(
  result: CalculatorResult,
  calculatorData: CalculatorData,
  texts: CalculatorTexts,
  display: MoneyDisplay,
): CalculatorFigures {
  const money = moneyFormatter(calculatorData, display)
  const { locale } = display
  const figure = (label: string, value: string, estimate = false): ShownFigure => ({ label, value, estimate })
  switch (result.calculatorType) {
    case 'standard': {
      const main = result.timeframes.map((timeframe) => figure(timeframe.label, money(timeframe.value)))
      const threeYear = figure(texts.threeYearValue, money(result.standard.threeYear))
      if (result.priced !== undefined) {
        return {
          main,
          more: [threeYear, ...pricedFigures(result.priced, money, texts, locale)],
          notes: priceNotes(result.priced, money, texts),
        }
      }
      return {
        main,
        more: [
          threeYear,
          figure(texts.roi, formatPercent(result.standard.roiPercent, locale), true),
          figure(texts.paybackPeriod, formatMonths(result.standard.paybackMonths, texts, locale), true),
        ],
        notes: [estimateNote(result.standard.costRatio, texts, locale)],
      }
    }
    case 'ai-calculated': {
      const { aiCalculated } = result
      const main = (['daily', 'monthly', 'yearly'] as const).map((period) =>
        figure(texts.timeframeLabel(period, calculatorData.valueType), money(aiCalculated[period])),
      )
      if (result.priced !== undefined) {
        return { main, more: pricedFigures(result.priced, money, texts, locale), notes: priceNotes(result.priced, money, texts) }
      }
      return {
        main,
        more: [
          figure(texts.roi, formatPercent(aiCalculated.roiPercent, locale), true),
          figure(texts.paybackPeriod, formatMonths(aiCalculated.paybackMonths, texts, locale), true),
        ],
        notes: [estimateNote(AI_CALCULATED_CALCULATOR.costShareOfYearly, texts, locale)],
      }
    }
    case 'value':
      return {
        main: result.valueCalculation.highlighted.map((field) => figure(field.label, valueFieldText(field, money, locale))),
        more: result.valueCalculation.fields
          .filter((field) => field.calculated && !field.highlight)
          .map((field) => figure(field.label, valueFieldText(field, money, locale))),
        notes: [],
      }
  }
}
