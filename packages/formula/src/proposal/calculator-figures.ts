// The figures of a calculator's card, written out (issue 15's card, issue 20's PDF): the timeframe
// values, the 3-year value, ROI and payback — against the seller's price when the calculator has
// one (with net value), else SPEC §9's assumed cost, marked as estimates — or a value calculator's
// key metrics, in the calculator's language and the display's currency and locale.
import { AI_CALCULATED_CALCULATOR } from '../calculator/ai-calculated-calculator.ts'
import type { CalculatorData } from '../calculator/calculator-data.ts'
import type { PricedReturn } from '../calculator/calculator-price.ts'
import type { CalculatorTexts } from '../calculator/calculator-texts.ts'
import type { CalculatorResult } from '../calculator/calculator.ts'
import type { TimeframePeriod } from '../calculator/timeframes.ts'
import type { ValueFieldResult } from '../calculator/value-calculator.ts'
import { formatMonths, formatPayback, formatPercent, withUnit } from './figure-format.ts'
import { moneyFormatter, numberLocaleOf, type MoneyDisplay } from './money-display.ts'

export interface CalculatorFigure {
  /** Stable per figure: a timeframe period, 'three-year', 'net-value', 'roi', 'payback' or a value field's name. */
  readonly key: string
  readonly label: string
  readonly value: string
  /** A value calculator's highlighted field. */
  readonly highlight?: boolean
  /** Computed from SPEC §9's assumed cost, not from a price: marked so (issue 15). */
  readonly estimate?: boolean
}

export interface CalculatorFigures {
  /** The prominent figures: timeframe values, or a value calculator's highlighted fields. */
  readonly main: CalculatorFigure[]
  /** 3-year value, ROI, payback (net value with a price), or a value calculator's other results. */
  readonly more: CalculatorFigure[]
  /** The cost share SPEC §9's estimate assumed, when ROI and payback are estimates. */
  readonly assumedCostShare?: number
  /** The figures against the seller's price, when there is one. */
  readonly priced?: PricedReturn
}

/** Net value, ROI and payback against the seller's price: computed, so never marked as estimates. */
function pricedFigures(
  priced: PricedReturn,
  money: (amount: number) => string,
  texts: CalculatorTexts,
  locale: string,
): CalculatorFigure[] {
  return [
    { key: 'net-value', label: texts.netValueOver(priced.horizonYears), value: money(priced.netValue) },
    { key: 'roi', label: texts.roiOver(priced.horizonYears), value: formatPercent(priced.roiPercent, locale) },
    { key: 'payback', label: texts.paybackPeriod, value: formatPayback(priced.payback, texts, locale) },
  ]
}

/** A negative timeframe value is a net cost, said as one (issue 36): "Net cost per month $5,470", never "What you save in a month −$5,470". */
function timeframeFigure(
  period: TimeframePeriod,
  label: string,
  value: number,
  money: (amount: number) => string,
  texts: CalculatorTexts,
): CalculatorFigure {
  return value < 0 ? { key: period, label: texts.netCostPer(period), value: money(-value) } : { key: period, label, value: money(value) }
}

/** SPEC §9's estimated payback; a value below zero never pays back, whatever the clamped estimate says (issue 36). */
function estimatedPayback(
  figures: { readonly yearly: number; readonly paybackMonths: number },
  texts: CalculatorTexts,
  locale: string,
): string {
  return figures.yearly < 0 ? texts.notPaidBack : formatMonths(figures.paybackMonths, texts, locale)
}

const MONEY_MARK = /[$€£]|\bkr\b|\b(sek|usd|eur)\b/i

/** A value field's figure: money when its prefix or unit says so, else a number with its unit. */
function formatValueField(field: ValueFieldResult, money: (amount: number) => string, locale: string): string {
  if ((field.prefix !== undefined && MONEY_MARK.test(field.prefix)) || (field.unit !== undefined && MONEY_MARK.test(field.unit))) {
    return money(field.value)
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Number.isFinite(field.value) ? field.value : 0)
  return `${field.prefix ?? ''}${withUnit(number, field.unit, locale)}`
}

/** The card's figures for a computed calculator, written for `display`. */
export function calculatorFigures(
  result: CalculatorResult,
  calculatorData: CalculatorData,
  display: MoneyDisplay,
  texts: CalculatorTexts,
): CalculatorFigures {
  const money = moneyFormatter(calculatorData.baseCurrency, display)
  const locale = numberLocaleOf(display)
  switch (result.calculatorType) {
    case 'standard': {
      const main = result.timeframes.map((timeframe) => timeframeFigure(timeframe.period, timeframe.label, timeframe.value, money, texts))
      const threeYear = { key: 'three-year', label: texts.threeYearValue, value: money(result.standard.threeYear) }
      if (result.priced !== undefined) {
        return { main, more: [threeYear, ...pricedFigures(result.priced, money, texts, locale)], priced: result.priced }
      }
      return {
        main,
        more: [
          threeYear,
          { key: 'roi', label: texts.roi, value: formatPercent(result.standard.roiPercent, locale), estimate: true },
          { key: 'payback', label: texts.paybackPeriod, value: estimatedPayback(result.standard, texts, locale), estimate: true },
        ],
        assumedCostShare: result.standard.costRatio,
      }
    }
    case 'ai-calculated': {
      const { aiCalculated } = result
      const main = (['daily', 'monthly', 'yearly'] as const).map((period) =>
        timeframeFigure(period, texts.timeframeLabel(period, calculatorData.valueType), aiCalculated[period], money, texts),
      )
      if (result.priced !== undefined) return { main, more: pricedFigures(result.priced, money, texts, locale), priced: result.priced }
      return {
        main,
        more: [
          { key: 'roi', label: texts.roi, value: formatPercent(aiCalculated.roiPercent, locale), estimate: true },
          { key: 'payback', label: texts.paybackPeriod, value: estimatedPayback(aiCalculated, texts, locale), estimate: true },
        ],
        assumedCostShare: AI_CALCULATED_CALCULATOR.costShareOfYearly,
      }
    }
    case 'value':
      return {
        main: result.valueCalculation.highlighted.map((field) => ({
          key: field.name,
          label: field.label,
          value: formatValueField(field, money, locale),
          highlight: true,
        })),
        more: result.valueCalculation.fields
          .filter((field) => field.calculated && !field.highlight)
          .map((field) => ({ key: field.name, label: field.label, value: formatValueField(field, money, locale) })),
      }
  }
}

/** "ROI and payback are estimates that assume the solution costs 40% of the yearly value; …". */
export function estimateNoteOf(costShare: number, texts: CalculatorTexts, display: MoneyDisplay): string {
  return texts.estimateNote(
    new Intl.NumberFormat(numberLocaleOf(display), { style: 'percent', maximumFractionDigits: 0 }).format(costShare),
  )
}
