// Reads a whole input (a document's pages or a description): its writing language, what "$" and
// "R" mean in it, its placeholder text, its repeated headers, and every usable figure with a
// relevance score.
import type { TextPage } from '../types.ts'
import { scanPage, type Figure, type ScanOptions } from '../read/figures.ts'
import type { DollarCode } from '../read/figures-types.ts'
import { isPlaceholderLine, readTemplate, type TemplateReading } from './placeholders.ts'
import { NEGATIVE_WORDS, PERCENT_BOILERPLATE_WORDS, SAVING_WORDS, VALUE_WORDS, THEME_WORDS } from '../read/vocabulary.ts'

export interface ScoredFigure extends Figure {
  /** Higher is more likely a value driver; ties are broken by position. */
  readonly relevance: number
  /** Lower-case words within about a sentence of the figure (and of its table header). */
  readonly words: ReadonlySet<string>
  /** The words just around the figure (and its table header): what the figure is ("support costs of $8,000"). */
  readonly nearWords: ReadonlySet<string>
  /** The text just around the figure, for phrases ("average deal size $5,000"). */
  readonly near: string
}

export type ExclusionReason = 'repeatedLine' | 'repeatedBareAmount' | 'boilerplatePercent' | 'notPositive'

export interface ExcludedFigure {
  readonly figure: Figure
  readonly reason: ExclusionReason
}

export interface DocumentReading {
  readonly pages: readonly TextPage[]
  readonly swedish: boolean
  readonly scan: ScanOptions
  readonly template: TemplateReading
  /** Usable figures, most relevant first (a template's flagged 'example'). */
  readonly figures: readonly ScoredFigure[]
  readonly excluded: readonly ExcludedFigure[]
  /** How often each theme's words occur in the whole text. */
  readonly themes: Readonly<Record<keyof typeof THEME_WORDS, number>>
  /** The text speaks of a revenue share or split ("REVENUE SHARE/FEE"). */
  readonly revenueShare: boolean
  readonly wordCount: number
}

const SWEDISH_WORDS = new Set([
  'och',
  'att',
  'det',
  'som',
  'för',
  'är',
  'på',
  'med',
  'av',
  'till',
  'ska',
  'inte',
  'kan',
  'vid',
  'eller',
  'enligt',
  'samt',
  'vi',
  'har',
  'den',
  'ett',
  'om',
])
const ENGLISH_WORDS = new Set([
  'the',
  'and',
  'of',
  'to',
  'for',
  'is',
  'with',
  'be',
  'shall',
  'will',
  'that',
  'this',
  'are',
  'by',
  'or',
  'we',
  'our',
  'you',
  'your',
  'in',
  'on',
])

/** Context window either side of a figure, in characters: for relevance, and for what the figure is. */
const CONTEXT = 100
const NEAR_BEFORE = 60
const NEAR_AFTER = 40

export function wordsIn(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? []
}

export function detectSwedish(words: readonly string[]): boolean {
  let swedish = 0
  let english = 0
  for (const word of words) {
    if (SWEDISH_WORDS.has(word)) swedish += 1
    else if (ENGLISH_WORDS.has(word)) english += 1
  }
  return swedish > english
}

/** How a text names each country's dollars, as whole words ("academic" is not CAD). */
const DOLLAR_NAMES: ReadonlyArray<readonly [DollarCode, RegExp]> = [
  ['USD', /(?:^|[^\p{L}])(?:USD|US\$)(?![\p{L}])|u\.s\. dollars?|(?<![\p{L}])US dollars?/iu],
  ['AUD', /(?:^|[^\p{L}])(?:AUD|A\$|AU\$)(?![\p{L}])|australian dollars?|australiska dollar/iu],
  ['CAD', /(?:^|[^\p{L}])(?:CAD|C\$|CA\$|CAN\$)(?![\p{L}])|canadian dollars?|kanadensiska dollar/iu],
  ['NZD', /(?:^|[^\p{L}])(?:NZD|NZ\$)(?![\p{L}])|new zealand dollars?|nyzeeländska dollar/iu],
]

