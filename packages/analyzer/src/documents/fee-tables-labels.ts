// What names each amount of a fee or rate table: the row it starts ("G1.1.1  Autosys  …  $10,109"),
// the label on its own line ("Totalkostnad för utvärderingen: 8 386 560 kr"), the line before it
// (a DOCX table cell, "Senior Personnel"), or the title of the block it closes ("Gold Sponsorship
// Tier" … "$7,500"). An amount inside a sentence gets no label here (see fee-tables-phrases.ts).
import {
  cellsOf,
  cleanLabel,
  enclosingMark,
  isBlank,
  isBullet,
  figuresBetween,
  isRowId,
  labelLike,
  LEADING_MARK,
  lastSegment,
  LINE_REACH,
  lineLabelCandidates,
  normalizeLine,
  residue,
  wordsOf,
  type Cell,
  type Line,
} from './fee-tables-lines.ts'
import type { Figure } from '../read/figures-types.ts'

export interface PageContext {
  readonly page: number
  readonly text: string
  readonly lines: readonly Line[]
  /** Every figure of the page, in reading order (the amounts and the figures around them). */
  readonly figures: readonly Figure[]
  /** How often each normalised line occurs in the whole document. */
  readonly lineCounts: ReadonlyMap<string, number>
  /** The row name each line starts (null: none), as found. */
  readonly rowNames: Map<number, string | null>
}

export type Layout = 'line' | 'row' | 'block'

export interface Labelled {
  readonly label: string
  readonly layout: Layout
  /** The line the label was read from. */
  readonly labelLine: number
  readonly group?: string
}

export interface Amount {
  readonly figure: Figure
  /** The lines the amount's words start and end on. */
  readonly lineIndex: number
  readonly lastIndex: number
}

/** How far above an amount its row's first line may be. */
const ROW_REACH = 80
/** A line seen more often than this in the document is a feature line ("Direct", "Brand safe"), not a row's name. */
const MAX_LABEL_REPEATS = 2
/** Words a label may have: on the amount's line, after "Label:", on the line before, as a block title. */
const LINE_LABEL_WORDS = 8
const EXPLICIT_LABEL_WORDS = 12
const PREVIOUS_LABEL_WORDS = 12
const TITLE_WORDS = 8
/** Words after an amount that still leave it alone on its line ("Market Rate", "TBD"). */
const TRAILER_WORDS = 3
/** Words of a line a row's name wraps onto ("Instant Messaging &"); a longer line is its description. */
const CONTINUATION_WORDS = 3
/** A block this short shows its title with a label from the line before the amount ("Full page takeover"). */
const SHORT_BLOCK_LINES = 10

/** How far back an amount's label line is looked for across blank lines. */
const PREVIOUS_REACH = 50

/** The name of a row whose first line starts with an id cell (cached per line). */
function rowName(context: PageContext, lineIndex: number): string | undefined {
  let name = context.rowNames.get(lineIndex)
  if (name === undefined) {
    name = findRowName(context, lineIndex) ?? null
    context.rowNames.set(lineIndex, name)
  }
  return name ?? undefined
}

/** The row name of a line: its name cell and the short lines it wraps onto. */
function findRowName(context: PageContext, lineIndex: number): string | undefined {
  const line = context.lines[lineIndex]
  if (line === undefined) return undefined
  const cells = cellsOf(line)
  if (cells.length < 2 || !isRowId(cells[0]?.text ?? '')) return undefined
  const parts = [cells[1]?.text ?? '']
  // "G1.1.3  Collaboration – Email," / "Instant Messaging &" / "Teams": the name wraps within its cell.
  if (cells.length === 2) {
    for (let next = lineIndex + 1; next <= lineIndex + 3; next += 1) {
      const text = context.lines[next]?.text.trim() ?? ''
      if (text === '' || text.includes('\t') || /[,.:;$€£₹]|\d\d/u.test(text) || wordsOf(text).length > CONTINUATION_WORDS) break
      parts.push(text)
    }
  }
  const name = cleanLabel(parts.join(' '))
  return name === '' || !/\p{L}/u.test(name) ? undefined : name
}

