// Where the payback chart's lines, ticks and crossing go (issue 20): plain arithmetic from the
// formula package's payback series to SVG coordinates, so the page draws its chart with no chart
// library (the prospect's page has a JavaScript budget).
import type { PaybackPoint } from '@valueproof/formula'

/** The plot area inside the SVG, in CSS pixels. */
export interface PlotArea {
  readonly left: number
  readonly top: number
  readonly right: number
  readonly bottom: number
}

export interface PaybackChartGeometry {
  /** The cumulative value: a straight line, as the value accrues every month. */
  readonly valuePath: string
  /** The area between the value line and zero, shaded under it. */
  readonly valueArea: string
  /** The cumulative cost: steps, as a price is paid at the start of each period. */
  readonly costPath: string
  readonly xTicks: ReadonlyArray<{ readonly month: number; readonly x: number }>
  readonly yTicks: ReadonlyArray<{ readonly amount: number; readonly y: number }>
  /** Where the value overtakes the cost, when it does within the series. */
  readonly crossing: { readonly month: number; readonly x: number; readonly y: number } | undefined
}

/** Round steps for an axis: 1, 2, 2.5 or 5 times a power of ten. */
const STEP_FACTORS = [1, 2, 2.5, 5, 10] as const

/** Slack for floating-point division (0.3 / 0.1 is 2.9999999999999996). */
const EPSILON = 1e-9

/**
 * Round tick values covering min..max, always including 0 (the chart starts at nothing paid and
 * nothing earned): the smallest round step that needs at most `count` + 1 intervals, so that the
 * top tick wastes little of the chart's height. A flat range still gets one step above it.
 */
export function niceTicks(min: number, max: number, count: number): number[] {
  const low = Math.min(0, min)
  const high = Math.max(0, max)
  const span = high - low
  if (!Number.isFinite(span) || span <= 0) return [0, 1]
  const power = 10 ** Math.floor(Math.log10(span / Math.max(1, count)))
  const intervals = (step: number) => Math.ceil(high / step - EPSILON) - Math.floor(low / step + EPSILON)
  const step = (STEP_FACTORS.find((factor) => intervals(factor * power) <= count + 1) ?? 10) * power
  const first = Math.floor(low / step + EPSILON)
  // Rounded so that 0.1 + 0.2 style sums do not print as 0.30000000000000004.
  return Array.from({ length: intervals(step) + 1 }, (_, index) => Number(((first + index) * step).toPrecision(12)))
}

/** The amounts the chart's vertical axis needs to cover. */
export function amountRange(series: readonly PaybackPoint[]): { min: number; max: number } {
  let min = 0
  let max = 0
  for (const point of series) {
    min = Math.min(min, point.value, point.cost)
    max = Math.max(max, point.value, point.cost)
  }
  return { min, max }
}

/** The value earned at a month between the series' whole months. */
function valueAt(series: readonly PaybackPoint[], month: number): number {
  const before = series[Math.max(0, Math.floor(month))]
  const after = series[Math.min(series.length - 1, Math.ceil(month))]
  if (before === undefined || after === undefined) return 0
  if (after.month === before.month) return before.value
  return before.value + ((after.value - before.value) * (month - before.month)) / (after.month - before.month)
}

const rounded = (value: number) => Math.round(value * 10) / 10

/**
 * The chart's shapes for a plot area: months 0..the series' last along the bottom, amounts from
 * the lowest to the highest y tick up the side. `crossingMonth` is the payback the page states
 * (the formula's, not read off the lines), drawn when it falls within the series.
 */
export function paybackChartGeometry(
  series: readonly PaybackPoint[],
  plot: PlotArea,
  options: { yTicks: readonly number[]; monthStep: number; crossingMonth: number | undefined },
): PaybackChartGeometry {
  const lastMonth = series.at(-1)?.month ?? 0
  const lowest = options.yTicks[0] ?? 0
  const highest = options.yTicks.at(-1) ?? 1
  const x = (month: number) => rounded(plot.left + ((plot.right - plot.left) * month) / Math.max(1, lastMonth))
  const y = (amount: number) =>
    rounded(plot.bottom - ((plot.bottom - plot.top) * (amount - lowest)) / Math.max(Number.EPSILON, highest - lowest))

  const valuePath = series.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(point.month)} ${y(point.value)}`).join(' ')
  const costPath = series
    .map((point, index) => (index === 0 ? `M${x(point.month)} ${y(point.cost)}` : `H${x(point.month)} V${y(point.cost)}`))
    .join(' ')
  const xTicks: Array<{ month: number; x: number }> = []
  for (let month = 0; month <= lastMonth; month += options.monthStep) xTicks.push({ month, x: x(month) })
  const { crossingMonth } = options
  const crossing =
    crossingMonth !== undefined && Number.isFinite(crossingMonth) && crossingMonth >= 0 && crossingMonth <= lastMonth
      ? { month: crossingMonth, x: x(crossingMonth), y: y(valueAt(series, crossingMonth)) }
      : undefined
  const valueArea = `${valuePath} V${y(0)} H${x(0)} Z`
  return { valuePath, valueArea, costPath, xTicks, yTicks: options.yTicks.map((amount) => ({ amount, y: y(amount) })), crossing }
}

/** The months the chart's table alternative lists: every `step`th and always the last. */
export function tableMonths(series: readonly PaybackPoint[], step: number): PaybackPoint[] {
  const last = series.at(-1)
  return series.filter((point) => point.month % step === 0 || point === last)
}
