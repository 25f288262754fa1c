// Finds the quantitative figures of one page: money (with its currency), rates per unit and per
// period, working hours, counts of people and things, percentages and percentage points, shares and
// changes written as words, durations, and the from–to pairs among them. Everything else with
// digits — dates, years, times, phone and organisation numbers, section, page and list numbers,
// postal codes, product codes — is left out. One linear pass over the digits of the page; every
// pattern is anchored (sticky) at a known index and reads a bounded number of characters.
//
// The parts: figures-currency.ts (currency and multipliers), figures-context.ts (what is not a
// figure; limits, periods and headers before one), figures-tail.ts (units and per-phrases after
// one), figures-nouns.ts (the noun a count counts), figures-words.ts (quantities in words),
// figures-links.ts (from–to pairs), figures-units.ts (what a price is per, from the words around it),
// figures-teams.ts (a count of people by a job title the vocabulary does not know).
import { colonOre, currencyBefore, randLikely, type Currency } from './figures-currency.ts'
import {
  atLineStart,
  CPM_BEFORE,
  CPM_NEAR,
  endOfDigitRun,
  flagsBefore,
  headersOf,
  numberVerdict,
  periodFromCues,
  type Header,
} from './figures-context.ts'
import { linkFromTo, type BareNumber } from './figures-links.ts'
import { markTeams } from './figures-teams.ts'
import { gluedSuffixAllowed, readTail, type Tail } from './figures-tail.ts'
import { isLetter, matchAt, sticky, WORD } from './figures-text.ts'
import type { Figure, FigureKind, MutableFigure, ScanOptions } from './figures-types.ts'
import { linkUnitPrices } from './figures-units.ts'
import { wordQuantities } from './figures-words.ts'
import { readNumber, type NumberReading } from './number-format.ts'

export { FIGURE_KINDS } from './figures-types.ts'
export type { CurrencyCode, Figure, FigureFlag, FigureKind, PerEntity, ScanOptions } from './figures-types.ts'

const SPACED_PERCENT = sticky('(?: \\d){1,2}(?= ?%)')
/** Only this many characters before a number are read for its context (a one-line text can be long). */
const BEFORE_REACH = 48
/** How far before a price its period cue may stand ("hourly rate of"). */
const CUE_REACH = 60
/** How far after a price "CPM" may stand ("$18 | $25\nMarket CPMs"). */
const CPM_REACH = 40

function buildFigure(page: number, text: string, start: number, tail: Tail, kind: FigureKind): MutableFigure {
  const figure: MutableFigure = {
    kind,
    value: tail.value,
    page,
    start,
    end: tail.end,
    text: text.slice(start, tail.end),
    flags: tail.flags,
  }
  if (tail.low !== undefined) figure.low = tail.low
  if (tail.high !== undefined) figure.high = tail.high
  if (tail.currency !== undefined && kind === 'money') figure.currency = tail.currency
  if (tail.per !== undefined) figure.per = tail.per
  if (tail.perEntity !== undefined) figure.perEntity = tail.perEntity
  if (tail.entity !== undefined) figure.entity = tail.entity
  if (tail.noun !== undefined && kind === 'count') figure.noun = tail.noun
  if (tail.duration !== undefined) figure.duration = tail.duration
  if (tail.header !== undefined) figure.header = tail.header
  return figure
}

/** The page's text before a number: its line, at most BEFORE_REACH characters. */
function contextBefore(text: string, start: number): { readonly before: string; readonly lineStartKnown: boolean } {
  const windowStart = Math.max(0, start - BEFORE_REACH)
  const newline = text.slice(windowStart, start).lastIndexOf('\n')
  const lineStart = newline === -1 ? (windowStart === 0 ? 0 : -1) : windowStart + newline + 1
  return { before: text.slice(lineStart === -1 ? windowStart : lineStart, start), lineStartKnown: lineStart !== -1 }
}