function rowAbove(context: PageContext, lineIndex: number): { readonly name: string; readonly line: number } | undefined {
  for (let index = lineIndex; index >= Math.max(0, lineIndex - ROW_REACH); index -= 1) {
    const name = rowName(context, index)
    if (name !== undefined) return { name, line: index }
  }
  return undefined
}

function repeats(context: PageContext, text: string): number {
  // A line this long is no label or title whatever its count.
  if (text.length > LINE_REACH) return Number.POSITIVE_INFINITY
  return context.lineCounts.get(normalizeLine(text)) ?? 0
}

/** The words between `from` and `to` without their figures; undefined when the span is too long to be a label or trailer. */
function wordsBetween(context: PageContext, from: number, to: number): string | undefined {
  return to - from > LINE_REACH ? undefined : residue(context.text, from, to, context.figures)
}

/** The words before an amount from `from`, less the opening mark of a deduction ("… footing. <$ 1,071.00>"). */
function wordsBefore(context: PageContext, from: number, figure: Figure): string | undefined {
  const before = wordsBetween(context, from, figure.start)
  if (before === undefined || enclosingMark(context.text, figure.start, figure.end) === undefined) return before
  return before.replace(/[<(]$/u, '').trim()
}

/**
 * A row's name that wraps onto the amount's line: "e Deduct for (1) 42" & 72” Dual-height …" /
 * "powder-coated finish — Metro to provide concrete footing. <$ 1,071.00>". The amount's line goes
 * on in lower case, the line above has no amount of its own, and the two read as one label.
 */
function wrappedLabel(context: PageContext, amount: Amount, line: Line): Labelled | undefined {
  const before = wordsBefore(context, line.start, amount.figure)
  const above = context.lines[amount.lineIndex - 1]
  if (before === undefined || !/^\p{Ll}/u.test(before) || above === undefined) return undefined
  if (above.text.includes('\t') || above.text.length > LINE_REACH || !/\p{L}/u.test(above.text)) return undefined
  if (figuresBetween(context.figures, above.start, above.end).some((other) => other.kind === 'money')) return undefined
  const first = above.text.replace(LEADING_MARK, '').trim()
  // The name goes on past the line above ("Section 9.5 Insurance. Each Party shall …" names nothing below it).
  const label = lineLabelCandidates(`${first} ${before}`).find(
    (candidate) => candidate.length > first.length && labelLike(candidate, PREVIOUS_LABEL_WORDS),
  )
  return label === undefined ? undefined : { label: cleanLabel(label), layout: 'line', labelLine: amount.lineIndex - 1 }
}

/** The label before the amount on its own line or in its own cell, or the first name cell before its cell. */
function sameLineLabel(
  context: PageContext,
  amount: Amount,
  line: Line,
  cell: Cell | undefined,
  cells: readonly Cell[],
): string | undefined {
  const { figure } = amount
  const from = cell?.start ?? line.start
  const before = wordsBefore(context, from, figure)
  // A label is words: "i.e. $110M+ PS, $50M+" names neither amount.
  if (before === undefined || figuresBetween(context.figures, from, figure.start).some((other) => other.kind === 'money')) return undefined
  if (!isBlank(before)) {
    const explicit = /(?:[:=–—-]|\sat|\sà|@)$/iu.test(context.text.slice(from, figure.start).trimEnd())
    if (explicit) {
      const label = lastSegment(before)
      return labelLike(label, EXPLICIT_LABEL_WORDS) ? cleanLabel(label) : undefined
    }
    const label = lineLabelCandidates(before).find((candidate) => labelLike(candidate, LINE_LABEL_WORDS))
    return label === undefined ? undefined : cleanLabel(label)
  }
  for (const candidate of cells) {
    if (cell === undefined || candidate.start >= cell.start) break
    const text = candidate.text.trim()
    if (text === '' || isRowId(text) || isBullet(text) || isBlank(residue(context.text, candidate.start, candidate.end, context.figures)))
      continue
    return labelLike(text, PREVIOUS_LABEL_WORDS) ? cleanLabel(text) : undefined
  }
  return undefined
}

/** Whether the amount stands alone in its cell or line: only other figures, separators and a short trailer around it. */
function standsAlone(context: PageContext, amount: Amount, line: Line, cell: Cell | undefined): boolean {
  const lastLine = context.lines[amount.lastIndex] ?? line
  const end = cell !== undefined && lastLine === line ? cell.end : lastLine.end
  const after = wordsBetween(context, amount.figure.end, end)
  if (after === undefined || (wordsOf(after).length > TRAILER_WORDS && !/^(?:for|för|plus)\s/iu.test(after))) return false
  const before = wordsBefore(context, cell?.start ?? line.start, amount.figure)
  // "for lawyers and $70", "for lawyers, $45": the row's next rate.
  return before !== undefined && (isBlank(before) || /^(?:(?:for|för)\s.{1,40}?)?\s?(?:,|and|or|och|eller|plus)$/iu.test(before))
}

interface Direct {
  readonly labelled?: Labelled
  /** Nothing but the amount on its line: a cell of a rate card or a DOCX table. */
  readonly alone: boolean
}

/** The label the amount's row or line gives it. */
function directLabel(context: PageContext, amount: Amount): Direct {
  const line = context.lines[amount.lineIndex]
  if (line === undefined) return { alone: false }
  const cells = cellsOf(line)
  const cell = cells.find((candidate) => candidate.start <= amount.figure.start && amount.figure.start <= candidate.end)
  const row = rowAbove(context, amount.lineIndex)
  const inLine = sameLineLabel(context, amount, line, cell, cells)
  const alone = standsAlone(context, amount, line, cell)
  const before = wordsBefore(context, cell?.start ?? line.start, amount.figure)
  if (row !== undefined && row.line === amount.lineIndex && (alone || cell !== undefined) && before !== undefined && isBlank(before)) {
    return { alone, labelled: { label: row.name, layout: 'row', labelLine: row.line } }
  }
  const after = wordsBetween(context, amount.figure.end, cell?.end ?? line.end)
  if (inLine !== undefined && (alone || cell !== undefined || (after !== undefined && wordsOf(after).length <= TRAILER_WORDS))) {
    const group = row === undefined || row.name === inLine ? undefined : row.name
    return { alone, labelled: { label: inLine, layout: 'line', labelLine: amount.lineIndex, ...(group === undefined ? {} : { group }) } }
  }
  if (alone && row !== undefined) return { alone, labelled: { label: row.name, layout: 'row', labelLine: row.line } }
  const wrapped = inLine === undefined && cell === undefined && after !== undefined && wordsOf(after).length <= TRAILER_WORDS
  const wrappedName = wrapped ? wrappedLabel(context, amount, line) : undefined
  return wrappedName === undefined ? { alone } : { alone, labelled: wrappedName }
}

function previousTextLine(context: PageContext, lineIndex: number): number | undefined {
  for (let index = lineIndex - 1; index >= Math.max(0, lineIndex - PREVIOUS_REACH); index -= 1) {
    const line = context.lines[index]
    if (line !== undefined && /\S/u.test(line.text)) return index
  }
  return undefined
}

/** Lines that can title a block: short, capitalised, unique in the document, not a sentence or a heading number. */
function titlesIn(context: PageContext, from: number, to: number): number[] {
  const titles: number[] = []
  for (let index = from; index < to; index += 1) {
    const text = context.lines[index]?.text ?? ''
    if (text.length > LINE_REACH || text.includes('\t') || /^\s*\d/u.test(text) || repeats(context, text) > 1) continue
    if (labelLike(text, TITLE_WORDS) && !/:\s*$/u.test(text)) titles.push(index)
  }
  return titles
}

/** "Lanyard Sponsor" / "Coffee Cart Sponsor" / "+$2,000": titles stacked over amounts that follow, not a label over its amount. */
function titleStack(context: PageContext, previous: number): boolean {
  return titlesIn(context, previous, previous + 1).length === 1 && previous > 0 && titlesIn(context, previous - 1, previous).length === 1
}

/** A page of paragraphs with blank lines between them (a DOCX): a table cell is the paragraph before its neighbour. */
function paragraphed(context: PageContext): boolean {
  const blank = context.lines.filter((line) => line.text.trim() === '').length
  return blank * 3 >= context.lines.length
}

interface Pending {
  readonly position: number
  readonly amount: Amount
  readonly blockStart: number
}

/** Names the amounts that stand alone with no label: by the titles of their blocks, in order when several close one block. */
function nameByTitles(context: PageContext, pending: readonly Pending[], labels: Array<Labelled | undefined>): void {
  let index = 0
  while (index < pending.length) {
    const first = pending[index]
    if (first === undefined) break
    const titles = titlesIn(context, first.blockStart, first.amount.lineIndex)
    // The amounts that follow with no title of their own share this block ("+$2,000" … "+$3,000").
    const group = [first]
    for (let next = index + 1; next < pending.length; next += 1) {
      const candidate = pending[next]
      const previous = group.at(-1)
      if (candidate === undefined || previous === undefined || candidate.position !== previous.position + 1) break
      if (titlesIn(context, candidate.blockStart, candidate.amount.lineIndex).length > 0) break
      group.push(candidate)
    }
    const lines = [...new Set(group.map((entry) => entry.amount.lineIndex))]
    for (const entry of group) {
      const position = lines.indexOf(entry.amount.lineIndex)
      const title = lines.length > 1 && titles.length >= lines.length ? titles[titles.length - lines.length + position] : titles[0]
      const text = title === undefined ? undefined : context.lines[title]?.text
      if (title !== undefined && text !== undefined) labels[entry.position] = { label: cleanLabel(text), layout: 'block', labelLine: title }
    }
    index += group.length
  }
}

/** The label of each amount of a page (in reading order), undefined where the amount is in running text or unnamed. */
export function labelAmounts(context: PageContext, amounts: readonly Amount[]): Array<Labelled | undefined> {
  const labels: Array<Labelled | undefined> = []
  const pending: Pending[] = []
  const paragraphs = paragraphed(context)
  const amountEndingOn = new Map<number, number>()
  amounts.forEach((amount, position) => {
    const blockStart = position === 0 ? 0 : (amounts[position - 1]?.lastIndex ?? -1) + 1
    if (!amountEndingOn.has(amount.lastIndex)) amountEndingOn.set(amount.lastIndex, position)
    const direct = directLabel(context, amount)
    labels.push(direct.labelled)
    if (direct.labelled !== undefined || !direct.alone) return
    const previous = previousTextLine(context, amount.lineIndex)
    const previousText = previous === undefined ? '' : (context.lines[previous]?.text ?? '')
    // A DOCX row: "Senior Personnel" / "$33,750" / "$33,750" — the next amounts of the row share its label.
    const before = previous === undefined ? undefined : amountEndingOn.get(previous)
    const inherited = before === undefined ? undefined : labels[before]
    if (inherited !== undefined) {
      labels[position] = inherited
    } else if (
      previous !== undefined &&
      labelLike(previousText, PREVIOUS_LABEL_WORDS) &&
      repeats(context, previousText) <= MAX_LABEL_REPEATS &&
      (paragraphs || !titleStack(context, previous))
    ) {
      const title = titlesIn(context, blockStart, previous)[0]
      const shortBlock = amount.lineIndex - blockStart <= SHORT_BLOCK_LINES
      const group = title !== undefined && shortBlock ? cleanLabel(context.lines[title]?.text ?? '') : undefined
      labels[position] = {
        label: cleanLabel(previousText),
        layout: 'block',
        labelLine: previous,
        ...(group === undefined ? {} : { group }),
      }
    } else {
      pending.push({ position, amount, blockStart })
    }
  })
  nameByTitles(context, pending, labels)
  return labels
}
