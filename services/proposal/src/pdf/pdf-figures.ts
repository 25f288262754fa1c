// The PDF's figure blocks: the headline (value per year, payback, scenario), the calculator card
// (inputs with their values, the result figures, the notes under them) and the agreed figures.
import type { CalculatorFigure } from '@valueproof/formula'
import type { PdfAgreement, PdfCalculator, PdfHeadline, PdfInput } from './pdf-content.ts'
import { bodyText, column, COLORS, FONTS, gap, keepTogether, LINE_GAP, printable, TEXT_SIZE, type Pdf } from './pdf-layout.ts'

const PANEL_PADDING = 16
const FIGURE_GAP = 10

function panel(doc: Pdf, box: { x: number; y: number; width: number; height: number }, fill: string, stroke?: string): void {
  doc.save().roundedRect(box.x, box.y, box.width, box.height, 6)
  if (stroke === undefined) doc.fillColor(fill).fill()
  else doc.lineWidth(0.75).fillAndStroke(fill, stroke)
  doc.restore()
}

function labelled(label: string, estimate: string | undefined): string {
  return printable(estimate === undefined ? label : `${label} (${estimate})`)
}

/** The proposal's lead: what it is worth per year and when it pays back, in a tinted panel, then the scenario. */
export function drawHeadline(doc: Pdf, headline: PdfHeadline): void {
  const { left, width } = column(doc)
  const parts = [
    ...(headline.value === undefined ? [] : [{ ...headline.value, estimate: undefined, prominent: true }]),
    ...(headline.payback === undefined ? [] : [{ ...headline.payback, prominent: false }]),
  ]
  if (parts.length > 0) {
    const inner = width - 2 * PANEL_PADDING
    const partWidth = parts.length === 2 ? (inner - 24) / 2 : inner
    const height = PANEL_PADDING * 2 + 14 + 34
    keepTogether(doc, height + 24)
    const top = doc.y
    panel(doc, { x: left, y: top, width, height }, COLORS.panel)
    parts.forEach((part, index) => {
      const x = left + PANEL_PADDING + index * (partWidth + 24)
      doc
        .font(FONTS.regular)
        .fontSize(10)
        .fillColor(COLORS.muted)
        .text(labelled(part.label, part.estimate), x, top + PANEL_PADDING, { width: partWidth, lineBreak: false, ellipsis: true })
      const size = part.prominent ? 26 : 20
      doc
        .font(FONTS.bold)
        .fontSize(size)
        .fillColor(part.prominent ? COLORS.primary : COLORS.foreground)
        .text(printable(part.text), x, top + PANEL_PADDING + 14 + (26 - size), { width: partWidth, lineBreak: false, features: ['tnum'] })
    })
    doc.x = left
    doc.y = top + height + 8
  }
  doc.font(FONTS.regular).fontSize(10).fillColor(COLORS.muted).text(printable(headline.scenario), left, doc.y, { width })
  gap(doc, 14)
}

/** Figures in a row of equal boxes, as the page's cards (label, then the value). */
function figureRow(
  doc: Pdf,
  figures: readonly CalculatorFigure[],
  options: { columns: number; prominent: boolean; estimate: string },
): void {
  const { left, width } = column(doc)
  const boxWidth = (width - FIGURE_GAP * (options.columns - 1)) / options.columns
  const textWidth = boxWidth - 20
  const valueSize = options.prominent ? 15 : 12.5
  for (let start = 0; start < figures.length; start += options.columns) {
    const row = figures.slice(start, start + options.columns)
    doc.font(FONTS.regular).fontSize(9.5)
    const labelHeight = Math.max(
      ...row.map((figure) =>
        doc.heightOfString(labelled(figure.label, figure.estimate ? options.estimate : undefined), { width: textWidth }),
      ),
    )
    const height = 10 + labelHeight + 4 + valueSize + 12
    keepTogether(doc, height + FIGURE_GAP)
    const top = doc.y
    row.forEach((figure, index) => {
      const x = left + index * (boxWidth + FIGURE_GAP)
      panel(doc, { x, y: top, width: boxWidth, height }, options.prominent ? COLORS.panel : COLORS.white, COLORS.border)
      doc
        .font(FONTS.regular)
        .fontSize(9.5)
        .fillColor(COLORS.muted)
        .text(labelled(figure.label, figure.estimate ? options.estimate : undefined), x + 10, top + 10, { width: textWidth })
      doc
        .font(FONTS.bold)
        .fontSize(valueSize)
        .fillColor(options.prominent ? COLORS.primary : COLORS.foreground)
        .text(printable(figure.value), x + 10, top + 10 + labelHeight + 4, { width: textWidth, lineBreak: false, features: ['tnum'] })
    })
    doc.x = left
    doc.y = top + height + FIGURE_GAP
  }
}