/** A price's period and per-thousand from the words around it, or from the table header above it. */
function moneyContext(
  text: string,
  start: number,
  symbolLength: number,
  beforeSymbol: string,
  tail: Tail,
  headers: readonly Header[],
): void {
  if (tail.perEntity === undefined) {
    const ahead = text.slice(tail.end, Math.min(text.length, tail.end + CPM_REACH))
    if (CPM_NEAR.test(ahead) || CPM_BEFORE.test(beforeSymbol)) tail.perEntity = 'thousand'
  }
  // Only prices take a period from the words before them ("hourly rate of $40"); a count's period is its own.
  if (tail.per === undefined && tail.perEntity !== 'thousand') {
    const cue = periodFromCues(text.slice(Math.max(0, start - symbolLength - CUE_REACH), start - symbolLength))
    if (cue !== undefined) tail.per = cue
  }
  if (tail.per === undefined && tail.perEntity === undefined) {
    const header = headers.filter((candidate) => candidate.index < start).at(-1)
    if (header !== undefined) {
      tail.per = header.period
      tail.header = header.text
      tail.flags.push('headerPeriod')
    }
  }
}

/** What one number turned out to be: a figure, a number without a unit, or nothing (skip its run of digits or only it). */
type Outcome =
  | { readonly figure: MutableFigure }
  | { readonly bare: BareNumber }
  | { readonly skip: 'run' }
  | { readonly skip: 'until'; readonly until: number }

interface Scan {
  readonly page: number
  readonly text: string
  readonly options: ScanOptions
  readonly headers: readonly Header[]
}

/** The number read at `start`, its currency and the words before it; or why it is no figure. */
function numberAt(scan: Scan, start: number, reading: NumberReading): Outcome | NumberContext {
  const { text, options } = scan
  const { before, lineStartKnown } = contextBefore(text, start)
  const currency = currencyBefore(before, options, () => randLikely(text, start, reading, before))
  const beforeSymbol = currency === undefined ? before : before.slice(0, before.length - currency.length)
  // "+0.5 percentage points" and "+12%" are figures; "+46 8 525 029 96" is a phone number.
  const plus = currency === undefined && text[start - 1] === '+'
  // "2:50 kr": two kronor fifty, not a time.
  const ore = colonOre(text, reading.end)
  let value = ore === undefined ? reading.value : reading.value + ore.add
  let numberEnd = ore?.end ?? reading.end
  const verdict = numberVerdict({
    text,
    start,
    reading,
    numberEnd,
    before: plus ? before.slice(0, -1) : before,
    beforeSymbol,
    hasCurrency: currency !== undefined,
    atLineStart: atLineStart(before, lineStartKnown),
  })
  if (verdict === 'skipRun') return { skip: 'run' }
  if (verdict === 'skipNumber') return { skip: 'until', until: reading.end }
  // Letters glued to the number: "300x250", "G1", "3x" are not figures; "100k", "10kr", "$50CPM" are.
  if (isLetter(text[numberEnd])) {
    const glued = matchAt(WORD, text, numberEnd)?.[1] ?? ''
    // "$50K-$500K": a hyphen after the suffix starts a range, it is not part of the word.
    if (!gluedSuffixAllowed(glued.replace(/-+$/, ''))) return { skip: 'until', until: numberEnd + glued.length }
  }
  // "9 0 %": a table cell whose digits the PDF spaced out.
  const spaced = reading.raw.length === 1 ? matchAt(SPACED_PERCENT, text, reading.end) : null
  if (spaced !== null) {
    value = Number(reading.raw + spaced[0].replace(/[^0-9]/g, ''))
    numberEnd = reading.end + spaced[0].length
  }
  return { value, numberEnd, currency, beforeSymbol, plus, ore: ore !== undefined }
}

interface NumberContext {
  readonly value: number
  readonly numberEnd: number
  readonly currency: Currency | undefined
  readonly beforeSymbol: string
  readonly plus: boolean
  readonly ore: boolean
}

