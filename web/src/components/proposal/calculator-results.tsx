// The results of a live calculator: the timeframe figures, the 3-year value, ROI and payback —
// against the seller's price when the calculator has one (with net value and a line naming the
// price), else SPEC §9's assumed cost, marked as estimates — or a value calculator's key metrics,
// in the calculator's language and the display's currency and locale.
import {
  AI_CALCULATED_CALCULATOR,
  convertCurrency,
  formatMoney,
  MONEY_LOCALES,
  formatMonths,
  formatPayback,
  formatPercent,
  type CalculatorData,
  type CalculatorPrice,
  type CalculatorResult,
  type CalculatorTexts,
  type Currency,
  type Payback,
  type PricedReturn,
  type ValueFieldResult,
} from '@valueproof/formula'
import { classNames } from '../ui/class-names.ts'
import type { MoneyDisplay } from './live-calculator.tsx'

interface Figure {
  key: string
  label: string
  value: string
  highlight?: boolean
  /** Computed from SPEC §9's assumed cost, not from a price: marked so (issue 15). */
  estimate?: boolean
}

const paybackText = (payback: Payback, texts: CalculatorTexts, locale: string) =>
  formatPayback(payback.paidBack ? payback : { paidBack: false, months: Number.NaN }, texts, locale)

/** Net value, ROI and payback against the seller's price: computed, so never marked as estimates. */
function pricedFigures(priced: PricedReturn, money: (amount: number) => string, texts: CalculatorTexts, locale: string): Figure[] {
  return [
    { key: 'net-value', label: texts.netValueOver(priced.horizonYears), value: money(priced.netValue) },
    { key: 'roi', label: texts.roiOver(priced.horizonYears), value: formatPercent(priced.roiPercent, locale) },
    { key: 'payback', label: texts.paybackPeriod, value: paybackText(priced.payback, texts, locale) },
  ]
}

const MONEY_MARK = /[$€£]|\bkr\b|\b(sek|usd|eur)\b/i

/** Formats an amount of the calculator's baseCurrency as money in the display currency. */
function moneyFormatter(baseCurrency: Currency, display: MoneyDisplay): (amount: number) => string {
  return (amount) => formatMoney(convertCurrency(amount, baseCurrency, display.currency), display.currency, display.locale)
}

/** A value field's figure: money when its prefix or unit says so, else a number with its unit. */
function formatValueField(field: ValueFieldResult, money: (amount: number) => string, display: MoneyDisplay): string {
  if ((field.prefix !== undefined && MONEY_MARK.test(field.prefix)) || (field.unit !== undefined && MONEY_MARK.test(field.unit))) {
    return money(field.value)
  }
  const number = new Intl.NumberFormat(display.locale ?? MONEY_LOCALES[display.currency], { maximumFractionDigits: 1 }).format(
    Number.isFinite(field.value) ? field.value : 0,
  )
  const unit = field.unit?.trim() ?? ''
  return `${field.prefix ?? ''}${number}${unit === '' ? '' : unit === '%' ? '%' : ` ${unit}`}`
}

function figuresOf(
  result: CalculatorResult,
  calculatorData: CalculatorData,
  display: MoneyDisplay,
  texts: CalculatorTexts,
): { main: Figure[]; more: Figure[]; assumedCostShare?: number; priced?: PricedReturn } {
  const money = moneyFormatter(calculatorData.baseCurrency, display)
  const locale = display.locale ?? MONEY_LOCALES[display.currency]
  switch (result.calculatorType) {
    case 'standard': {
      const main = result.timeframes.map((timeframe) => ({ key: timeframe.period, label: timeframe.label, value: money(timeframe.value) }))
      const threeYear = { key: 'three-year', label: texts.threeYearValue, value: money(result.standard.threeYear) }
      if (result.priced !== undefined) {
        return { main, more: [threeYear, ...pricedFigures(result.priced, money, texts, locale)], priced: result.priced }
      }
      return {
        main,
        more: [
          threeYear,
          { key: 'roi', label: texts.roi, value: formatPercent(result.standard.roiPercent, locale), estimate: true },
          { key: 'payback', label: texts.paybackPeriod, value: formatMonths(result.standard.paybackMonths, texts, locale), estimate: true },
        ],
        assumedCostShare: result.standard.costRatio,
      }
    }
    case 'ai-calculated': {
      const { aiCalculated } = result
      const main = (['daily', 'monthly', 'yearly'] as const).map((period) => ({
        key: period,
        label: texts.timeframeLabel(period, calculatorData.valueType),
        value: money(aiCalculated[period]),
      }))
      if (result.priced !== undefined) return { main, more: pricedFigures(result.priced, money, texts, locale), priced: result.priced }
      return {
        main,
        more: [
          { key: 'roi', label: texts.roi, value: formatPercent(aiCalculated.roiPercent, locale), estimate: true },
          { key: 'payback', label: texts.paybackPeriod, value: formatMonths(aiCalculated.paybackMonths, texts, locale), estimate: true },
        ],
        assumedCostShare: AI_CALCULATED_CALCULATOR.costShareOfYearly,
      }
    }
    case 'value':
      return {
        main: result.valueCalculation.highlighted.map((field) => ({
          key: field.name,
          label: field.label,
          value: formatValueField(field, money, display),
          highlight: true,
        })),
        more: result.valueCalculation.fields
          .filter((field) => field.calculated && !field.highlight)
          .map((field) => ({ key: field.name, label: field.label, value: formatValueField(field, money, display) })),
      }
  }
}

