// The payback chart as vector drawing: cumulative value (solid blue) against cumulative cost
// (dashed amber) per month over the price horizon, with round amounts and every sixth month marked,
// and a legend in words. Its labels are real text.
import type { PaybackChart } from './payback-chart-data.ts'
import { column, COLORS, FONTS, keepTogether, printable, type Pdf } from './pdf-layout.ts'

const PLOT_HEIGHT = 170
const TICK_SIZE = 8.5
const TITLE_SIZE = 12
const LEGEND_SIZE = 9.5

interface Plot {
  left: number
  top: number
  width: number
  height: number
  x: (month: number) => number
  y: (amount: number) => number
}

function plotOf(doc: Pdf, chart: PaybackChart, top: number): Plot {
  const { left, width } = column(doc)
  doc.font(FONTS.regular).fontSize(TICK_SIZE)
  const labelWidth = Math.max(...chart.amountTicks.map((tick) => doc.widthOfString(tick.label)))
  const plotLeft = left + labelWidth + 8
  const plotWidth = width - labelWidth - 8
  const lastMonth = chart.monthTicks.at(-1)?.at ?? 1
  const months = Math.max(chart.points.at(-1)?.month ?? lastMonth, 1)
  const low = chart.amountTicks[0]?.at ?? 0
  const high = chart.amountTicks.at(-1)?.at ?? 1
  const span = high - low || 1
  return {
    left: plotLeft,
    top,
    width: plotWidth,
    height: PLOT_HEIGHT,
    x: (month) => plotLeft + (month / months) * plotWidth,
    y: (amount) => top + PLOT_HEIGHT - ((amount - low) / span) * PLOT_HEIGHT,
  }
}

function drawAxes(doc: Pdf, chart: PaybackChart, plot: Plot): void {
  doc.font(FONTS.regular).fontSize(TICK_SIZE).fillColor(COLORS.muted)
  for (const tick of chart.amountTicks) {
    const y = plot.y(tick.at)
    doc
      .save()
      .moveTo(plot.left, y)
      .lineTo(plot.left + plot.width, y)
      .lineWidth(tick.at === 0 ? 0.9 : 0.5)
      .strokeColor(tick.at === 0 ? COLORS.muted : COLORS.border)
      .stroke()
      .restore()
    const width = doc.widthOfString(tick.label)
    doc.text(tick.label, plot.left - 8 - width, y - TICK_SIZE / 2 - 1, { lineBreak: false })
  }
  const baseline = plot.top + plot.height
  for (const tick of chart.monthTicks) {
    const x = plot.x(tick.at)
    doc
      .save()
      .moveTo(x, baseline)
      .lineTo(x, baseline + 3)
      .lineWidth(0.5)
      .strokeColor(COLORS.muted)
      .stroke()
      .restore()
    const width = doc.widthOfString(tick.label)
    doc.text(tick.label, x - width / 2, baseline + 5, { lineBreak: false })
  }
  const monthWidth = doc.widthOfString(chart.monthLabel)
  doc.text(printable(chart.monthLabel), plot.left + plot.width / 2 - monthWidth / 2, baseline + 17, { lineBreak: false })
}

function drawLine(
  doc: Pdf,
  plot: Plot,
  points: ReadonlyArray<{ month: number; amount: number }>,
  style: { color: string; dashed: boolean },
): void {
  const [first, ...rest] = points
  if (first === undefined) return
  doc.save().moveTo(plot.x(first.month), plot.y(first.amount))
  for (const point of rest) doc.lineTo(plot.x(point.month), plot.y(point.amount))
  doc.lineWidth(2).lineJoin('round').strokeColor(style.color)
  if (style.dashed) doc.dash(5, { space: 3 })
  doc.stroke().undash().restore()
}

function drawLegend(doc: Pdf, chart: PaybackChart, plot: Plot, y: number): void {
  doc.font(FONTS.regular).fontSize(LEGEND_SIZE).fillColor(COLORS.foreground)
  let x = plot.left
  const entries = [
    { label: chart.valueLabel, color: COLORS.primary, dashed: false },
    { label: chart.costLabel, color: COLORS.cost, dashed: true },
  ]
  for (const entry of entries) {
    const middle = y + LEGEND_SIZE / 2 + 1
    doc
      .save()
      .moveTo(x, middle)
      .lineTo(x + 18, middle)
      .lineWidth(2)
      .strokeColor(entry.color)
    if (entry.dashed) doc.dash(5, { space: 3 })
    doc.stroke().undash().restore()
    const label = printable(entry.label)
    doc.fillColor(COLORS.foreground).text(label, x + 24, y, { lineBreak: false })
    x += 24 + doc.widthOfString(label) + 20
  }
}

/** The chart with its title and legend, kept on one page. */
export function drawPaybackChart(doc: Pdf, chart: PaybackChart): void {
  const { left, width } = column(doc)
  const height = TITLE_SIZE + 12 + PLOT_HEIGHT + 32 + LEGEND_SIZE + 12
  keepTogether(doc, height)
  const top = doc.y
  doc.font(FONTS.semibold).fontSize(TITLE_SIZE).fillColor(COLORS.foreground).text(printable(chart.title), left, top, { width })
  const plot = plotOf(doc, chart, top + TITLE_SIZE + 12)
  drawAxes(doc, chart, plot)
  drawLine(
    doc,
    plot,
    chart.points.map((point) => ({ month: point.month, amount: point.cost })),
    { color: COLORS.cost, dashed: true },
  )
  drawLine(
    doc,
    plot,
    chart.points.map((point) => ({ month: point.month, amount: point.value })),
    { color: COLORS.primary, dashed: false },
  )
  drawLegend(doc, chart, plot, plot.top + plot.height + 32)
  doc.x = left
  doc.y = top + height
}
