// The lines of a page as fee-tables.ts reads them: their tab-separated cells, whether a line can
// name a row (a label, a title, a row's id and name), and the words left on a line once its
// figures are taken out.
import type { Figure } from '../read/figures-types.ts'
import { MONTH_PATTERN, type Period } from '../read/vocabulary.ts'

export interface Line {
  readonly index: number
  readonly start: number
  readonly end: number
  readonly text: string
}

export interface Cell {
  readonly start: number
  readonly end: number
  readonly text: string
}

export function linesOf(text: string): Line[] {
  const lines: Line[] = []
  let start = 0
  for (;;) {
    const newline = text.indexOf('\n', start)
    const end = newline === -1 ? text.length : newline
    lines.push({ index: lines.length, start, end, text: text.slice(start, end) })
    if (newline === -1) return lines
    start = newline + 1
  }
}

/** The line that holds `offset` (binary search over the page's lines). */
export function lineIndexAt(lines: readonly Line[], offset: number): number {
  let low = 0
  let high = lines.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((lines[middle]?.start ?? 0) <= offset) low = middle
    else high = middle - 1
  }
  return low
}

/** A table row is never longer than this; a longer line is prose and is not split into cells. */
const MAX_TABLE_LINE = 1_000
/** Words around an amount are read this far on its line, never further (a one-line text can be long). */
export const LINE_REACH = 240

/** The tab-separated cells of a table line; none for a line without tabs or too long to be a row. */
export function cellsOf(line: Line): Cell[] {
  if (line.end - line.start > MAX_TABLE_LINE || !line.text.includes('\t')) return []
  const cells: Cell[] = []
  let start = 0
  for (const part of line.text.split('\t')) {
    cells.push({ start: line.start + start, end: line.start + start + part.length, text: part })
    start += part.length + 1
  }
  return cells
}

export const normalizeLine = (line: string): string => line.trim().replace(/\s+/g, ' ').toLowerCase()

/** A row's id cell: "G1.1.3", "GR2.1", "3.2.1" — not a bare footnote number ("1"). */
const ROW_ID = /^(?:[A-Z]{1,3}\d+(?:\.\d+)*|\d+(?:\.\d+)+)\.?$/u
const BULLET = /^[•●○■▪▸◦*–-]?$/u
/** Words of a sentence, not of a label ("Client shall make a prepayment of"). */
const SENTENCE_WORDS = new Set(
  'is are was were be been shall will would should can could may must we you our your they their this that which who agrees pay paid ska skall är var blir kan får vi ni er vår deras denna detta'.split(
    ' ',
  ),
)
/** A label does not end in the middle of a phrase ("… at a price of"). */
const OPEN_ENDING = /(?:^|\s)(?:of|a|an|the|to|for|with|by|and|or|from|av|för|till|med|på|om|i|och|eller|från|en|ett)$/iu
const DATE = new RegExp(`(?:${MONTH_PATTERN})\\.?\\s+\\d|\\d\\s+(?:${MONTH_PATTERN})(?![\\p{L}])|\\d{4}-\\d\\d-\\d\\d`, 'iu')
const WORD = /\p{L}[\p{L}\p{N}'’\-/&.]*/gu

export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? []
}

export function isRowId(cell: string): boolean {
  return ROW_ID.test(cell.trim())
}

export function isBullet(cell: string): boolean {
  return BULLET.test(cell.trim())
}

/** "Support4" → "Support", "Native****" → "Native", "Monthly Fee:" → "Monthly Fee": footnote marks and a closing colon. */
export function cleanLabel(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(\p{Ll})\d$/u, '$1')
    .replace(/[*†‡]+$/u, '')
    .replace(/\s*(?:[:=–—-]|\bat|\bà|@)$/iu, '')
    .trim()
}

/**
 * Whether `text` can name a row: a short phrase that starts with a capital letter, is not a
 * sentence (no final full stop, no sentence words), and is mostly letters.
 */