/** The figure the number at `start` makes with the words after it. */
function figureAt(scan: Scan, start: number, reading: NumberReading, number: NumberContext): Outcome {
  const { text, options } = scan
  const { currency, beforeSymbol } = number
  const tail = readTail(text, number.value, number.numberEnd, currency?.currency, true, options.swedish)
  if (tail === undefined) return { skip: 'until', until: reading.end }
  if (currency?.inferred === true) tail.flags.push('randSymbol')
  if (number.plus && tail.kind !== 'percent') return { skip: 'run' }
  if (number.ore) tail.flags.push('ore')
  const european = tail.currency === 'EUR' || tail.currency === 'SEK' || options.swedish
  if (reading.thousandsValue !== undefined && !tail.flags.includes('range') && european) {
    tail.value = reading.thousandsValue * (tail.value / reading.value)
    tail.flags.push('europeanThousands')
  }
  // A bare four-digit 1900–2100 is a year unless money, a percentage or directly followed by its unit.
  const yearLike = /^\d{4}$/.test(reading.raw) && reading.value >= 1900 && reading.value <= 2100
  const kind = tail.kind
  if (kind === undefined) return yearLike ? { skip: 'until', until: reading.end } : { bare: { start, end: reading.end, value: tail.value } }
  if (yearLike && kind !== 'money' && kind !== 'percent' && !tail.unitAdjacent) return { skip: 'until', until: reading.end }

  for (const flag of flagsBefore(beforeSymbol)) if (!tail.flags.includes(flag)) tail.flags.push(flag)
  const symbolStart = start - (currency?.length ?? 0)
  const sign = text[symbolStart - 1]
  const signed = kind === 'percent' || kind === 'money'
  if (signed && sign === '+') tail.flags.push('plus')
  else if (signed && (sign === '-' || sign === '−') && !/[\p{L}\p{N}]/u.test(text[symbolStart - 2] ?? '')) tail.flags.push('minus')
  if (kind === 'money') moneyContext(text, start, currency?.length ?? 0, beforeSymbol, tail, scan.headers)
  return { figure: buildFigure(scan.page, text, symbolStart, tail, kind) }
}

/** The figures that start with a digit (or a currency symbol before one), and the numbers left without a unit. */
function scanDigits(page: number, text: string, options: ScanOptions): { figures: MutableFigure[]; bare: BareNumber[] } {
  const scan: Scan = { page, text, options, headers: headersOf(text) }
  const figures: MutableFigure[] = []
  const bare: BareNumber[] = []
  const digits = /\d+/g
  let consumedUntil = 0
  for (let run = digits.exec(text); run !== null; run = digits.exec(text)) {
    const start = run.index
    if (start < consumedUntil) continue
    const reading = readNumber(text, start)
    if (reading === undefined) continue
    consumedUntil = reading.end
    const number = numberAt(scan, start, reading)
    const outcome = 'value' in number ? figureAt(scan, start, reading, number) : number
    if ('figure' in outcome) {
      figures.push(outcome.figure)
      consumedUntil = Math.max(consumedUntil, outcome.figure.end)
    } else if ('bare' in outcome) {
      bare.push(outcome.bare)
    } else if (outcome.skip === 'run') {
      consumedUntil = Math.max(consumedUntil, endOfDigitRun(text, start))
    } else {
      consumedUntil = Math.max(consumedUntil, outcome.until)
    }
    digits.lastIndex = Math.max(digits.lastIndex, consumedUntil)
  }
  return { figures, bare }
}

/** Every figure on one page, in reading order. */
export function scanPage(page: number, text: string, options: ScanOptions): Figure[] {
  const { figures, bare } = scanDigits(page, text, options)
  const words = wordQuantities(page, text, options.swedish, (start, tail) => buildFigure(page, text, start, tail, tail.kind ?? 'count'))
  // "1 in 20 calls": the share, not a count of 20 calls.
  const shares = words.filter((figure) => figure.kind === 'percent')
  const inShare = (figure: MutableFigure): boolean => shares.some((share) => figure.start >= share.start && figure.start < share.end)
  const all: MutableFigure[] = [...figures.filter((figure) => !inShare(figure)), ...words]
  all.push(...linkFromTo(text, all, bare))
  linkUnitPrices(text, all, options.swedish)
  markTeams(text, all)
  return all.sort((a, b) => a.start - b.start)
}