export function scanOptionsFor(text: string, swedish: boolean): ScanOptions {
  // A bare "$" is the one country's dollars the text names, when it names only one other than the US's.
  const named = DOLLAR_NAMES.filter(([, pattern]) => pattern.test(text)).map(([code]) => code)
  const dollar = named.length === 1 && named[0] !== undefined ? named[0] : 'USD'
  const rand = /(?:^|[^\p{L}])(?:rands?|ZAR)(?![\p{L}])|south africa/iu.test(text)
  return { dollar, rand, swedish }
}

interface Line {
  readonly start: number
  readonly end: number
  readonly text: string
}

function linesOf(text: string): Line[] {
  const lines: Line[] = []
  let start = 0
  for (;;) {
    const newline = text.indexOf('\n', start)
    const end = newline === -1 ? text.length : newline
    lines.push({ start, end, text: text.slice(start, end) })
    if (newline === -1) return lines
    start = newline + 1
  }
}

function lineAt(lines: readonly Line[], index: number): Line | undefined {
  let low = 0
  let high = lines.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const line = lines[middle]
    if (line === undefined) return undefined
    if (index < line.start) high = middle - 1
    else if (index > line.end) low = middle + 1
    else return line
  }
  return undefined
}

const normalizeLine = (line: string): string => line.trim().replace(/\s+/g, ' ')

/**
 * Running headers and footers: the same line on at least 3 pages and at least 40% of them. Their
 * figures are never value drivers. (Lines that differ only in their numbers are not merged: a
 * price list repeats "Monthly fee: $… per month" with a different price on every page.)
 */
function repeatedLines(pages: readonly TextPage[]): Set<string> {
  if (pages.length < 3) return new Set()
  const pagesPerLine = new Map<string, number>()
  for (const { text } of pages) {
    const seen = new Set<string>()
    for (const line of text.split('\n')) {
      const key = normalizeLine(line)
      if (key.length < 3 || seen.has(key)) continue
      seen.add(key)
      pagesPerLine.set(key, (pagesPerLine.get(key) ?? 0) + 1)
    }
  }
  const repeated = new Set<string>()
  for (const [key, count] of pagesPerLine) if (count >= 3 && count >= pages.length * 0.4) repeated.add(key)
  return repeated
}

function relevanceOf(figure: Figure, words: ReadonlySet<string>): number {
  let relevance = 0
  const hasPer = figure.per !== undefined || figure.perEntity !== undefined
  switch (figure.kind) {
    case 'money':
      relevance = 3 + (hasPer ? 2 : 0)
      break
    case 'hours':
      relevance = 2 + (figure.per !== undefined ? 2 : 0)
      break
    case 'count':
      relevance = 1 + (figure.per !== undefined ? 1 : 0) + (figure.entity !== undefined ? 1 : 0)
      break
    case 'percent':
    case 'minutes':
      relevance = 1
      break
    case 'duration':
      relevance = 0
      break
  }
  relevance += Math.min(3, VALUE_WORDS.countIn(words))
  if (SAVING_WORDS.countIn(words) > 0) relevance += 1
  if (NEGATIVE_WORDS.countIn(words) > 0) relevance -= 4
  if (figure.flags.includes('threshold')) relevance -= 3
  if (figure.flags.includes('thresholdWord')) relevance -= 1
  if (figure.flags.includes('headerPeriod')) relevance -= 0.5
  if (figure.flags.includes('wordNumber')) relevance -= 0.5
  return relevance
}

