// Stated amounts: a total, budget, contract value, amount requested, fee or price the text states
// without a per-unit or per-hour rate ("Requested Amount: $599,968 over 3 years", "budget 2 500 000 kr",
// an AMOUNT column of awarded contracts). When no recipe's own drivers are in the text, such an
// amount is the document-backed cost of the cost-reduction calculator. The rule:
//  1. A money figure is a stated amount when a label names it: a word just before it in its sentence
//     (after the previous amount), just after it on its line, or the column header of its table row.
//     Thresholds, parts of a range ("from R100 000 to R300 000"), prices per something ("R50 per set"),
//     hourly rates and boilerplate (insurance, penalties, deposits) are not.
//  2. It is *strong* when the label says what total it is (budget; requested, estimated, contract,
//     awarded, total … amount/value/cost), otherwise *plain* (amount, price, cost, fee, "Total").
//  3. Its span: the years the text states for it ("over 3 years", "for a period of 36 months",
//     "three year value", "3-årigt avtal"), from 1 to 10 years; a month count of 12 or more counts.
// The best is the strongest, then the most relevant, then the first.
import type { DocumentReading, ScoredFigure } from './document-reading.ts'
import { NEGATIVE_WORDS, NUMBER_WORDS, WordList } from './vocabulary.ts'

export interface StatedSpan {
  readonly years: number
  /** How the text counts the span: 3 years, or 36 months. */
  readonly count: number
  readonly unit: 'year' | 'month'
  /** Where the text states it, as offsets in the page text (for the quote). */
  readonly start: number
  readonly end: number
}

export interface StatedAmount {
  readonly figure: ScoredFigure
  readonly strength: 'strong' | 'plain'
  /** The years the amount covers, when the text states them next to it. */
  readonly span?: StatedSpan
}

/** Words that name an amount. */
const AMOUNT_NOUNS = new WordList([
  'amount',
  'amounts',
  'value',
  'values',
  'price',
  'prices',
  'pricing',
  'cost',
  'costs',
  'fee',
  'fees',
  'sum',
  'charge',
  'charges',
  'total',
  'totals',
  'spend',
  'spending',
  'expenditure',
  'expenditures',
  'budget*',
  'funding',
  'belopp*',
  'värde',
  'värdet',
  'pris',
  'priset',
  'kostnad*',
  'avgift*',
  'arvode*',
  'ersättning*',
  'summa*',
  'totalt',
  'budget*',
  'kontraktsvärde*',
  'avtalsvärde*',
  'totalbelopp*',
  'totalkostnad*',
  'anslag*',
])
/** Nouns that are a total by themselves. */
const TOTAL_NOUNS = new WordList(['budget*', 'funding', 'kontraktsvärde*', 'avtalsvärde*', 'totalbelopp*', 'totalkostnad*', 'anslag*'])
/** Words that say which total an amount is ("requested amount", "estimated value", "awarded to … amount"). */
const QUALIFIERS = new WordList([
  'requested',
  'request',
  'estimated',
  'estimate',
  'estimates',
  'contract',
  'contracts',
  'contracted',
  'award',
  'awarded',
  'grant',
  'total',
  'overall',
  'annual',
  'yearly',
  'project',
  'lifetime',
  'sökt',
  'sökta',
  'ansökt',
  'ansökta',
  'uppskattat',
  'uppskattade',
  'beräknat',
  'beräknade',
  'kontrakt*',
  'avtal*',
  'tilldelat',
  'tilldelad',
  'totalt',
  'total',
  'årlig*',
  'projektets',
])

/** How far back a label or a span may be, in characters (within the sentence and after the previous amount). */
const LABEL_BEFORE = 60
const SPAN_BEFORE = 110
/** How far after the amount, on its line. */
const LABEL_AFTER = 24
const SPAN_AFTER = 40
/** How far below its column header a table cell may be. */
const HEADER_REACH = 4_000