export function Results({
  result,
  calculatorData,
  money,
  texts,
  showSources = false,
}: {
  result: CalculatorResult
  calculatorData: CalculatorData
  money: MoneyDisplay
  texts: CalculatorTexts
  /** The seller's screen: the price line is followed by the passage it was read from. */
  showSources?: boolean
}) {
  const { main, more, assumedCostShare, priced } = figuresOf(result, calculatorData, money, texts)
  if (main.length === 0 && more.length === 0) return null
  const locale = money.locale ?? MONEY_LOCALES[money.currency]
  return (
    <div className="mt-8 grid gap-4">
      {main.length > 0 && (
        <section aria-label={result.calculatorType === 'value' ? texts.keyMetrics : texts.results}>
          {result.calculatorType === 'value' && (
            <h4 className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">{texts.keyMetrics}</h4>
          )}
          <dl className="grid gap-3 sm:grid-cols-2">
            {main.map((figure) => (
              <FigureCard key={figure.key} figure={figure} prominent />
            ))}
          </dl>
        </section>
      )}
      {more.length > 0 && (
        <dl className={classNames('grid gap-3', more.length === 4 ? 'sm:grid-cols-2' : 'sm:grid-cols-3')}>
          {more.map((figure) => (
            <FigureCard key={figure.key} figure={figure} estimate={texts.estimate} />
          ))}
        </dl>
      )}
      {assumedCostShare !== undefined && (
        <p data-estimate-note className="text-xs text-muted-foreground">
          {texts.estimateNote(new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(assumedCostShare))}
        </p>
      )}
      {priced !== undefined && (
        <PriceLines
          price={priced.price}
          years={priced.horizonYears}
          money={moneyFormatter(calculatorData.baseCurrency, money)}
          texts={texts}
          showSource={showSources}
        />
      )}
    </div>
  )
}

/** The price the figures above use, where it came from (the quoted passage on the seller's screen), and what they compare. */
function PriceLines({
  price,
  years,
  money,
  texts,
  showSource,
}: {
  price: CalculatorPrice
  years: number
  money: (amount: number) => string
  texts: CalculatorTexts
  showSource: boolean
}) {
  const { source } = price
  const setup = price.setup === undefined ? undefined : money(price.setup)
  return (
    <div className="grid gap-1 text-xs text-muted-foreground">
      <p data-price-line className="font-medium text-foreground">
        {texts.priceLine({ amount: money(price.amount), period: price.period, setup, source })}
      </p>
      {showSource && source.kind !== 'entered' && (
        <p data-price-quote>
          <q className="italic">{source.quote}</q>
        </p>
      )}
      <p data-price-note>{texts.pricedNote(years)}</p>
    </div>
  )
}

function FigureCard({ figure, prominent = false, estimate }: { figure: Figure; prominent?: boolean; estimate?: string }) {
  return (
    <div data-result={figure.key} className={classNames('rounded-md border p-4', prominent ? 'bg-muted' : 'bg-background')}>
      {/* The mark wraps under a long label (Swedish 'Återbetalningstid') rather than out of the card. */}
      <dt className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <span>{figure.label}</span>
        {figure.estimate === true && estimate !== undefined && (
          <span data-estimate className="rounded-sm border px-1.5 py-0.5 text-xs font-medium">
            {estimate}
          </span>
        )}
      </dt>
      <dd className={classNames('mt-1 font-bold tabular-nums', prominent ? 'text-2xl text-primary' : 'text-lg')}>{figure.value}</dd>
    </div>
  )
}
