// Finds the quantitative figures of one page: money (with its currency), rates per unit and per
// period, working hours, counts of people and things, percentages and durations. Everything else
// with digits — dates, years, times, phone and organisation numbers, section, page and list
// numbers, postal codes, product codes — is left out. One linear pass over the digits of the page;
// every pattern is anchored (sticky) at a known index and reads a bounded number of characters.
import { readNumber } from './number-format.ts'
import {
  DURATION_WORDS,
  ENTITY_WORDS,
  HOUR_WORDS,
  MINUTE_WORDS,
  MONTH_PATTERN,
  NUMBER_WORDS,
  PERIOD_ADVERBS,
  PERIOD_WORDS,
  type EntityId,
  type Period,
} from './vocabulary.ts'

export const FIGURE_KINDS = ['money', 'hours', 'minutes', 'count', 'percent', 'duration'] as const
export type FigureKind = (typeof FIGURE_KINDS)[number]

/** Currencies the scanner recognises; only USD, EUR and SEK have fixed rates (SPEC §9). */
export type CurrencyCode = 'USD' | 'EUR' | 'SEK' | 'AUD' | 'ZAR' | 'GBP' | 'INR'

export type FigureFlag =
  /** "1,800+", "över 600". */
  | 'approximate'
  /** "<320 timmar", "> 98%": a limit, not a quantity. */
  | 'threshold'
  /** "at least", "maximalt", "up to": a limit in words. */
  | 'thresholdWord'
  /** The period comes from a table header ("Monthly Fee"), not from the figure's own words. */
  | 'headerPeriod'
  /** "20-35 pages": the value is the midpoint. */
  | 'range'
  /** "two per month": written as a word. */
  | 'wordNumber'
  /** "2.500" read as 2,500 (euro or Swedish writing). */
  | 'europeanThousands'

/** Per 1,000 impressions (CPM). */
export type PerEntity = EntityId | 'thousand'

export interface Figure {
  readonly kind: FigureKind
  /** For money: in `currency`; for ranges: the midpoint. */
  readonly value: number
  readonly low?: number
  readonly high?: number
  readonly currency?: CurrencyCode
  /** "per hour", "/vecka", "monthly". */
  readonly per?: Period
  /** "per user", "per person", "CPM". */
  readonly perEntity?: PerEntity
  /** What a count counts ("700 attendees"). */
  readonly entity?: EntityId
  /** The unit of a duration ("12 weeks"). */
  readonly duration?: Period
  /** The table header that gave the figure its period ("Monthly Revenue"). */
  readonly header?: string
  readonly page: number
  /** Offsets of the figure's words in the page text (currency symbol and per-phrase included). */
  readonly start: number
  readonly end: number
  readonly text: string
  readonly flags: readonly FigureFlag[]
}

export interface ScanOptions {
  /** What a bare "$" means: USD, or AUD in a document that states its prices in AUD. */
  readonly dollar: 'USD' | 'AUD'
  /** Whether "R 100" is rand (a South African document); otherwise R is a letter. */
  readonly rand: boolean
  /** Swedish writing: "2.500" is 2,500. */
  readonly swedish: boolean
}

function sticky(source: string, flags = ''): RegExp {
  return new RegExp(source, `${flags}y`)
}

function matchAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index
  return pattern.exec(text)
}

