// Fee and rate tables read as rows — a label, an amount, its period — rather than as loose figures:
// schedules of monthly service fees and hourly rates (a row per service, named by its first cells),
// rate cards and price tiers (the amount alone on its line under the title of its block), DOCX
// tables (one cell per line), "Label: amount" lines, and in running text the fee a phrase names
// ("the standard hourly rate of $40", "$5,000 (the “Contract Price”)"). A blank rate card (no
// amounts) has no rows. The rows say what the document states; which of them is the seller's
// price, a budget or an award is for the caller to decide from the rest of the text.
import { headerCells, headerCurrencyFigures } from './fee-tables-columns.ts'
import { labelAmounts, type Amount, type Labelled, type PageContext } from './fee-tables-labels.ts'
import {
  figuresBetween,
  isDeduction,
  LINE_REACH,
  lineIndexAt,
  linesOf,
  normalizeLine,
  periodInWords,
  type Line,
} from './fee-tables-lines.ts'
import { detailAfter, phraseLabel } from './fee-tables-phrases.ts'
import { scanPage } from '../read/figures.ts'
import type { Figure, PerEntity, ScanOptions } from '../read/figures-types.ts'
import type { Period } from '../read/vocabulary.ts'

export type FeeRowLayout =
  /** Label and amount on one line: table cells ("Autosys … $10,109"), "Label: amount", "Project Manager at $150 / hour". */
  | 'line'
  /** A table row over several lines, named by its first line's id and name cells ("G2.3  Payroll Services – …"). */
  | 'row'
  /** The amount alone on its line, named by the line before it or by the title of its block (rate cards, tiers, DOCX tables). */
  | 'block'
  /** In running text, the fee a phrase names ("the standard hourly rate of $40"). */
  | 'phrase'

export interface FeeCell {
  readonly figure: Figure
  /** The cell's column header, when the table has a header row with as many cells. */
  readonly column?: string
}

export interface FeeRow {
  readonly page: number
  /** What the amount is for: "Autosys", "Gold Sponsorship Tier", "Kompetens/erfarenhet", "standard hourly rate". */
  readonly label: string
  /** The amount (kind 'money'). */
  readonly figure: Figure
  /** From the amount's own words, its label ("Monthly Fee:", "Timpris"), or its column header ("Monthly Fee (USD)"). */
  readonly period?: Period
  readonly perEntity?: PerEntity
  /** The row in the page text: `text.slice(lineStart, lineEnd)` runs from the start of the label's line to the end of the amount's. */
  readonly lineStart: number
  readonly lineEnd: number
  readonly layout: FeeRowLayout
  /** Words after the amount that narrow the label: "for ADP", "for paralegals". */
  readonly detail?: string
  /** The row or block the label belongs to, when the label is a line within it ("Discretionary Enhancements"). */
  readonly group?: string
  /** The amount's column header ("Threshold", "AMOUNT"). */
  readonly column?: string
  /** The row's other figures with their columns: a revenue share's percentage splits, a weight ("40 %"). */
  readonly cells?: readonly FeeCell[]
  /** The amount is taken off, not added: "Deduct for … <$ 1,071.00>", "Credit ($500)". */
  readonly deduction?: true
}

export interface FeePage {
  readonly page: number
  readonly text: string
}

/** A bare amount line on this many pages is a stray layer (pyconau's "$10,000"): one copy per page is dropped. */
const STRAY_PAGES = 3

interface ScannedPage {
  readonly page: number
  readonly text: string
  readonly lines: readonly Line[]
  readonly figures: readonly Figure[]
}

function scanned(page: FeePage, options: ScanOptions): ScannedPage {
  const lines = linesOf(page.text)
  const figures = scanPage(page.page, page.text, options)
  const fromHeaders = headerCurrencyFigures(page.page, page.text, lines, figures, options)
  const all = fromHeaders.length === 0 ? figures : [...figures, ...fromHeaders].sort((a, b) => a.start - b.start)
  return { page: page.page, text: page.text, lines, figures: all }
}