/** Reads the input's pages (those with text); `signal` is checked between pages. */
export function readDocument(pages: readonly TextPage[], signal?: AbortSignal): DocumentReading {
  const withText = pages.filter((page) => page.text.trim() !== '')
  const allText = withText.map((page) => page.text).join('\n')
  const allWords = wordsIn(allText)
  const swedish = detectSwedish(allWords)
  const scan = scanOptionsFor(allText, swedish)
  const template = readTemplate(withText)
  const headerLines = repeatedLines(withText)

  const found: Array<{ figure: Figure; line: Line; text: string }> = []
  for (const page of withText) {
    signal?.throwIfAborted()
    const lines = linesOf(page.text)
    for (const figure of scanPage(page.page, page.text, scan)) {
      const line = lineAt(lines, figure.start)
      if (line !== undefined) found.push({ figure, line, text: page.text })
    }
  }

  // A bare amount alone on its line, identical on 3+ pages, is a stray layer (the pyconau
  // "$10,000" under every tier), not each page's price.
  const bareAmountPages = new Map<string, Set<number>>()
  for (const { figure, line } of found) {
    if (figure.kind !== 'money' || line.text.length > figure.text.length + 40 || normalizeLine(line.text) !== normalizeLine(figure.text))
      continue
    const key = normalizeLine(figure.text)
    const pagesOfAmount = bareAmountPages.get(key) ?? new Set<number>()
    pagesOfAmount.add(figure.page)
    bareAmountPages.set(key, pagesOfAmount)
  }

  const figuresByLine = new Map<string, string[]>()
  for (const { figure, line } of found) {
    const key = `${figure.page}:${line.start}`
    const texts = figuresByLine.get(key)
    if (texts === undefined) figuresByLine.set(key, [figure.text])
    else texts.push(figure.text)
  }
  // Per line, once: a line may be a whole long paragraph with many figures.
  interface LineVerdict {
    readonly normalized: string
    readonly placeholder: boolean
    readonly repeated: boolean
  }
  const verdicts = new Map<string, LineVerdict>()
  const verdictFor = (page: number, line: Line): LineVerdict => {
    const key = `${page}:${line.start}`
    const known = verdicts.get(key)
    if (known !== undefined) return known
    const normalized = normalizeLine(line.text)
    const verdict = {
      normalized,
      placeholder:
        template.dominated || isPlaceholderLine(line.text, figuresByLine.get(key) ?? [], template.pagesWithTemplateText.has(page)),
      repeated: headerLines.has(normalized),
    }
    verdicts.set(key, verdict)
    return verdict
  }

  const figures: ScoredFigure[] = []
  const excluded: ExcludedFigure[] = []
  for (const { figure, line, text } of found) {
    const verdict = verdictFor(figure.page, line)
    const window = text.slice(Math.max(0, figure.start - CONTEXT), Math.min(text.length, figure.end + CONTEXT))
    const nearText = text.slice(Math.max(0, figure.start - NEAR_BEFORE), Math.min(text.length, figure.end + NEAR_AFTER))
    const near = figure.header === undefined ? nearText : `${figure.header}\n${nearText}`
    const words = new Set(wordsIn(figure.header === undefined ? window : `${figure.header}\n${window}`))
    const nearWords = new Set(wordsIn(near))
    const exclude = (reason: ExclusionReason): void => {
      excluded.push({ figure, reason })
    }
    if (!(figure.value > 0) || !Number.isFinite(figure.value)) {
      exclude('notPositive')
    } else if (verdict.placeholder) {
      // A template's figures are kept, marked as example figures (issue 14), never taken for quoted ones.
      const example: Figure = { ...figure, flags: [...figure.flags, 'example'] }
      figures.push({ ...example, relevance: relevanceOf(example, words), words, nearWords, near })
    } else if (verdict.repeated) {
      exclude('repeatedLine')
    } else if (
      figure.kind === 'money' &&
      verdict.normalized === normalizeLine(figure.text) &&
      (bareAmountPages.get(verdict.normalized)?.size ?? 0) >= 3
    ) {
      exclude('repeatedBareAmount')
    } else if (figure.kind === 'percent' && (PERCENT_BOILERPLATE_WORDS.countIn(words) > 0 || figure.value > 1000)) {
      exclude('boilerplatePercent')
    } else {
      figures.push({ ...figure, relevance: relevanceOf(figure, words), words, nearWords, near })
    }
  }
  figures.sort((a, b) => b.relevance - a.relevance || a.page - b.page || a.start - b.start)

  const themes = {
    revenue: THEME_WORDS.revenue.countIn(allWords),
    audience: THEME_WORDS.audience.countIn(allWords),
    documents: THEME_WORDS.documents.countIn(allWords),
  }
  const revenueShare = /revenue[ \t\n]*(?:share|split)|intäktsdelning|share of (?:the )?revenue/i.test(allText)
  return { pages: withText, swedish, scan, template, figures, excluded, themes, revenueShare, wordCount: allWords.length }
}