export function labelLike(text: string, maxWords: number): boolean {
  if (text.length > LINE_REACH) return false
  const trimmed = cleanLabel(text)
  if (trimmed.length < 2 || trimmed.length > 120 || !/^[\p{Lu}(]/u.test(trimmed)) return false
  if (/[.,;]$/u.test(trimmed) || /@|www\.|https?:/iu.test(trimmed)) return false
  const words = wordsOf(trimmed)
  if (words.length === 0 || words.length > maxWords) return false
  if (words.some((word) => SENTENCE_WORDS.has(word.toLowerCase())) || OPEN_ENDING.test(trimmed) || DATE.test(trimmed)) return false
  const letters = trimmed.replace(/[^\p{L}]/gu, '').length
  const digits = trimmed.replace(/[^\d]/gu, '').length
  return letters >= trimmed.replace(/\s/g, '').length / 2 && letters >= 2 * digits
}

/** A list mark before a label: "•", "*", "+", "|" and how text recognition reads a bullet ("e", "o" before a capital). */
export const LEADING_MARK = /^\s*(?:[•●○■▪▸◦*+|–—-]|[eo](?=\s+[\p{Lu}(]))\s+/u
/** Where a line's leading name ends: "Clackamas County fire access: FLB-100 …", "Single Gate — If required.". */
const NAME_END = /:\s|\s[—–]\s|\.\s/u

/**
 * The ways the words before an amount on its line can name it, best first: as they are (less a
 * list mark), the name that leads the line before a colon, a dash or a full stop, or less a
 * closing full stop ("Clean-up and removal of excavated materials from site.").
 */
export function lineLabelCandidates(text: string): string[] {
  const unmarked = text.replace(LEADING_MARK, '').trim()
  // An amount inside an open parenthesis ("Raw materials – Poly (i.e. $110M+") is an example, not the name's price.
  if ((unmarked.match(/\(/gu)?.length ?? 0) > (unmarked.match(/\)/gu)?.length ?? 0)) return [unmarked]
  const lead = unmarked.split(NAME_END)[0]?.trim() ?? ''
  return [...new Set([unmarked, lead, unmarked.replace(/\.$/u, '')])].filter((candidate) => candidate !== '')
}

/** Words that make an amount in parentheses a deduction ("Credit for early payment ($500)"). */
const DEDUCTION_WORDS = /(?<![\p{L}])(?:deduct\p{L}*|credit|discount|less|minus|rebate|refund|avdrag|rabatt|kreditering|avgår)(?![\p{L}])/iu

/** The marks around an amount written as a deduction, "<$ 1,071.00>" or "($500)": '<' or '(' when both sides have one. */
export function enclosingMark(text: string, start: number, end: number): '<' | '(' | undefined {
  const before = text.slice(Math.max(0, start - 3), start).trimEnd()
  const after = text.slice(end, end + 3).trimStart()
  if (before.endsWith('<') && after.startsWith('>')) return '<'
  if (before.endsWith('(') && after.startsWith(')')) return '('
  return undefined
}

/** Whether the amount at `start`–`end` is taken off: in angle brackets, or in parentheses with a word that says so before it. */
export function isDeduction(text: string, labelStart: number, start: number, end: number): boolean {
  const mark = enclosingMark(text, start, end)
  return mark === '<' || (mark === '(' && DEDUCTION_WORDS.test(text.slice(labelStart, start)))
}

/** The last part of an explicit label: "PI: …, PolicyEngine Requested Amount:" → "PolicyEngine Requested Amount". */
export function lastSegment(text: string): string {
  const parts = cleanLabel(text).split(/[:;|•]\s|,\s/u)
  return (parts.at(-1) ?? '').trim()
}

/** The figures (sorted by start) that lie within `from`–`to`: a binary search, then only those. */
export function figuresBetween(figures: readonly Figure[], from: number, to: number): Figure[] {
  let low = 0
  let high = figures.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((figures[middle]?.start ?? 0) < from) low = middle + 1
    else high = middle
  }
  const found: Figure[] = []
  for (let index = low; index < figures.length; index += 1) {
    const figure = figures[index]
    if (figure === undefined || figure.start >= to) break
    if (figure.end <= to) found.push(figure)
  }
  return found
}

/** The line's text between `from` and `to` with the figures in that span taken out (`figures` sorted by start). */
export function residue(pageText: string, from: number, to: number, figures: readonly Figure[]): string {
  let result = ''
  let cursor = from
  for (const figure of figuresBetween(figures, from, to)) {
    if (figure.start > cursor) result += pageText.slice(cursor, figure.start)
    result += ' '
    cursor = Math.max(cursor, figure.end)
  }
  if (cursor < to) result += pageText.slice(cursor, to)
  return result.replace(/\s+/g, ' ').trim()
}

/** Whether a residue holds nothing but separators between figures ("$18 | $25", "40 % /"). */
export function isBlank(text: string): boolean {
  return /^[\s|+,;/–\-$€£₹]*$/u.test(text)
}

const PERIOD_WORDS: ReadonlyArray<readonly [Period, RegExp]> = [
  ['hour', /hourly|per hour|an hour|\/\s?h(?:our|r)?(?![\p{L}])|timpris|timarvode|timtaxa|per timme|\/\s?tim(?![\p{L}])/iu],
  ['day', /daily|per day|dagspris|dagsavgift|per dag(?![\p{L}])/iu],
  ['week', /weekly|per week|veckoavgift|per vecka/iu],
  [
    'month',
    /monthly|per month|a month|\/\s?mo(?:nth)?(?![\p{L}])|månadsavgift|månadskostnad|månadspris|per månad|\/\s?mån(?![\p{L}])|i månaden/iu,
  ],
  ['year', /annual|annually|yearly|per year|per annum|årsavgift|årskostnad|årlig|per år(?![\p{L}])|\/\s?år(?![\p{L}])/iu],
]

/** The period a label or a column header names ("Monthly Fee (USD)", "Timpris", "Pris/mån"). */
export function periodInWords(text: string): Period | undefined {
  for (const [period, pattern] of PERIOD_WORDS) if (pattern.test(text)) return period
  return undefined
}