/** Lines that hold nothing but one amount, per page: the key is the line's text. */
function bareAmountLines(page: ScannedPage): Map<string, number> {
  const counts = new Map<string, number>()
  for (const figure of page.figures) {
    if (figure.kind !== 'money') continue
    const line = page.lines[lineIndexAt(page.lines, figure.start)]
    if (line === undefined || line.text.length > LINE_REACH || normalizeLine(line.text) !== normalizeLine(figure.text)) continue
    const key = normalizeLine(line.text)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

/** The amounts of a page worth a row: positive money, less one copy per page of a stray layer. */
function amountsOf(page: ScannedPage, strays: ReadonlySet<string>): Amount[] {
  const dropped = new Set<string>()
  const amounts: Amount[] = []
  for (const figure of page.figures) {
    if (figure.kind !== 'money' || !(figure.value > 0)) continue
    const lineIndex = lineIndexAt(page.lines, figure.start)
    const lineText = page.lines[lineIndex]?.text ?? ''
    const key = lineText.length > LINE_REACH ? '' : normalizeLine(lineText)
    if (strays.has(key) && key === normalizeLine(figure.text) && !dropped.has(key)) {
      dropped.add(key)
      continue
    }
    amounts.push({ figure, lineIndex, lastIndex: lineIndexAt(page.lines, Math.max(figure.start, figure.end - 1)) })
  }
  return amounts
}

/** The row's other figures on the amount's line, with their column headers. */
function cellsOfRow(context: PageContext, amount: Amount): { cells: FeeCell[]; column?: string } {
  const line = context.lines[amount.lineIndex]
  if (line === undefined) return { cells: [] }
  const header = headerCells(context.text, context.lines, amount.lineIndex, context.figures)
  const columnAt = (offset: number): string | undefined => {
    if (header === undefined) return undefined
    const position = line.text.slice(0, offset - line.start).split('\t').length - 1
    const title = header[position]
    return title === undefined || title === '' ? undefined : title
  }
  // A prose line holds figures, not cells.
  if (line.text.length > LINE_REACH) return { cells: [] }
  const cells: FeeCell[] = []
  for (const figure of figuresBetween(context.figures, line.start, line.end + 1)) {
    if (figure === amount.figure) continue
    const column = columnAt(figure.start)
    cells.push(column === undefined ? { figure } : { figure, column })
  }
  const column = columnAt(amount.figure.start)
  return column === undefined ? { cells } : { cells, column }
}

function rowOf(context: PageContext, amount: Amount, labelled: Labelled | undefined): FeeRow | undefined {
  const { figure } = amount
  const phrase = labelled === undefined ? phraseLabel(context.text, figure.start, figure.end) : undefined
  const label = labelled?.label ?? phrase
  if (label === undefined) return undefined
  const labelLine = context.lines[labelled?.labelLine ?? amount.lineIndex]
  const lastLine = context.lines[amount.lastIndex]
  if (labelLine === undefined || lastLine === undefined) return undefined
  const { cells, column } = labelled === undefined ? { cells: [], column: undefined } : cellsOfRow(context, amount)
  const detail = detailAfter(context.text, figure.end)
  const period = figure.per ?? periodInWords(label) ?? (column === undefined ? undefined : periodInWords(column))
  const start = Math.min(labelLine.start, lastLine.start)
  const deduction = isDeduction(context.text, start, figure.start, figure.end)
  return {
    page: context.page,
    label,
    figure,
    layout: labelled?.layout ?? 'phrase',
    lineStart: start,
    lineEnd: Math.max(labelLine.end, lastLine.end),
    ...(period === undefined ? {} : { period }),
    ...(figure.perEntity === undefined ? {} : { perEntity: figure.perEntity }),
    ...(detail === undefined ? {} : { detail }),
    ...(labelled?.group === undefined ? {} : { group: labelled.group }),
    ...(column === undefined ? {} : { column }),
    ...(cells.length === 0 ? {} : { cells }),
    ...(deduction ? { deduction: true as const } : {}),
  }
}

/** The fee and rate rows of a document's pages, in reading order. */
export function readFeeRows(pages: readonly FeePage[], options: ScanOptions): FeeRow[] {
  const scans = pages.map((page) => scanned(page, options))
  const lineCounts = new Map<string, number>()
  const pagesPerBareAmount = new Map<string, number>()
  for (const page of scans) {
    for (const line of page.lines) {
      const key = normalizeLine(line.text)
      if (key !== '') lineCounts.set(key, (lineCounts.get(key) ?? 0) + 1)
    }
    for (const key of bareAmountLines(page).keys()) pagesPerBareAmount.set(key, (pagesPerBareAmount.get(key) ?? 0) + 1)
  }
  const strays = new Set([...pagesPerBareAmount].filter(([, count]) => count >= STRAY_PAGES).map(([key]) => key))
  const rows: FeeRow[] = []
  for (const page of scans) {
    const context: PageContext = { ...page, lineCounts, rowNames: new Map() }
    const amounts = amountsOf(page, strays)
    const labels = labelAmounts(context, amounts)
    amounts.forEach((amount, position) => {
      const row = rowOf(context, amount, labels[position])
      if (row !== undefined) rows.push(row)
    })
  }
  return rows
}
