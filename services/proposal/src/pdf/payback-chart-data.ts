// The payback chart's data for the PDF: formula's cumulative value and cost per month, with axis
// marks at round amounts and every six months, labelled in the calculator's language and money.
import type { PaybackPoint, ProposalTexts } from '@valueproof/formula'

export interface ChartTick {
  at: number
  label: string
}

export interface PaybackChart {
  title: string
  valueLabel: string
  costLabel: string
  monthLabel: string
  points: PaybackPoint[]
  /** Amounts from the lowest to the highest mark; the drawing spans the first to the last. */
  amountTicks: ChartTick[]
  monthTicks: ChartTick[]
}

const MONTHS_BETWEEN_MARKS = 6
const MOST_AMOUNT_MARKS = 6

/** 1, 2, 2.5 or 5 times a power of ten: the smallest such step that needs at most `marks` steps over `span`. */
export function roundStep(span: number, marks: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1
  const rough = span / marks
  const power = 10 ** Math.floor(Math.log10(rough))
  const multiple = [1, 2, 2.5, 5, 10].find((candidate) => candidate * power >= rough) ?? 10
  return multiple * power
}

/** Marks at round amounts covering every value and cost of the series (and zero). */
export function amountTicksOf(points: readonly PaybackPoint[], money: (amount: number) => string): ChartTick[] {
  const amounts = points.flatMap((point) => [point.value, point.cost]).filter(Number.isFinite)
  const low = Math.min(0, ...amounts)
  const high = Math.max(0, ...amounts)
  const step = roundStep(high - low, MOST_AMOUNT_MARKS - 1)
  const first = Math.floor(low / step) * step
  const last = Math.max(Math.ceil(high / step) * step, first + step)
  return Array.from({ length: Math.round((last - first) / step) + 1 }, (_, index) => {
    const at = first + index * step
    return { at, label: money(at) }
  })
}

export function paybackChartOf(
  points: PaybackPoint[],
  props: { texts: ProposalTexts; years: number; money: (amount: number) => string; locale: string },
): PaybackChart {
  const lastMonth = points.at(-1)?.month ?? 0
  const monthFormat = new Intl.NumberFormat(props.locale)
  const monthTicks: ChartTick[] = []
  for (let month = 0; month <= lastMonth; month += MONTHS_BETWEEN_MARKS) monthTicks.push({ at: month, label: monthFormat.format(month) })
  return {
    title: props.texts.paybackChart(props.years),
    valueLabel: props.texts.cumulativeValue,
    costLabel: props.texts.cumulativeCost,
    monthLabel: props.texts.month,
    points,
    amountTicks: amountTicksOf(points, props.money),
    monthTicks,
  }
}