const NUMBER = `\\d{1,3}(?:[.,]\\d)?|one|ett|${[...NUMBER_WORDS.keys()].join('|')}`
const UNIT = 'years?|yrs?|år|åren|months?|månader|mån'
/** "over 3 years", "for a period of 36 months", "under tre år", "Contract period: 24 months". */
const SPAN_CONNECTED = new RegExp(
  `(?:^|[^\\p{L}])(?:over|for|during|across|spanning|covering|lasting|under|över|på|period(?:\\s+of)?\\s*:?)\\s+(?:(?:a|the|en)\\s+)?(?:(?:period|term)\\s+(?:of|om|på)\\s+)?(?:(?:next|first|nästa|kommande)\\s+)?(${NUMBER})(?:\\s*\\(\\d{1,3}\\))?[\\s-]*(${UNIT})(?![\\p{L}])`,
  'giu',
)
/** "three year value", "3-year budget", "36-month contract", "3-årigt avtal". */
const SPAN_COMPOUND = new RegExp(
  `(?:^|[^\\p{L}\\d])(${NUMBER})(?:[\\s-]+(year|yr|month)s?[\\s-]+(?:\\p{L}+[\\s-]+)?(?:value|budget|contract|term|period|agreement|project|programme|program|grant|award|cost|total)|[\\s-]*(årig|månaders)\\p{L}*)(?![\\p{L}])`,
  'giu',
)

const wordsOf = (text: string): string[] => text.toLowerCase().match(/\p{L}+/gu) ?? []

function numberOf(text: string): number | undefined {
  const lower = text.toLowerCase()
  if (lower === 'one' || lower === 'ett') return 1
  const word = NUMBER_WORDS.get(lower)
  if (word !== undefined) return word
  const value = Number(lower.replace(',', '.'))
  return Number.isFinite(value) && value > 0 ? value : undefined
}

function spanOf(match: RegExpExecArray, offset: number): StatedSpan | undefined {
  const count = numberOf(match[1] ?? '')
  if (count === undefined) return undefined
  const unit: 'year' | 'month' = /^(?:month|mån)/i.test(match[2] ?? match[3] ?? '') ? 'month' : 'year'
  const years = unit === 'month' ? count / 12 : count
  if (years < 1 || years > 10) return undefined
  // The match may begin with the character before its first word.
  const lead = /^[\p{L}\d]/u.test(match[0]) ? 0 : 1
  return { years, count, unit, start: offset + match.index + lead, end: offset + match.index + match[0].length }
}

/**
 * The span `text` states, the one nearest the amount (`before`: `text` precedes the amount);
 * offsets are counted from `offset`.
 */
export function spanIn(text: string, before: boolean, offset = 0): StatedSpan | undefined {
  const found: StatedSpan[] = []
  for (const pattern of [SPAN_CONNECTED, SPAN_COMPOUND]) {
    pattern.lastIndex = 0
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const span = spanOf(match, offset)
      if (span !== undefined) found.push(span)
    }
  }
  found.sort((a, b) => (before ? b.start - a.start : a.start - b.start))
  return found[0]
}

/** A column header row: three or more cells, no digits, one of them naming an amount ("AWARDED TO  AMOUNT  POINTS"). */
function isAmountHeader(line: string): boolean {
  if (/\d/.test(line)) return false
  const cells = line
    .split(/\t| {2,}/)
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '')
  if (cells.length < 3) return false
  return cells.some((cell) => {
    const words = wordsOf(cell)
    const last = words.at(-1)
    return words.length > 0 && words.length <= 3 && last !== undefined && AMOUNT_NOUNS.has(last)
  })
}

interface Header {
  readonly index: number
  readonly words: readonly string[]
}

function amountHeaders(text: string): Header[] {
  const headers: Header[] = []
  let start = 0
  for (const line of text.split('\n')) {
    if (line.includes('\t') || / {2,}/.test(line)) {
      if (isAmountHeader(line)) headers.push({ index: start, words: wordsOf(line) })
    }
    start += line.length + 1
  }
  return headers
}

function lineBounds(text: string, index: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', index - 1) + 1
  const newline = text.indexOf('\n', index)
  return { start, end: newline === -1 ? text.length : newline }
}

/** Where the figure's sentence starts, looking back at most `reach` characters. */
function sentenceStart(text: string, index: number, reach: number): number {
  const from = Math.max(0, index - reach)
  const before = text.slice(from, index)
  let cut = -1
  for (const match of before.matchAll(/[.!?;](?=\s)/g)) cut = match.index + 1
  return cut === -1 ? from : from + cut
}

function sentenceEnd(text: string, index: number, reach: number): number {
  const after = text.slice(index, Math.min(text.length, index + reach))
  const stop = after.search(/[.!?;](?:\s|$)|\n/)
  return stop === -1 ? index + after.length : index + stop
}