const MULTIPLIER_GLUED = sticky('(k|K|M|B|bn|mn|tkr|Mkr|MSEK|mnkr|mdkr)(?![\\p{L}\\p{N}])', 'u')
const MULTIPLIER_WORD = sticky(
  '[ \\u00a0](million|millions|miljon|miljoner|mn|billion|billions|miljard|miljarder|thousand|tusen|mkr|msek|mnkr|tkr|mdkr)(?![\\p{L}\\p{N}])',
  'iu',
)
const MULTIPLIERS: Readonly<Record<string, { factor: number; sek: boolean }>> = {
  k: { factor: 1e3, sek: false },
  thousand: { factor: 1e3, sek: false },
  tusen: { factor: 1e3, sek: false },
  tkr: { factor: 1e3, sek: true },
  m: { factor: 1e6, sek: false },
  mn: { factor: 1e6, sek: false },
  million: { factor: 1e6, sek: false },
  millions: { factor: 1e6, sek: false },
  miljon: { factor: 1e6, sek: false },
  miljoner: { factor: 1e6, sek: false },
  mkr: { factor: 1e6, sek: true },
  msek: { factor: 1e6, sek: true },
  mnkr: { factor: 1e6, sek: true },
  b: { factor: 1e9, sek: false },
  bn: { factor: 1e9, sek: false },
  billion: { factor: 1e9, sek: false },
  billions: { factor: 1e9, sek: false },
  miljard: { factor: 1e9, sek: false },
  miljarder: { factor: 1e9, sek: false },
  mdkr: { factor: 1e9, sek: true },
}
const PLUS = sticky('\\+')
const PERCENT = sticky('[ \\u00a0]?(?:%|procent(?![\\p{L}])|percent(?![\\p{L}])|per cent(?![\\p{L}]))', 'iu')
const CURRENCY_SUFFIX = sticky('[ \\u00a0]?(kronor|kr\\.?|sek|:-|eur|euros?|€|usd|dollars?|aud|zar|rands?|gbp|inr)(?![\\p{L}])', 'iu')
const RANGE = sticky('[ \\u00a0]?[-–—][ \\u00a0]?(?:\\$|€|R ?)?(?=\\d)', 'u')
const WORD = sticky('[ \\t\\u00a0]{0,8}([\\p{L}][\\p{L}\\-]{0,40})', 'u')
const PER_STEP = sticky('\\s{0,8}(?:(\\/)\\s{0,8})?(?:(per|a|an|each|every|varje|i|om|pro)\\s{1,8})?(?:the\\s{1,8})?(\\p{L}+)', 'iu')
const ADVERB = sticky('[ \\t\\u00a0,]{0,4}(hourly|daily|weekly|monthly|yearly|annually|månadsvis|årligen)(?![\\p{L}])', 'iu')
const PER_ANNUM = sticky('[ \\t\\u00a0]{0,4}(?:p\\.a\\.|per annum)', 'i')
const DATE_AFTER = sticky(
  '(?:[-/.]\\d{1,2}[-/.]\\d{1,4}|\\/\\d|:\\d\\d|h\\d\\d|[ \\u00a0]?(?:a\\.m\\.|p\\.m\\.|am|pm)(?![\\p{L}])|,?[ \\u00a0]?(?:19|20)\\d\\d(?!\\d)|(?:st|nd|rd|th)(?![\\p{L}])|:[ae](?![\\p{L}]))',
  'iu',
)
const MONTH_AFTER = sticky(`[ \\u00a0,.]{0,3}(?:${MONTH_PATTERN})(?![\\p{L}])`, 'iu')
const MONTH_BEFORE = new RegExp(`(?:^|[^\\p{L}])(?:${MONTH_PATTERN})\\.?,?[ \\u00a0]*$`, 'iu')
const LIST_MARK_AFTER = sticky('[.)][ \\t]')
const SECTION_AFTER = sticky('[ \\t]+\\p{Lu}', 'u')
const PAREN_DIGITS = sticky('[ \\u00a0]?\\(\\d+\\)')
const SPACED_PERCENT = sticky('(?: \\d){1,2}(?= ?%)')
const SKIP_PREFIX =
  /(?:^|[^\p{L}])(?:no|nr|num|number|nummer|issn|isbn|vol|section|sektion|punkt|rubrik|page|sida|exhibit|schedule|bilaga|article|artikel|clause|avsnitt|kapitel|chapter|box|id|amendment|region|level|nivå|stage|phase|fas|vecka|week|krav|kriterie|step|steg|version|tier|ref|dnr|diarienummer|projektnummer|kl|grade|rule|form|figure|fig|table|tabell|figur|part|item|line|rad|room|suite|floor|route|lot|plot|ext|pg|pp|p)\.?[ \t\u00a0]*[:.#]?[ \t\u00a0]*$/iu
/** Regulation and schedule references, upper case only ("FAR 8.405", "SIN 132-51"); "so far 30" is a figure. */
const CODE_PREFIX = /(?:^|[^\p{L}])(?:FAR|DFARS|CFR|USC|IRC|SIN|SINs|GSA|NAICS|PSC|ISO|EN|SS)[ \t\u00a0]*$/u
const PHONE_BEFORE =
  /(?:^|[^\p{L}])(?:tel|phone|telephone|telefon|telefonnummer|mobil|mobile|fax|whatsapp|växel|cell|helpline|hotline)[^\n]{0,16}$/iu
const THRESHOLD_SYMBOL = /[<>≤≥][ \u00a0]?$/u
const THRESHOLD_WORDS =
  /(?:^|[^\p{L}])(?:at least|minst|up to|upp till|capped at|limited to|högst|maximalt|maximum|max|minimum|no more than|not exceed|exceeding|över|above|below|under|less than|more than|mindre än|mer än)[ \t\u00a0]*$/iu
const APPROXIMATE_WORDS =
  /(?:^|[^\p{L}])(?:about|around|approximately|approx\.?|roughly|some|cirka|ca\.?|omkring|ungefär|drygt|knappt|över|over)[ \t\u00a0]*$/iu
const LINE_START_ONLY = /^[ \t\u00a0•●○■▪▸◦\-*–]*$/u
const CPM_NEAR = /(?:^|[^\p{L}])CPMs?(?![\p{L}])/u
const CPM_BEFORE = /(?:^|[^\p{L}])CPM[ \t:]*$/u

interface PeriodCue {
  readonly period: Period
  readonly pattern: RegExp
}
/**
 * Words before a price that give its period: adjectives and nouns a little way before ("hourly rate
 * of $40", "Timpris: 950 kr", "monthly fee for hosting: $99"), "per X" only right before it
 * ("Pris per timme: 950 kr") — "saves 10 hours per week at $40" is not $40 a week.
 */
const PERIOD_CUES: readonly PeriodCue[] = [
  {
    period: 'hour',
    pattern:
      /(?:hourly|timpris|timarvode|timkostnad|timtaxa)[^.\n]{0,30}$|(?:per hour|an hour|per timme|i timmen|SEK\/h|kr\/h|kr\/tim)[\s:=–-]{0,3}$/iu,
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
const HEADER_CUES: readonly PeriodCue[] = [
  {
    period: 'month',
    pattern:
      /monthly[ \t\n]+(?:fee|fees|revenue|cost|costs|charge|charges|price|prices|payment|payments|rate|rates)(?![\p{L}])|månadsavgift|månadskostnad|månadspris/iu,
  },
  {
    period: 'year',
    pattern:
      /(?:annual|yearly)[ \t\n]+(?:fee|fees|revenue|cost|costs|charge|charges|price|prices|payment|payments)(?![\p{L}])|årsavgift|årskostnad/iu,
  },
]

/** Words that may stand between a number and the thing it counts ("30 page pdf files" → pages, "three complimentary … tickets"). */
const STOP_WORDS = new Set([
  'of',
  'the',
  'and',
  'or',
  'to',
  'in',
  'for',
  'on',
  'at',
  'by',
  'with',
  'from',
  'per',
  'a',
  'an',
  'is',
  'are',
  'was',
  'were',
  'be',
  'och',
  'att',
  'i',
  'av',
  'för',
  'som',
  'till',
  'med',
  'på',
  'om',
  'är',
  'var',
  'eller',
  'den',
  'det',
  'de',
  'en',
  'ett',
  'från',
])

interface Currency {
  readonly currency: CurrencyCode
  /** How many characters before the number belong to the symbol ("US$ " → 4). */
  readonly length: number
}

const CURRENCY_PREFIXES: ReadonlyArray<{ readonly pattern: RegExp; readonly currency: CurrencyCode | 'dollar' | 'rand' }> = [
  { pattern: /(?:US\$|U\.S\.[ \u00a0]?\$)[ \u00a0]?$/u, currency: 'USD' },
  { pattern: /(?:A\$|AU\$)[ \u00a0]?$/u, currency: 'AUD' },
  { pattern: /\$[ \u00a0]?$/u, currency: 'dollar' },
  { pattern: /€[ \u00a0]?$/u, currency: 'EUR' },
  { pattern: /£[ \u00a0]?$/u, currency: 'GBP' },
  { pattern: /₹[ \u00a0]?$/u, currency: 'INR' },
  { pattern: /(?:^|[^\p{L}])USD[ \u00a0]?:?[ \u00a0]?$/iu, currency: 'USD' },
  { pattern: /(?:^|[^\p{L}])EUR[ \u00a0]?:?[ \u00a0]?$/iu, currency: 'EUR' },
  { pattern: /(?:^|[^\p{L}])SEK[ \u00a0]?:?[ \u00a0]?$/iu, currency: 'SEK' },
  { pattern: /(?:^|[^\p{L}])AUD[ \u00a0]?:?[ \u00a0]?$/iu, currency: 'AUD' },
  { pattern: /(?:^|[^\p{L}])ZAR[ \u00a0]?:?[ \u00a0]?$/iu, currency: 'ZAR' },
  { pattern: /(?:^|[^\p{L}])GBP[ \u00a0]?:?[ \u00a0]?$/iu, currency: 'GBP' },
  { pattern: /(?:^|[^\p{L}])kr\.?[ \u00a0]?$/iu, currency: 'SEK' },
  { pattern: /(?:^|[^\p{L}])R[ \u00a0]?$/u, currency: 'rand' },
]

function currencyBefore(before: string, options: ScanOptions): Currency | undefined {
  for (const { pattern, currency } of CURRENCY_PREFIXES) {
    const match = pattern.exec(before)
    if (match === null) continue
    // The match may include the non-letter in front of the symbol; count only the symbol itself.
    const text = match[0].replace(/^[^\p{L}$€£₹]+/u, '')
    if (currency === 'rand') return options.rand ? { currency: 'ZAR', length: text.length } : undefined
    if (currency === 'dollar') return { currency: options.dollar, length: text.length }
    return { currency, length: text.length }
  }
  return undefined
}

function suffixCurrency(word: string): CurrencyCode | undefined {
  const lower = word.toLowerCase()
  if (lower === 'kr' || lower === 'kr.' || lower === 'kronor' || lower === 'sek' || lower === ':-') return 'SEK'
  if (lower === 'eur' || lower === 'euro' || lower === 'euros' || lower === '€') return 'EUR'
  if (lower === 'usd' || lower === 'dollar' || lower === 'dollars') return 'USD'
  if (lower === 'aud') return 'AUD'
  if (lower === 'zar' || lower === 'rand' || lower === 'rands') return 'ZAR'
  if (lower === 'gbp') return 'GBP'
  if (lower === 'inr') return 'INR'
  return undefined
}

function isLetter(character: string | undefined): boolean {
  return character !== undefined && /\p{L}/u.test(character)
}

function isDigit(character: string | undefined): boolean {
  return character !== undefined && character >= '0' && character <= '9'
}

/** The end of a run of digits and phone punctuation from `index` on the same line. */
function endOfDigitRun(text: string, index: number): number {
  let end = index
  while (end < text.length) {
    const character = text[end]
    if (
      isDigit(character) ||
      character === ' ' ||
      character === '-' ||
      character === '–' ||
      character === '(' ||
      character === ')' ||
      character === '.' ||
      character === '/'
    ) {
      end += 1
    } else {
      break
    }
  }
  return end
}

interface Multiplied {
  readonly factor: number
  readonly sek: boolean
  readonly end: number
}

function readMultiplier(text: string, index: number): Multiplied | undefined {
  const glued = matchAt(MULTIPLIER_GLUED, text, index)
  const gluedWord = glued?.[1]
  if (glued !== null && gluedWord !== undefined) {
    const multiplier = MULTIPLIERS[gluedWord.toLowerCase()]
    if (multiplier !== undefined) return { ...multiplier, end: index + glued[0].length }
  }
  const spaced = matchAt(MULTIPLIER_WORD, text, index)
  const spacedWord = spaced?.[1]
  if (spaced !== null && spacedWord !== undefined) {
    const multiplier = MULTIPLIERS[spacedWord.toLowerCase()]
    if (multiplier !== undefined) return { ...multiplier, end: index + spaced[0].length }
  }
  return undefined
}

/** Letters glued to a number that still make it a figure ("100k", "3YRS", "$50CPM", "4-6månader", "10kr"). */
function gluedSuffixAllowed(word: string): boolean {
  const lower = word.toLowerCase()
  return (
    MULTIPLIERS[lower] !== undefined ||
    suffixCurrency(lower) !== undefined ||
    HOUR_WORDS.has(lower) ||
    MINUTE_WORDS.has(lower) ||
    DURATION_WORDS.has(lower) ||
    ENTITY_WORDS.has(lower) ||
    lower === 'cpm' ||
    lower === 'cpms'
  )
}

interface Tail {
  kind: FigureKind | undefined
  value: number
  low?: number
  high?: number
  currency?: CurrencyCode
  per?: Period
  perEntity?: PerEntity
  entity?: EntityId
  duration?: Period
  header?: string
  end: number
  flags: FigureFlag[]
  /** The first word after the number named its unit ("2000 users", not "2019 set to attract … users"). */
  unitAdjacent: boolean
}

/** Reads per-phrases after `index`: "/ hour", "per user per month", "/vecka", "a week", "per person /\nper hour". */
function readPerChain(text: string, tail: Tail): void {
  for (let step = 0; step < 3; step += 1) {
    const match = matchAt(PER_STEP, text, tail.end)
    if (match === null) break
    const slash = match[1]
    const connector = match[2]?.toLowerCase()
    const word = (match[3] ?? '').toLowerCase()
    if (slash === undefined && connector === undefined) break
    // Periods may follow "a", "i", "om" ("5 hours a week", "2 timmar i veckan"); things only "per", "/", "each".
    const periodConnector = connector === undefined || ['per', 'a', 'an', 'each', 'every', 'varje', 'i', 'om', 'pro'].includes(connector)
    const entityConnector = connector === undefined || ['per', 'each', 'every', 'varje', 'pro'].includes(connector)
    const period = PERIOD_WORDS.get(word)
    const entity = ENTITY_WORDS.get(word)
    if (
      period !== undefined &&
      tail.per === undefined &&
      periodConnector &&
      !(period === 'hour' && connector === 'i' && word !== 'timmen')
    ) {
      tail.per = period
    } else if (entity !== undefined && tail.perEntity === undefined && entityConnector) {
      tail.perEntity = entity
    } else if ((word === 'cpm' || word === 'cpms') && tail.perEntity === undefined) {
      tail.perEntity = 'thousand'
    } else {
      break
    }
    tail.end = match.index + match[0].length
  }
  if (tail.per === undefined) {
    const adverb = matchAt(ADVERB, text, tail.end)
    const adverbWord = adverb?.[1]
    if (adverb !== null && adverbWord !== undefined) {
      const period = PERIOD_ADVERBS.get(adverbWord.toLowerCase())
      if (period !== undefined) {
        tail.per = period
        tail.end = adverb.index + adverb[0].length
      }
    } else {
      const annum = matchAt(PER_ANNUM, text, tail.end)
      if (annum !== null) {
        tail.per = 'year'
        tail.end = annum.index + annum[0].length
      }
    }
  }
}

/** The thing counted before a bare "two per month": the last countable noun in the 120 characters before. */
function entityBefore(text: string, index: number): EntityId | undefined {
  const words =
    text
      .slice(Math.max(0, index - 120), index)
      .toLowerCase()
      .match(/\p{L}+/gu) ?? []
  for (let position = words.length - 1; position >= 0; position -= 1) {
    const entity = ENTITY_WORDS.get(words[position] ?? '')
    if (entity !== undefined) return entity
  }
  return undefined
}

/** Reads what follows a number: multiplier, percent, currency, range, unit noun, per-phrases. */
function readTail(text: string, value: number, end: number, currency: CurrencyCode | undefined, allowMoney: boolean): Tail | undefined {
  const tail: Tail = { kind: undefined, value, end, flags: [], unitAdjacent: false }
  if (currency !== undefined) tail.currency = currency

  const applyMultiplier = (): void => {
    const multiplier = readMultiplier(text, tail.end)
    if (multiplier !== undefined) {
      tail.value *= multiplier.factor
      if (tail.low !== undefined) tail.low *= multiplier.factor
      if (tail.high !== undefined) tail.high *= multiplier.factor
      if (multiplier.sek && tail.currency === undefined) tail.currency = 'SEK'
      tail.end = multiplier.end
    }
    if (matchAt(PLUS, text, tail.end) !== null) {
      tail.flags.push('approximate')
      tail.end += 1
    }
  }
  applyMultiplier()

  const readPercentOrCurrency = (): void => {
    const percent = matchAt(PERCENT, text, tail.end)
    if (percent !== null) {
      tail.kind = 'percent'
      tail.end += percent[0].length
      return
    }
    if (tail.currency === undefined && allowMoney) {
      const suffix = matchAt(CURRENCY_SUFFIX, text, tail.end)
      const suffixWord = suffix?.[1]
      if (suffix !== null && suffixWord !== undefined) {
        const found = suffixCurrency(suffixWord)
        if (found !== undefined) {
          tail.currency = found
          tail.end += suffix[0].length
        }
      }
    }
  }
  readPercentOrCurrency()

  // "20-35 pages", "8-10 weeks", "$10,000 - $20,000", "4-6månader".
  if (tail.kind !== 'percent') {
    const range = matchAt(RANGE, text, tail.end)
    if (range !== null) {
      const secondStart = tail.end + range[0].length
      const second = readNumber(text, secondStart)
      if (
        second !== undefined &&
        !second.leadingZero &&
        !second.dotted &&
        second.value > value &&
        matchAt(DATE_AFTER, text, second.end) === null
      ) {
        const low = tail.value
        const scale = value === 0 ? 1 : tail.value / value
        const high = second.value * scale
        tail.low = low
        tail.high = high
        tail.value = (low + high) / 2
        tail.end = second.end
        tail.flags.push('range')
        applyMultiplier()
        readPercentOrCurrency()
      }
    }
  }
  if (matchAt(MONTH_AFTER, text, tail.end) !== null) return undefined

  if (tail.currency !== undefined && tail.kind !== 'percent') tail.kind = 'money'

  // The unit noun: the first word, or (for counts) a noun up to two words further on.
  if (tail.kind === undefined) {
    let cursor = tail.end
    for (let position = 0; position < 3; position += 1) {
      const word = matchAt(WORD, text, cursor)
      const found = word?.[1]
      if (word === null || found === undefined) break
      const lower = found.toLowerCase()
      const entity = ENTITY_WORDS.get(lower)
      // A lone capital letter is letter-spaced text ("P R O D U C T 0 4 H O S T"), not "h".
      if (found.length === 1 && found !== lower) break
      if (position === 0 && HOUR_WORDS.has(lower)) {
        tail.kind = 'hours'
      } else if (position === 0 && MINUTE_WORDS.has(lower)) {
        tail.kind = 'minutes'
      } else if (position === 0 && DURATION_WORDS.has(lower)) {
        tail.kind = 'duration'
        tail.duration = DURATION_WORDS.get(lower)
      } else if (entity !== undefined) {
        tail.kind = 'count'
        tail.entity = entity
      } else if (!STOP_WORDS.has(lower) && !found.includes('-') && found.length > 2 && found === lower && !PERIOD_WORDS.has(lower)) {
        cursor = word.index + word[0].length
        continue
      } else if (found.includes('-') && position < 2) {
        cursor = word.index + word[0].length
        continue
      } else {
        break
      }
      tail.unitAdjacent = position === 0
      tail.end = word.index + word[0].length
      break
    }
  } else if (tail.kind === 'money') {
    const word = matchAt(WORD, text, tail.end)
    const found = word?.[1]?.toLowerCase()
    if (word !== null && (found === 'cpm' || found === 'cpms')) {
      tail.perEntity = 'thousand'
      tail.end = word.index + word[0].length
    }
  }

  readPerChain(text, tail)

  if (tail.kind === undefined && tail.per !== undefined) {
    // "about two per month": a count of whatever was counted just before.
    tail.kind = 'count'
    const entity = entityBefore(text, end)
    if (entity !== undefined) tail.entity = entity
  }
  return tail
}

function periodFromCues(before: string): Period | undefined {
  for (const cue of PERIOD_CUES) if (cue.pattern.test(before)) return cue.period
  return undefined
}

interface Header {
  readonly period: Period
  readonly index: number
  readonly text: string
}

function headersOf(text: string): Header[] {
  const headers: Header[] = []
  for (const cue of HEADER_CUES) {
    const match = cue.pattern.exec(text)
    if (match !== null) headers.push({ period: cue.period, index: match.index, text: match[0] })
  }
  return headers.sort((a, b) => a.index - b.index)
}

function buildFigure(page: number, text: string, start: number, tail: Tail, kind: FigureKind): Figure {
  const figure: {
    -readonly [K in keyof Figure]: Figure[K]
  } = { kind, value: tail.value, page, start, end: tail.end, text: text.slice(start, tail.end), flags: tail.flags }
  if (tail.low !== undefined) figure.low = tail.low
  if (tail.high !== undefined) figure.high = tail.high
  if (tail.currency !== undefined && kind === 'money') figure.currency = tail.currency
  if (tail.per !== undefined) figure.per = tail.per
  if (tail.perEntity !== undefined) figure.perEntity = tail.perEntity
  if (tail.entity !== undefined) figure.entity = tail.entity
  if (tail.duration !== undefined) figure.duration = tail.duration
  if (tail.header !== undefined) figure.header = tail.header
  return figure
}

const DIGIT_RUN = /\d+/g
const WORD_NUMBER = new RegExp(`(?<![\\p{L}\\p{N}])(${[...NUMBER_WORDS.keys()].join('|')})(?![\\p{L}\\p{N}])`, 'giu')

/** Every figure on one page, in reading order. */
export function scanPage(page: number, text: string, options: ScanOptions): Figure[] {
  const figures: Figure[] = []
  const headers = headersOf(text)
  let consumedUntil = 0
  DIGIT_RUN.lastIndex = 0
  for (let run = DIGIT_RUN.exec(text); run !== null; run = DIGIT_RUN.exec(text)) {
    const start = run.index
    if (start < consumedUntil) continue
    const reading = readNumber(text, start)
    if (reading === undefined) continue
    consumedUntil = reading.end
    const skipRun = (): void => {
      consumedUntil = Math.max(consumedUntil, endOfDigitRun(text, start))
      DIGIT_RUN.lastIndex = consumedUntil
    }

    // Only the 48 characters before the number matter; never scan back further (a one-line text can be long).
    const windowStart = Math.max(0, start - 48)
    const newline = text.slice(windowStart, start).lastIndexOf('\n')
    const lineStart = newline === -1 ? (windowStart === 0 ? 0 : -1) : windowStart + newline + 1
    const before = text.slice(lineStart === -1 ? windowStart : lineStart, start)
    if (reading.leadingZero || reading.dotted) {
      skipRun()
      continue
    }
    const currency = currencyBefore(before, options)
    const beforeSymbol = currency === undefined ? before : before.slice(0, before.length - currency.length)
    const previous = text[start - 1]
    if (currency === undefined) {
      if (
        isLetter(previous) ||
        previous === '/' ||
        previous === '\\' ||
        previous === '#' ||
        previous === '§' ||
        previous === '_' ||
        previous === '@'
      ) {
        skipRun()
        continue
      }
      if ((previous === '-' || previous === '.' || previous === ':') && (isLetter(text[start - 2]) || isDigit(text[start - 2]))) {
        skipRun()
        continue
      }
      if (previous === '+' || SKIP_PREFIX.test(before) || CODE_PREFIX.test(before) || PHONE_BEFORE.test(before)) {
        skipRun()
        continue
      }
    } else if (PHONE_BEFORE.test(beforeSymbol)) {
      skipRun()
      continue
    }
    if (matchAt(DATE_AFTER, text, reading.end) !== null || MONTH_BEFORE.test(beforeSymbol)) {
      skipRun()
      continue
    }
    const atLineStart = lineStart !== -1 && LINE_START_ONLY.test(before)
    if (atLineStart && currency === undefined) {
      if (matchAt(LIST_MARK_AFTER, text, reading.end) !== null) continue
      if (reading.raw.includes('.') && matchAt(SECTION_AFTER, text, reading.end) !== null) continue
    }
    // Letters glued to the number: "300x250", "G1", "3x" are not figures; "100k", "10kr", "$50CPM" are.
    if (isLetter(text[reading.end])) {
      const glued = matchAt(WORD, text, reading.end)?.[1] ?? ''
      if (!gluedSuffixAllowed(glued)) {
        consumedUntil = reading.end + glued.length
        continue
      }
    }

    // "9 0 %": a table cell whose digits the PDF spaced out.
    let value = reading.value
    let spacedPercentEnd: number | undefined
    if (reading.raw.length === 1) {
      const spaced = matchAt(SPACED_PERCENT, text, reading.end)
      if (spaced !== null) {
        value = Number(reading.raw + spaced[0].replace(/[^0-9]/g, ''))
        spacedPercentEnd = reading.end + spaced[0].length
      }
    }
    const tail = readTail(text, value, spacedPercentEnd ?? reading.end, currency?.currency, true)
    if (tail === undefined) {
      consumedUntil = Math.max(consumedUntil, reading.end)
      continue
    }
    if (
      reading.thousandsValue !== undefined &&
      !tail.flags.includes('range') &&
      (tail.currency === 'EUR' || tail.currency === 'SEK' || options.swedish)
    ) {
      tail.value = reading.thousandsValue * (tail.value / reading.value)
      tail.flags.push('europeanThousands')
    }
    const kind = tail.kind
    if (kind === undefined) continue
    // A bare four-digit 1900–2100 is a year unless money, a percentage or directly followed by its unit.
    const yearLike = /^\d{4}$/.test(reading.raw) && reading.value >= 1900 && reading.value <= 2100
    if (yearLike && kind !== 'money' && kind !== 'percent' && !tail.unitAdjacent) continue

    if (THRESHOLD_SYMBOL.test(beforeSymbol)) tail.flags.push('threshold')
    else if (THRESHOLD_WORDS.test(beforeSymbol)) tail.flags.push('thresholdWord')
    if (APPROXIMATE_WORDS.test(beforeSymbol) && !tail.flags.includes('approximate')) tail.flags.push('approximate')

    if (kind === 'money' && tail.perEntity === undefined) {
      const ahead = text.slice(tail.end, Math.min(text.length, tail.end + 40))
      if (CPM_NEAR.test(ahead) || CPM_BEFORE.test(beforeSymbol)) tail.perEntity = 'thousand'
    }
    // Only prices take a period from the words before them ("hourly rate of $40"); a count's period is its own.
    if (kind === 'money' && tail.per === undefined && tail.perEntity !== 'thousand') {
      const cueText = text.slice(Math.max(0, start - (currency?.length ?? 0) - 60), start - (currency?.length ?? 0))
      const cue = periodFromCues(cueText)
      if (cue !== undefined) tail.per = cue
    }
    if (kind === 'money' && tail.per === undefined && tail.perEntity === undefined) {
      const header = headers.filter((candidate) => candidate.index < start).at(-1)
      if (header !== undefined) {
        tail.per = header.period
        tail.header = header.text
        tail.flags.push('headerPeriod')
      }
    }
    const figureStart = start - (currency?.length ?? 0)
    figures.push(buildFigure(page, text, figureStart, tail, kind))
    consumedUntil = Math.max(consumedUntil, tail.end)
    DIGIT_RUN.lastIndex = Math.max(DIGIT_RUN.lastIndex, consumedUntil)
  }

  // Counts written as words: "about two per month", "Three complimentary Professional-level tickets".
  WORD_NUMBER.lastIndex = 0
  for (let match = WORD_NUMBER.exec(text); match !== null; match = WORD_NUMBER.exec(text)) {
    const word = match[1] ?? ''
    const value = NUMBER_WORDS.get(word.toLowerCase())
    const end = match.index + match[0].length
    if (value === undefined || matchAt(PAREN_DIGITS, text, end) !== null) continue
    const tail = readTail(text, value, end, undefined, false)
    if (tail === undefined || (tail.kind !== 'count' && tail.kind !== 'hours')) continue
    tail.flags.push('wordNumber')
    figures.push(buildFigure(page, text, match.index, tail, tail.kind))
  }
  return figures.sort((a, b) => a.start - b.start)
}