/** Inputs as label and value rows with hairlines between them. */
function inputTable(doc: Pdf, inputs: readonly PdfInput[]): void {
  const { left, width } = column(doc)
  const valueWidth = width * 0.38
  const labelWidth = width - valueWidth - 12
  for (const input of inputs) {
    doc.font(FONTS.regular).fontSize(10.5)
    const label = printable(input.label)
    const value = printable(input.value)
    const height = Math.max(doc.heightOfString(label, { width: labelWidth }), doc.heightOfString(value, { width: valueWidth })) + 10
    keepTogether(doc, height)
    const top = doc.y
    doc.fillColor(COLORS.foreground).text(label, left, top + 5, { width: labelWidth })
    doc.font(FONTS.semibold).text(value, left + labelWidth + 12, top + 5, { width: valueWidth, align: 'right', features: ['tnum'] })
    doc
      .save()
      .moveTo(left, top + height)
      .lineTo(left + width, top + height)
      .lineWidth(0.5)
      .strokeColor(COLORS.border)
      .stroke()
      .restore()
    doc.x = left
    doc.y = top + height
  }
}

function notes(doc: Pdf, lines: readonly string[]): void {
  for (const line of lines) bodyText(doc, line, { size: 9, color: COLORS.muted })
}

/** The calculator card's content: name, inputs at the values asked for, the figures from them, the notes. */
export function drawCalculator(doc: Pdf, calculator: PdfCalculator, estimate: string): void {
  const { left, width } = column(doc)
  doc.font(FONTS.semibold).fontSize(13)
  keepTogether(doc, 13 + 6 * (TEXT_SIZE + LINE_GAP))
  doc.fillColor(COLORS.foreground).text(printable(calculator.name), left, doc.y, { width })
  if (calculator.description.trim() !== '') bodyText(doc, calculator.description, { size: 10, color: COLORS.muted })
  gap(doc, 6)
  inputTable(doc, calculator.inputs)
  gap(doc, 12)
  const { main, more, notes: lines } = calculator.figures
  if (main.length > 0) figureRow(doc, main, { columns: 2, prominent: true, estimate })
  if (more.length > 0) figureRow(doc, more, { columns: more.length === 4 ? 2 : 3, prominent: false, estimate })
  notes(doc, lines)
  if (calculator.explanation.trim() !== '') {
    gap(doc, 4)
    bodyText(doc, calculator.explanation, { size: 9.5, color: COLORS.muted })
  }
  gap(doc, 10)
}

/** The agreed figures with their date under a green heading, and a warning when the stored record was altered. */
export function drawAgreement(doc: Pdf, agreement: PdfAgreement, estimate: string): void {
  const { left, width } = column(doc)
  doc.font(FONTS.semibold).fontSize(13)
  keepTogether(doc, 13 + 8 * (TEXT_SIZE + LINE_GAP))
  const top = doc.y
  doc.fillColor(COLORS.success).text(printable(agreement.heading), left, top, { width })
  doc.font(FONTS.regular).fontSize(10).fillColor(COLORS.foreground).text(printable(agreement.agreedOn), left, doc.y, { width })
  doc.fillColor(COLORS.muted).text(printable(agreement.scenario), left, doc.y, { width })
  if (agreement.altered !== undefined) bodyText(doc, agreement.altered, { size: 10, color: COLORS.destructive })
  notes(doc, [agreement.note])
  gap(doc, 4)
  if (agreement.figures.length > 0) figureRow(doc, agreement.figures, { columns: 2, prominent: false, estimate })
  inputTable(doc, agreement.inputs)
  gap(doc, 14)
}
