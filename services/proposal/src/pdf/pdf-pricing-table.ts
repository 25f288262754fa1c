// A pricing table drawn as rows (pdf-pricing.ts decided its words and money): a row never splits
// across pages — it is measured first, and a new page starts with the header row again — and each
// recurrence's totals stay together.
import { column, COLORS, FONTS, heading, LINE_GAP, printable, type Pdf } from './pdf-layout.ts'
import type { PdfPricingRow, PdfPricingTable, PdfPricingTotals } from './pdf-pricing.ts'

const CELL_PADDING = 6
const TEXT = 10
const NOTE = 8.5
const HEADER = 9
/** Shares of the column's width: description, quantity and unit, unit price, amount. */
const SHARES = [0.46, 0.16, 0.19, 0.19] as const

interface Columns {
  x: number[]
  width: number[]
}

function columnsOf(doc: Pdf): Columns {
  const { left, width } = column(doc)
  const widths = SHARES.map((share) => share * width)
  const x = widths.map((_, index) => left + widths.slice(0, index).reduce((sum, next) => sum + next, 0))
  return { x, width: widths }
}

function cellWidth(columns: Columns, index: number): number {
  return (columns.width[index] ?? 0) - 2 * CELL_PADDING
}

function hairline(doc: Pdf, y: number, color: string = COLORS.border): void {
  const { left, width } = column(doc)
  doc
    .save()
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor(color)
    .stroke()
    .restore()
}

function roomLeft(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom - doc.y
}

function drawHeaderRow(doc: Pdf, table: PdfPricingTable, columns: Columns): void {
  const { left, width } = column(doc)
  const height = HEADER + LINE_GAP + 2 * CELL_PADDING
  const top = doc.y
  doc.save().rect(left, top, width, height).fillColor(COLORS.panel).fill().restore()
  doc.font(FONTS.semibold).fontSize(HEADER).fillColor(COLORS.muted)
  const labels = [table.columns.description, table.columns.quantity, table.columns.unitPrice, table.columns.amount]
  labels.forEach((label, index) => {
    doc.text(printable(label), (columns.x[index] ?? left) + CELL_PADDING, top + CELL_PADDING, {
      width: cellWidth(columns, index),
      align: index === 0 ? 'left' : 'right',
      lineBreak: false,
      ellipsis: true,
    })
  })
  doc.x = left
  doc.y = top + height
}

function cellTexts(row: PdfPricingRow): string[] {
  return [row.quantity, row.unitPrice, row.amount].map(printable)
}

/** The row's height at these columns: its tallest cell, the description with its notes. */
function rowHeight(doc: Pdf, row: PdfPricingRow, columns: Columns): number {
  doc.font(FONTS.regular).fontSize(TEXT)
  const description = doc.heightOfString(printable(row.description), { width: cellWidth(columns, 0), lineGap: LINE_GAP })
  doc.fontSize(NOTE)
  const notes = row.notes.reduce((sum, note) => sum + doc.heightOfString(printable(note), { width: cellWidth(columns, 0) }), 0)
  doc.fontSize(TEXT)
  const others = cellTexts(row).map((text, index) => doc.heightOfString(text, { width: cellWidth(columns, index + 1) }))
  return Math.max(description + notes, ...others) + 2 * CELL_PADDING
}

function drawRow(doc: Pdf, row: PdfPricingRow, columns: Columns, height: number): void {
  const { left } = column(doc)
  const top = doc.y
  const color = row.leftOut ? COLORS.muted : COLORS.foreground
  doc.font(FONTS.regular).fontSize(TEXT).fillColor(color)
  doc.text(printable(row.description), left + CELL_PADDING, top + CELL_PADDING, { width: cellWidth(columns, 0), lineGap: LINE_GAP })
  doc.fontSize(NOTE).fillColor(COLORS.muted)
  for (const note of row.notes) doc.text(printable(note), left + CELL_PADDING, doc.y, { width: cellWidth(columns, 0) })
  doc.fontSize(TEXT)
  cellTexts(row).forEach((text, index) => {
    doc
      .font(index === 2 ? FONTS.semibold : FONTS.regular)
      .fillColor(color)
      .text(text, (columns.x[index + 1] ?? left) + CELL_PADDING, top + CELL_PADDING, {
        width: cellWidth(columns, index + 1),
        align: 'right',
        features: ['tnum'],
      })
  })
  hairline(doc, top + height)
  doc.x = left
  doc.y = top + height
}

const TOTALS_LINE = TEXT + LINE_GAP + 4

function totalsHeight(totals: PdfPricingTotals): number {
  return (totals.lines.length + 2) * TOTALS_LINE + 2 * CELL_PADDING
}

/** A recurrence's subtotal, discount, tax and total, right-aligned under the money columns. */
function drawTotals(doc: Pdf, totals: PdfPricingTotals, columns: Columns): void {
  const { left, width } = column(doc)
  if (totalsHeight(totals) > roomLeft(doc)) doc.addPage()
  const labelLeft = columns.x[1] ?? left
  const labelWidth = left + width - labelLeft - (columns.width[3] ?? 0)
  const amountLeft = (columns.x[3] ?? left) + CELL_PADDING
  const amountWidth = cellWidth(columns, 3)
  const line = (label: string, amount: string | undefined, font: string, color: string) => {
    const top = doc.y
    doc.font(font).fontSize(TEXT).fillColor(color)
    doc.text(printable(label), labelLeft, top, { width: labelWidth, align: 'right', lineBreak: false })
    if (amount !== undefined)
      doc.text(printable(amount), amountLeft, top, { width: amountWidth, align: 'right', lineBreak: false, features: ['tnum'] })
    doc.y = top + TOTALS_LINE
  }
  doc.y += CELL_PADDING
  line(totals.heading, undefined, FONTS.semibold, COLORS.muted)
  for (const entry of totals.lines) line(entry.label, entry.amount, FONTS.regular, COLORS.foreground)
  line(totals.total.label, totals.total.amount, FONTS.bold, COLORS.foreground)
  doc.y += CELL_PADDING
  doc.x = left
}

/** The table under its heading; the header row comes back at the top of every page it continues on. */
export function drawPricingTable(doc: Pdf, table: PdfPricingTable, accent: string | undefined): void {
  const columns = columnsOf(doc)
  const first = table.rows[0]
  const headerHeight = HEADER + LINE_GAP + 2 * CELL_PADDING
  heading(doc, table.heading, { accent, followedBy: headerHeight + (first === undefined ? 0 : rowHeight(doc, first, columns)) })
  drawHeaderRow(doc, table, columns)
  for (const row of table.rows) {
    const height = rowHeight(doc, row, columns)
    if (height > roomLeft(doc)) {
      doc.addPage()
      drawHeaderRow(doc, table, columns)
    }
    drawRow(doc, row, columns, height)
  }
  for (const totals of table.totals) drawTotals(doc, totals, columns)
  if (table.note !== undefined) {
    const { left, width } = column(doc)
    doc
      .font(FONTS.regular)
      .fontSize(NOTE)
      .fillColor(COLORS.muted)
      .text(printable(table.note), left, doc.y + 4, { width })
  }
  doc.y += 12
}
