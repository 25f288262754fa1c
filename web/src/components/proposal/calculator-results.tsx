// The results of a live calculator: the timeframe figures, the 3-year value, ROI and payback —
// against the seller's price when the calculator has one (with net value and a line naming the
// price), else SPEC §9's assumed cost, marked as estimates — or a value calculator's key metrics,
// in the calculator's language and the display's currency and locale.
import {
  calculatorFigures,
  estimateNoteOf,
  type CalculatorData,
  type CalculatorFigure,
  type CalculatorLanguage,
  type CalculatorPrice,
  type CalculatorResult,
  type CalculatorTexts,
  type MoneyDisplay,
  moneyFormatter,
} from '@valueproof/formula'
import { classNames } from '../ui/class-names.ts'
import { FoldedText } from './live-calculator-parts.tsx'

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
  const { main, more, assumedCostShare, priced } = calculatorFigures(result, calculatorData, money, texts)
  if (main.length === 0 && more.length === 0) return null
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
          {estimateNoteOf(assumedCostShare, texts, money)}
        </p>
      )}
      {priced !== undefined && (
        <PriceLines
          price={priced.price}
          years={priced.horizonYears}
          money={moneyFormatter(calculatorData.baseCurrency, money)}
          texts={texts}
          showSource={showSources}
          language={calculatorData.language}
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
  language,
}: {
  price: CalculatorPrice
  years: number
  money: (amount: number) => string
  texts: CalculatorTexts
  showSource: boolean
  language: CalculatorLanguage | undefined
}) {
  const { source } = price
  const setup = price.setup === undefined ? undefined : money(price.setup)
  return (
    <div className="grid gap-1 text-xs text-muted-foreground">
      <p data-price-line className="font-medium text-foreground">
        {texts.priceLine({ amount: money(price.amount), period: price.period, setup, source })}
      </p>
      {showSource && source.kind !== 'entered' && source.quote !== undefined && (
        // A quoted price list folds to a line ("44 fees — show", issue 36).
        <div data-price-quote>
          <FoldedText text={source.quote} language={language} className="grid gap-0.5 italic" />
        </div>
      )}
      <p data-price-note>{texts.pricedNote(years)}</p>
    </div>
  )
}

/** Marks a figure computed from SPEC §9's assumed cost rather than the seller's price (issue 15). */
export function EstimateMark({ text }: { text: string }) {
  return (
    <span data-estimate className="rounded-sm border px-1.5 py-0.5 text-xs font-medium">
      {text}
    </span>
  )
}

function FigureCard({ figure, prominent = false, estimate }: { figure: CalculatorFigure; prominent?: boolean; estimate?: string }) {
  return (
    <div data-result={figure.key} className={classNames('rounded-md border p-4', prominent ? 'bg-muted' : 'bg-background')}>
      {/* The mark wraps under a long label (Swedish 'Återbetalningstid') rather than out of the card. */}
      <dt className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <span>{figure.label}</span>
        {figure.estimate === true && estimate !== undefined && <EstimateMark text={estimate} />}
      </dt>
      <dd className={classNames('mt-1 font-bold tabular-nums', prominent ? 'text-2xl text-primary' : 'text-lg')}>{figure.value}</dd>
    </div>
  )
}
