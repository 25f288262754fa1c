// The payback chart (issue 20): cumulative value against cumulative cost over the price horizon,
// drawn as SVG by the page's own code (no chart library: the prospect's page has a JavaScript
// budget), sized to its card, coloured by the theme, with its payback said in words and a table of
// the same figures for screen readers and anyone who prefers numbers.
import {
  PRICE_HORIZON_YEARS,
  formatPayback,
  type CalculatorTexts,
  type Currency,
  type HeadlinePayback,
  type PaybackPoint,
  type ProposalTexts,
  compactMoneyFormatter,
  moneyFormatter,
  numberLocaleOf,
  type MoneyDisplay,
} from '@valueproof/formula'
import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { amountRange, niceTicks, paybackChartGeometry, tableMonths } from './payback-chart-geometry.ts'

/** Until the card is measured (the first paint), the chart is drawn at this width. */
const FIRST_WIDTH = 600
/** Below this width the chart is shorter and labels every year instead of every half year. */
const NARROW_WIDTH = 480
/** An axis label's average character width at text-xs, to leave room for the longest amount. */
const LABEL_CHARACTER_WIDTH = 7
/** About this many steps up the amount axis (at most one more). */
const Y_TICKS = 4
const MARGIN = { top: 16, right: 16, bottom: 44, gap: 10 } as const

function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const box = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(FIRST_WIDTH)
  useLayoutEffect(() => {
    const element = box.current
    if (element === null) return
    setWidth(element.clientWidth)
    const observer = new ResizeObserver(([entry]) => {
      if (entry !== undefined) setWidth(Math.round(entry.contentRect.width))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [box, width]
}

/** "Payback over 3 years: pays back in less than 0.1 months" — what the chart shows, for those who cannot see it. */
export function paybackInWords(
  payback: HeadlinePayback | undefined,
  texts: ProposalTexts,
  calculatorTexts: CalculatorTexts,
  locale: string,
): string {
  const title = texts.paybackChart(PRICE_HORIZON_YEARS)
  if (payback === undefined || !payback.paidBack) return `${title}: ${calculatorTexts.notPaidBack}`
  return `${title}: ${texts.paysBackIn.toLowerCase()} ${formatPayback(payback, calculatorTexts, locale, { midSentence: true })}`
}

export function PaybackChart({
  series,
  payback,
  baseCurrency,
  money,
  texts,
  calculatorTexts,
}: {
  series: readonly PaybackPoint[]
  payback: HeadlinePayback | undefined
  baseCurrency: Currency
  money: MoneyDisplay
  texts: ProposalTexts
  calculatorTexts: CalculatorTexts
}) {
  const [box, width] = useWidth()
  const headingId = useId()
  const locale = numberLocaleOf(money)
  const axisMoney = compactMoneyFormatter(baseCurrency, money)
  const narrow = width < NARROW_WIDTH
  const height = narrow ? 220 : 280
  const { min, max } = amountRange(series)
  const yTicks = niceTicks(min, max, Y_TICKS)
  const left = Math.max(...yTicks.map((amount) => axisMoney(amount).length)) * LABEL_CHARACTER_WIDTH + MARGIN.gap
  const plot = { left, top: MARGIN.top, right: Math.max(left + 1, width - MARGIN.right), bottom: height - MARGIN.bottom }
  const crossingMonth = payback?.paidBack === true && !payback.estimate ? payback.months : undefined
  const geometry = paybackChartGeometry(series, plot, { yTicks, monthStep: narrow ? 12 : 6, crossingMonth })
  const { crossing } = geometry
  const crossingOnRight = crossing !== undefined && crossing.x > (plot.left + plot.right) / 2

  return (
    <figure aria-labelledby={headingId} className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {texts.paybackChart(PRICE_HORIZON_YEARS)}
        </h3>
        <span aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-5 rounded bg-primary" />
            {texts.cumulativeValue}
          </span>
          <span className="flex items-center gap-1.5">
            <span className="inline-block w-5 border-t-2 border-dashed border-muted-foreground" />
            {texts.cumulativeCost}
          </span>
        </span>
      </figcaption>
      <div ref={box} className="mt-4 h-[220px] w-full min-[480px]:h-[280px]">
        <svg
          role="img"
          aria-label={paybackInWords(payback, texts, calculatorTexts, locale)}
          data-payback-chart=""
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="block max-w-full overflow-visible text-xs"
        >
          {geometry.yTicks.map((tick) => (
            <g key={tick.amount}>
              <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} className="stroke-border" strokeWidth={1} />
              <text x={plot.left - 8} y={tick.y} dy="0.32em" textAnchor="end" className="fill-muted-foreground tabular-nums">
                {axisMoney(tick.amount)}
              </text>
            </g>
          ))}
          {geometry.xTicks.map((tick) => (
            <text key={tick.month} x={tick.x} y={plot.bottom + 18} textAnchor="middle" className="fill-muted-foreground tabular-nums">
              {tick.month}
            </text>
          ))}
          <text x={(plot.left + plot.right) / 2} y={height - 4} textAnchor="middle" className="fill-muted-foreground">
            {texts.month}
          </text>
          <path d={geometry.valueArea} className="fill-primary/10" />
          <path d={geometry.costPath} fill="none" strokeWidth={2} strokeDasharray="6 4" className="stroke-muted-foreground" />
          <path d={geometry.valuePath} fill="none" strokeWidth={2.5} strokeLinejoin="round" className="stroke-primary" />
          {crossing !== undefined && payback !== undefined && (
            <g data-payback-crossing="">
              <line x1={crossing.x} x2={crossing.x} y1={crossing.y} y2={plot.bottom} strokeDasharray="2 3" className="stroke-foreground" />
              <circle cx={crossing.x} cy={crossing.y} r={5} strokeWidth={2.5} className="fill-background stroke-primary" />
              <text
                x={crossing.x + (crossingOnRight ? -10 : 10)}
                y={crossing.y - 10}
                textAnchor={crossingOnRight ? 'end' : 'start'}
                // A halo in the card's colour keeps the label readable where it crosses a line.
                stroke="var(--card)"
                strokeWidth={4}
                paintOrder="stroke"
                className="fill-foreground font-semibold"
              >
                {formatPayback(payback, calculatorTexts, locale)}
              </text>
            </g>
          )}
        </svg>
      </div>
      <PaybackTable series={series} money={moneyFormatter(baseCurrency, money)} texts={texts} />
    </figure>
  )
}

/** The chart's figures as a table: every third month and the last. */
function PaybackTable({
  series,
  money,
  texts,
}: {
  series: readonly PaybackPoint[]
  money: (amount: number) => string
  texts: ProposalTexts
}) {
  return (
    <details className="mt-4 text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        {texts.showTable}
      </summary>
      <table className="mt-2 w-full text-right tabular-nums">
        <caption className="mb-2 text-left text-muted-foreground">{texts.paybackTable}</caption>
        <thead>
          <tr className="border-b text-muted-foreground">
            <th scope="col" className="py-2 pr-2 text-left font-medium">
              {texts.month}
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              {texts.cumulativeValue}
            </th>
            <th scope="col" className="py-2 pl-2 font-medium">
              {texts.cumulativeCost}
            </th>
          </tr>
        </thead>
        <tbody>
          {tableMonths(series, 3).map((point) => (
            <tr key={point.month} className="border-b last:border-b-0">
              <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                {point.month}
              </th>
              <td className="px-2 py-1.5">{money(point.value)}</td>
              <td className="py-1.5 pl-2">{money(point.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