/** Money that is not a stated amount whatever its label says. */
function excluded(figure: ScoredFigure, text: string): boolean {
  if (figure.kind !== 'money' || figure.per === 'hour' || figure.perEntity !== undefined) return true
  if (figure.flags.includes('threshold') || figure.flags.includes('thresholdWord')) return true
  if (NEGATIVE_WORDS.countIn(figure.nearWords) > 0) return true
  // "R50,00 per set", "$5 each": a price of something the scanner does not count.
  if (
    /^[ \t]*(?:\/|per(?![\p{L}])|each(?![\p{L}])|apiece|styck|st\.?(?![\p{L}])|à(?![\p{L}]))/iu.test(
      text.slice(figure.end, figure.end + 12),
    )
  )
    return true
  // "from R100 000 to R300 000": the upper end of a range in words.
  return /\d[ \t\u00a0]*(?:to|till|and|och|or|eller|[-–—])[ \t\u00a0]*$/iu.test(text.slice(Math.max(0, figure.start - 16), figure.start))
}

function strengthOf(words: readonly string[]): StatedAmount['strength'] | undefined {
  const nouns = words.filter((word) => AMOUNT_NOUNS.has(word))
  if (nouns.length === 0) return undefined
  if (nouns.some((word) => TOTAL_NOUNS.has(word))) return 'strong'
  // The qualifier must be another word than the noun ("Total $199,989" alone is plain).
  return words.some((word) => QUALIFIERS.has(word) && nouns.some((noun) => noun !== word)) ? 'strong' : 'plain'
}

/** Every stated amount of the reading, best first. */
export function statedAmounts(reading: DocumentReading): StatedAmount[] {
  const money = reading.figures.filter((figure) => figure.kind === 'money')
  if (money.length === 0) return []
  const pageTexts = new Map(reading.pages.map((page) => [page.page, page.text]))
  // Amounts per page in reading order: a label or span never reaches past the previous amount.
  const byPage = new Map<number, ScoredFigure[]>()
  for (const figure of money) {
    const list = byPage.get(figure.page)
    if (list === undefined) byPage.set(figure.page, [figure])
    else list.push(figure)
  }
  for (const list of byPage.values()) list.sort((a, b) => a.start - b.start)
  const headersByPage = new Map<number, Header[]>()

  const found: StatedAmount[] = []
  for (const [page, list] of byPage) {
    const text = pageTexts.get(page) ?? ''
    list.forEach((figure, position) => {
      if (excluded(figure, text)) return
      const previousEnd = list[position - 1]?.end ?? 0
      const next = list[position + 1]?.start ?? text.length
      const line = lineBounds(text, figure.start)
      const labelFrom = Math.max(previousEnd, sentenceStart(text, figure.start, LABEL_BEFORE))
      const labelTo = Math.min(next, sentenceEnd(text, figure.end, LABEL_AFTER))
      const words = [...wordsOf(text.slice(labelFrom, figure.start)), ...wordsOf(text.slice(figure.end, labelTo))]
      if (text.slice(line.start, line.end).includes('\t') || / {2,}/.test(text.slice(line.start, line.end))) {
        let headers = headersByPage.get(page)
        if (headers === undefined) {
          headers = amountHeaders(text)
          headersByPage.set(page, headers)
        }
        const header = headers.filter((candidate) => candidate.index < line.start && line.start - candidate.index <= HEADER_REACH).at(-1)
        if (header !== undefined) words.push(...header.words)
      }
      const strength = strengthOf(words)
      if (strength === undefined) return
      let span: StatedSpan | undefined
      if (figure.per === undefined) {
        const spanFrom = Math.max(previousEnd, sentenceStart(text, figure.start, SPAN_BEFORE))
        span =
          spanIn(text.slice(figure.end, Math.min(next, sentenceEnd(text, figure.end, SPAN_AFTER))), false, figure.end) ??
          spanIn(text.slice(spanFrom, figure.start), true, spanFrom)
      }
      found.push(span === undefined ? { figure, strength } : { figure, strength, span })
    })
  }
  const rank = { strong: 0, plain: 1 } as const
  return found.sort(
    (a, b) =>
      rank[a.strength] - rank[b.strength] ||
      b.figure.relevance - a.figure.relevance ||
      a.figure.page - b.figure.page ||
      a.figure.start - b.figure.start,
  )
}
