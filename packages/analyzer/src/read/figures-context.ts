// The words around a number that decide whether it is a figure at all (dates, years, times, phone
// and organisation numbers, section, page and list numbers, codes) and what the words before a
// figure add to it: a limit ("at least"), an approximation ("cirka"), a period ("hourly rate of"),
// a table header's period ("Monthly Fee").
import type { NumberReading } from './number-format.ts'
import { isDigit, isLetter, matchAt, sticky } from './figures-text.ts'
import { MONTH_PATTERN, type Period } from './vocabulary.ts'

export const DATE_AFTER = sticky(
  '(?:[-/.]\\d{1,2}[-/.]\\d{1,4}|\\/\\d|:\\d\\d|h\\d\\d|[ \\u00a0]?(?:a\\.m\\.|p\\.m\\.|am|pm)(?![\\p{L}])|,?[ \\u00a0]?(?:19|20)\\d\\d(?!\\d)|(?:st|nd|rd|th)(?![\\p{L}])|:[ae](?![\\p{L}]))',
  'iu',
)
export const MONTH_AFTER = sticky(`[ \\u00a0,.]{0,3}(?:${MONTH_PATTERN})(?![\\p{L}])`, 'iu')
const MONTH_BEFORE = new RegExp(`(?:^|[^\\p{L}])(?:${MONTH_PATTERN})\\.?,?[ \\u00a0]*$`, 'iu')
const LIST_MARK_AFTER = sticky('[.)][ \\t]')
const SECTION_AFTER = sticky('[ \\t]+\\p{Lu}', 'u')
const SKIP_PREFIX =
  /(?:^|[^\p{L}])(?:no|nr|num|number|nummer|issn|isbn|vol|section|sektion|punkt|rubrik|page|sida|exhibit|schedule|bilaga|article|artikel|clause|avsnitt|kapitel|chapter|box|id|amendment|region|level|nivå|stage|phase|fas|vecka|week|krav|kriterie|step|steg|version|tier|ref|dnr|diarienummer|projektnummer|kl|grade|rule|form|figure|fig|table|tabell|figur|part|item|line|rad|room|suite|floor|route|lot|plot|ext|pg|pp|p)\.?[ \t\u00a0]*[:.#]?[ \t\u00a0]*$/iu
/** Regulation and schedule references, upper case only ("FAR 8.405", "SIN 132-51"); "so far 30" is a figure. */
const CODE_PREFIX = /(?:^|[^\p{L}])(?:FAR|DFARS|CFR|USC|IRC|SIN|SINs|GSA|NAICS|PSC|ISO|EN|SS)[ \t\u00a0]*$/u
/** "Phone: +46 8 …", "call us on 555", "ring mig på 070": a phone word, then only short words and punctuation ("phone lines at $22" is a price). */
export const PHONE_BEFORE =
  /(?:^|[^\p{L}])(?:tel|phone|telephone|telefon|telefonnummer|mobil|mobile|fax|whatsapp|växel|cell|helpline|hotline)(?:[^\p{L}\n]|(?<!\p{L})(?:no|nr|number|nummer|us|me|on|at|på|oss|mig|till|direct|direkt)(?!\p{L})){0,16}$/iu
const THRESHOLD_SYMBOL = /[<>≤≥][ \u00a0]?$/u
const THRESHOLD_WORDS =
  /(?:^|[^\p{L}])(?:at least|minst|up to|upp till|capped at|limited to|högst|maximalt|maximum|max|minimum|no more than|not exceed|exceeding|över|above|below|under|less than|more than|mindre än|mer än)[ \t\u00a0]*$/iu
const APPROXIMATE_WORDS =
  /(?:^|[^\p{L}])(?:about|around|approximately|approx\.?|roughly|some|cirka|ca\.?|omkring|ungefär|drygt|knappt|över|over)[ \t\u00a0]*$/iu
const LINE_START_ONLY = /^[ \t\u00a0•●○■▪▸◦\-*–]*$/u
export const CPM_NEAR = /(?:^|[^\p{L}])CPMs?(?![\p{L}])/u
export const CPM_BEFORE = /(?:^|[^\p{L}])CPM[ \t:]*$/u

const DIGIT_RUN_CHARACTERS: ReadonlySet<string> = new Set('0123456789 -–()./')

/** The end of a run of digits and phone punctuation from `index` on the same line. */
export function endOfDigitRun(text: string, index: number): number {
  let end = index
  while (end < text.length && DIGIT_RUN_CHARACTERS.has(text[end] ?? '')) end += 1
  return end
}

export type NumberVerdict = 'figure' | 'skipRun' | 'skipNumber'

/**
 * Whether the number at `start` can be a figure, from the characters before it (`before`: its line,
 * at most 48 characters; `beforeSymbol`: the same without a currency symbol) and just after it.
 * 'skipRun' skips the whole run of digits (a phone number, a date), 'skipNumber' only this number.
 */
export function numberVerdict(props: {
  readonly text: string
  readonly start: number
  readonly reading: NumberReading
  /** Where the number ends: after the öre of "2:50 kr", else `reading.end`. */
  readonly numberEnd: number
  readonly before: string
  readonly beforeSymbol: string
  readonly hasCurrency: boolean
  readonly atLineStart: boolean
}): NumberVerdict {
  const { text, start, reading, before, beforeSymbol, hasCurrency } = props
  if (reading.leadingZero || reading.dotted) return 'skipRun'
  const previous = text[start - 1]
  if (!hasCurrency) {
    if (isLetter(previous) || (previous !== undefined && '/\\#§_@'.includes(previous))) return 'skipRun'
    if ((previous === '-' || previous === '.' || previous === ':') && (isLetter(text[start - 2]) || isDigit(text[start - 2])))
      return 'skipRun'
    if (SKIP_PREFIX.test(before) || CODE_PREFIX.test(before) || PHONE_BEFORE.test(before)) return 'skipRun'
  } else if (PHONE_BEFORE.test(beforeSymbol)) {
    return 'skipRun'
  }
  if (matchAt(DATE_AFTER, text, props.numberEnd) !== null || MONTH_BEFORE.test(beforeSymbol)) return 'skipRun'
  if (props.atLineStart && !hasCurrency) {
    if (matchAt(LIST_MARK_AFTER, text, reading.end) !== null) return 'skipNumber'
    if (reading.raw.includes('.') && matchAt(SECTION_AFTER, text, reading.end) !== null) return 'skipNumber'
  }
  return 'figure'
}

export function atLineStart(before: string, lineStartKnown: boolean): boolean {
  return lineStartKnown && LINE_START_ONLY.test(before)
}

/** Limits and approximations written before the figure. */
export function flagsBefore(beforeSymbol: string): Array<'threshold' | 'thresholdWord' | 'approximate'> {
  const flags: Array<'threshold' | 'thresholdWord' | 'approximate'> = []
  if (THRESHOLD_SYMBOL.test(beforeSymbol)) flags.push('threshold')
  else if (THRESHOLD_WORDS.test(beforeSymbol)) flags.push('thresholdWord')
  if (APPROXIMATE_WORDS.test(beforeSymbol)) flags.push('approximate')
  return flags
}

interface PeriodCue {
  readonly period: Period
  readonly pattern: RegExp
}
/**
 * Words before a price that give its period: adjectives and nouns a little way before ("hourly rate
 * of $40", "Timpris: 950 kr", "monthly fee for hosting: $99"), "per X" only right before it
 * ("Pris per timme: 950 kr") — "saves 10 hours per week at $40" is not $40 a week — and the hour
 * named as the thing that costs ("a consultant's hour costs $120", "en arbetsledares timme kostar 540 kr").
 */
const PERIOD_CUES: readonly PeriodCue[] = [
  {
    period: 'hour',
    pattern:
      /(?:hourly|timpris|timarvode|timkostnad|timtaxa)[^.\n]{0,30}$|(?:per hour|an hour|per timme|i timmen|SEK\/h|kr\/h|kr\/tim)[\s:=–-]{0,3}$|(?:^|[^\p{L}])(?:hour|timme|timmen|timmes)(?![\p{L}])[^.\n\d]{0,25}?(?:costs?|kostar|is worth|är värd|är värt)[\s:=–-]{0,3}$/iu,
  },
  {
    period: 'month',
    pattern: /(?:monthly|månadsavgift|månadskostnad|månadspris)[^.\n]{0,30}$|(?:per month|a month|per månad|i månaden)[\s:=–-]{0,3}$/iu,
  },
  {
    period: 'year',
    pattern:
      /(?:annual|annually|yearly|årsavgift|årskostnad|årlig|årligen)[^.\n]{0,30}$|(?:per year|a year|per annum|per år|om året)[\s:=–-]{0,3}$/iu,
  },
  { period: 'week', pattern: /(?:weekly|veckoavgift)[^.\n]{0,30}$|(?:per week|a week|per vecka|i veckan)[\s:=–-]{0,3}$/iu },
  { period: 'day', pattern: /(?:daily|dagsavgift|dagspris)[^.\n]{0,30}$|(?:per day|a day|per dag|om dagen)[\s:=–-]{0,3}$/iu },
]

/** The period the words just before a price give it (`before`: at most 60 characters). */
export function periodFromCues(before: string): Period | undefined {
  for (const cue of PERIOD_CUES) if (cue.pattern.test(before)) return cue.period
  return undefined
}

/** A header stands alone in its cell: only "(USD)", "*", ":" or a dash may follow it on its line ("Monthly Fee (USD) –"). */
const HEADER_END = '(?=[ \\t]*(?:\\([^)\\n]{1,20}\\))?[ \\t*:–—-]*(?:\\t|\\n|$))'
const HEADER_CUES: readonly PeriodCue[] = [
  {
    period: 'month',
    pattern: new RegExp(
      `(?:monthly[ \\t\\n]+(?:fee|fees|revenue|cost|costs|charge|charges|price|prices|payment|payments|rate|rates)|månadsavgift|månadskostnad|månadspris)${HEADER_END}`,
      'iu',
    ),
  },
  {
    period: 'year',
    pattern: new RegExp(
      `(?:(?:annual|yearly)[ \\t\\n]+(?:fee|fees|revenue|cost|costs|charge|charges|price|prices|payment|payments)|årsavgift|årskostnad)${HEADER_END}`,
      'iu',
    ),
  },
]

export interface Header {
  readonly period: Period
  readonly index: number
  readonly text: string
}

/** Table headers on a page that give the prices below them a period ("Monthly Fee (USD)"). */
export function headersOf(text: string): Header[] {
  const headers: Header[] = []
  for (const cue of HEADER_CUES) {
    const match = cue.pattern.exec(text)
    if (match !== null) headers.push({ period: cue.period, index: match.index, text: match[0] })
  }
  return headers.sort((a, b) => a.index - b.index)
}
