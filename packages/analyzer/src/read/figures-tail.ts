// What follows a number: its multiplier, percent sign or percentage points, currency, a range's
// second number, the unit noun ("700 attendees", "3 hours", "12 weeks") and the per-phrases
// ("per user per month", "/vecka", "per användare och månad", "CPM", "per 1,000 impressions").
export { WORD } from './figures-text.ts'
import { CURRENCY_SUFFIX, MULTIPLIERS, readMultiplier, suffixCurrency } from './figures-currency.ts'
import { DATE_AFTER, MONTH_AFTER } from './figures-context.ts'
import type { CurrencyCode, FigureFlag, FigureKind, PerEntity } from './figures-types.ts'
import { nounAfter } from './figures-nouns.ts'
import { matchAt, SPACE_CLASS, sticky, WORD } from './figures-text.ts'
import { readNumber } from './number-format.ts'
import {
  DURATION_WORDS,
  ENTITY_WORDS,
  entityOfWord,
  HOUR_WORDS,
  MINUTE_WORDS,
  PER_ONLY_ENTITY_WORDS,
  PERIOD_ADVERBS,
  PERIOD_WORDS,
  type EntityId,
  type Period,
} from './vocabulary.ts'

const S = SPACE_CLASS
const PLUS = sticky('\\+')
/** "0.5 percentage points", "0,5 procentenheter", "3 %-enheter". */
const POINTS = sticky(`${S}?(?:percentage${S}points?|procentenhet(?:er|erna)?|%-?(?:points?|enheter))(?![\\p{L}])`, 'iu')
/** "+2 pp", "0.5 p.p.": lower case only ("$50M+ PP" is polypropylene). */
const POINTS_SHORT = sticky(`${S}?(?:p\\.p\\.|pp|ppt)(?![\\p{L}])`, 'u')
const PERCENT = sticky(`${S}?(?:%|procent(?![\\p{L}])|percent(?![\\p{L}])|per cent(?![\\p{L}]))`, 'iu')
const RANGE = sticky(`${S}?[-–—]${S}?(?:\\$|€|£|R ?)?(?=\\d)`, 'u')
const PER_STEP = sticky(
  '\\s{0,8}(?:(\\/)\\s{0,8})?(?:(per|a|an|each|every|varje|i|om|pro|och|and)\\s{1,8})?(?:the\\s{1,8})?(\\p{L}+)',
  'iu',
)
/** "per 1,000 impressions", "per 1 000 visningar", "per thousand", "/1000". */
const PER_THOUSAND = sticky(`\\s{0,8}(?:per|/)\\s{0,8}(?:1[,.${S.slice(1, -1)}]?000|thousand|tusen|mille)(?![\\d\\p{L}])`, 'iu')
/**
 * What an amount buys, between it and its per-phrase: "$0.60 of fuel per mile", "$500 in fees per
 * month", "0,60 kr i bränsle per mil". At most two words, read only when a per-phrase follows.
 */
const WHAT_BOUGHT = sticky(
  '[ \\t\\u00a0]{1,4}(?:of|in|on|for|i|för|på)[ \\t\\u00a0]{1,4}(?!(?:each|every|per|varje|a|an|the)(?![\\p{L}]))\\p{L}[\\p{L}-]{1,30}(?:[ \\t\\u00a0]{1,4}\\p{L}[\\p{L}-]{1,30})?(?=[ \\t\\u00a0]*(?:\\/|per(?![\\p{L}])))',
  'iu',
)
const ADVERB = sticky('[ \\t\\u00a0,]{0,4}(hourly|daily|weekly|monthly|yearly|annually|månadsvis|årligen)(?![\\p{L}])', 'iu')
const PER_ANNUM = sticky('[ \\t\\u00a0]{0,4}(?:p\\.a\\.|per annum)', 'i')

/** Connectors after which a period may follow ("5 hours a week", "2 timmar i veckan"), and a thing ("per user"). */
const PERIOD_CONNECTORS: ReadonlySet<string> = new Set(['per', 'a', 'an', 'each', 'every', 'varje', 'i', 'om', 'pro', 'och', 'and'])
const ENTITY_CONNECTORS: ReadonlySet<string> = new Set(['per', 'each', 'every', 'varje', 'pro'])

export interface Tail {
  kind: FigureKind | undefined
  value: number
  low?: number
  high?: number
  currency?: CurrencyCode
  per?: Period
  perEntity?: PerEntity
  entity?: EntityId
  /** The counted noun as written ("lawyers"), also when `entity` is unknown. */
  noun?: string
  duration?: Period
  header?: string
  end: number
  flags: FigureFlag[]
  /** The first word after the number named its unit ("2000 users", not "2019 set to attract … users"). */
  unitAdjacent: boolean
}

/** A "/" or "per" step of a per-chain; false when the words there are not one. */
function readPerStep(text: string, tail: Tail, step: number, swedish: boolean): boolean {
  const thousand = matchAt(PER_THOUSAND, text, tail.end)
  if (thousand !== null && tail.perEntity === undefined) {
    tail.perEntity = 'thousand'
    tail.end = thousand.index + thousand[0].length
    const noun = matchAt(WORD, text, tail.end)
    if (noun !== null && ENTITY_WORDS.get(noun[1]?.toLowerCase() ?? '') === 'impression') tail.end = noun.index + noun[0].length
    return true
  }
  const match = matchAt(PER_STEP, text, tail.end)
  if (match === null) return false
  const slash = match[1]
  const connector = match[2]?.toLowerCase()
  const word = (match[3] ?? '').toLowerCase()
  if (slash === undefined && connector === undefined) return false
  // "och"/"and" only joins a second step: "per användare och månad".
  if ((connector === 'och' || connector === 'and') && step === 0) return false
  const period = PERIOD_WORDS.get(word)
  const entity = connector === 'och' || connector === 'and' ? undefined : (entityOfWord(word, swedish) ?? PER_ONLY_ENTITY_WORDS.get(word))
  const periodConnector = connector === undefined || PERIOD_CONNECTORS.has(connector)
  const entityConnector = connector === undefined || ENTITY_CONNECTORS.has(connector)
  if (period !== undefined && tail.per === undefined && periodConnector && !(period === 'hour' && connector === 'i' && word !== 'timmen')) {
    tail.per = period
  } else if (entity !== undefined && tail.perEntity === undefined && entityConnector) {
    tail.perEntity = entity
  } else if ((word === 'cpm' || word === 'cpms') && tail.perEntity === undefined) {
    tail.perEntity = 'thousand'
  } else {
    return false
  }
  tail.end = match.index + match[0].length
  return true
}

/** Reads per-phrases after the figure: "/ hour", "per user per month", "/vecka", "a week", "per person /\nper hour". */
function readPerChain(text: string, tail: Tail, swedish: boolean): void {
  for (let step = 0; step < 3; step += 1) if (!readPerStep(text, tail, step, swedish)) break
  if (tail.per !== undefined) return
  const adverb = matchAt(ADVERB, text, tail.end)
  const adverbWord = adverb?.[1]
  // "85,000 subscribers, monthly churn 1.9 %": after a comma the adverb may lead the next phrase.
  const leadsNext = adverb !== null && adverb[0].includes(',') && /^\s+\p{L}/u.test(text.slice(adverb.index + adverb[0].length))
  if (adverb !== null && adverbWord !== undefined && !leadsNext) {
    const period = PERIOD_ADVERBS.get(adverbWord.toLowerCase())
    if (period !== undefined) {
      tail.per = period
      tail.end = adverb.index + adverb[0].length
    }
    return
  }
  const annum = matchAt(PER_ANNUM, text, tail.end)
  if (annum !== null) {
    tail.per = 'year'
    tail.end = annum.index + annum[0].length
  }
}

/** "$0.60 of fuel per mile": the per-phrase after what the amount buys; the words stay in the figure's text. */
function readPerAfterWhatBought(text: string, tail: Tail, swedish: boolean): void {
  if (tail.kind !== 'money' || tail.per !== undefined || tail.perEntity !== undefined) return
  const bought = matchAt(WHAT_BOUGHT, text, tail.end)
  if (bought === null) return
  const saved = tail.end
  tail.end = bought.index + bought[0].length
  readPerChain(text, tail, swedish)
  if (tail.per === undefined && tail.perEntity === undefined) tail.end = saved
}

/** The thing counted before a bare "two per month": the last countable noun in the 120 characters before. */
export function entityBefore(text: string, index: number, swedish = false): EntityId | undefined {
  const words =
    text
      .slice(Math.max(0, index - 120), index)
      .toLowerCase()
      .match(/\p{L}+/gu) ?? []
  for (let position = words.length - 1; position >= 0; position -= 1) {
    const entity = entityOfWord(words[position] ?? '', swedish)
    if (entity !== undefined) return entity
  }
  return undefined
}

function applyMultiplier(text: string, tail: Tail): void {
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

function readPercentOrCurrency(text: string, tail: Tail, allowMoney: boolean): void {
  const points = tail.currency === undefined ? (matchAt(POINTS, text, tail.end) ?? matchAt(POINTS_SHORT, text, tail.end)) : null
  if (points !== null) {
    tail.kind = 'percent'
    tail.flags.push('points')
    tail.end += points[0].length
    return
  }
  const percent = matchAt(PERCENT, text, tail.end)
  if (percent !== null) {
    tail.kind = 'percent'
    tail.end += percent[0].length
    return
  }
  if (tail.currency !== undefined || !allowMoney) return
  const suffix = matchAt(CURRENCY_SUFFIX, text, tail.end)
  const found = suffix?.[1] === undefined ? undefined : suffixCurrency(suffix[1])
  if (suffix === null || found === undefined) return
  tail.currency = found.currency
  tail.end += suffix[0].length
  if (found.factor !== 1) {
    tail.value *= found.factor
    if (tail.low !== undefined) tail.low *= found.factor
    if (tail.high !== undefined) tail.high *= found.factor
    tail.flags.push('ore')
  }
}

/** "20-35 pages", "8-10 weeks", "$10,000 - $20,000", "4-6månader", "10%–20%": the midpoint, with low and high. */
function readRange(text: string, tail: Tail, value: number, allowMoney: boolean): void {
  const range = matchAt(RANGE, text, tail.end)
  if (range === null) return
  const second = readNumber(text, tail.end + range[0].length)
  if (second === undefined || second.leadingZero || second.dotted || second.value <= value) return
  if (matchAt(DATE_AFTER, text, second.end) !== null) return
  const wasPercent = tail.kind === 'percent'
  if (wasPercent && matchAt(PERCENT, text, second.end) === null) return
  const low = tail.value
  const scale = value === 0 ? 1 : tail.value / value
  // "$64K–$96K": each end carries its multiplier, so the second's applies to it alone; in "2–3
  // million" the one multiplier after the range applies to both ends.
  const own = scale === 1 ? undefined : readMultiplier(text, second.end)
  tail.low = low
  tail.high = own === undefined ? second.value * scale : second.value * own.factor
  tail.value = (low + tail.high) / 2
  tail.end = own === undefined ? second.end : own.end
  tail.flags.push('range')
  applyMultiplier(text, tail)
  if (wasPercent) tail.kind = undefined
  readPercentOrCurrency(text, tail, allowMoney)
}

/** The unit noun after the number (see figures-nouns.ts) and, for "3 times a week", its period. */
function readUnitNoun(text: string, tail: Tail, swedish: boolean): void {
  const noun = nounAfter(text, tail.end, swedish)
  if (noun === undefined) return
  if (noun.kind === 'times') {
    // "3 times a week", "två gånger i månaden": a count only with its period.
    const saved = tail.end
    tail.end = noun.end
    readPerChain(text, tail, swedish)
    if (tail.per === undefined) tail.end = saved
    else tail.kind = 'count'
    return
  }
  tail.kind = noun.kind
  tail.end = noun.end
  tail.unitAdjacent = noun.adjacent
  if (noun.kind === 'duration') tail.duration = noun.duration
  if (noun.kind !== 'count') return
  tail.noun = noun.noun
  if (noun.entity !== undefined) tail.entity = noun.entity
}

/** Reads what follows a number; undefined when the number is part of a date ("12 March"). */
export function readTail(
  text: string,
  value: number,
  end: number,
  currency: CurrencyCode | undefined,
  allowMoney: boolean,
  swedish = false,
): Tail | undefined {
  const tail: Tail = { kind: undefined, value, end, flags: [], unitAdjacent: false }
  if (currency !== undefined) tail.currency = currency
  applyMultiplier(text, tail)
  readPercentOrCurrency(text, tail, allowMoney)
  readRange(text, tail, value, allowMoney)
  if (matchAt(MONTH_AFTER, text, tail.end) !== null) return undefined

  if (tail.currency !== undefined && tail.kind !== 'percent') tail.kind = 'money'
  if (tail.kind === undefined) {
    readUnitNoun(text, tail, swedish)
  } else if (tail.kind === 'money') {
    const word = matchAt(WORD, text, tail.end)
    const found = word?.[1]?.toLowerCase()
    if (word !== null && (found === 'cpm' || found === 'cpms')) {
      tail.perEntity = 'thousand'
      tail.end = word.index + word[0].length
    }
  }
  readPerChain(text, tail, swedish)
  readPerAfterWhatBought(text, tail, swedish)

  if (tail.kind === undefined && tail.per !== undefined) {
    // "about two per month": a count of whatever was counted just before.
    tail.kind = 'count'
    const entity = entityBefore(text, end, swedish)
    if (entity !== undefined) tail.entity = entity
  }
  return tail
}

/** Letters glued to a number that still make it a figure ("100k", "3YRS", "$50CPM", "4-6månader", "10kr"). */
export function gluedSuffixAllowed(word: string): boolean {
  const lower = word.toLowerCase()
  return (
    MULTIPLIERS[lower] !== undefined ||
    suffixCurrency(lower) !== undefined ||
    HOUR_WORDS.has(lower) ||
    MINUTE_WORDS.has(lower) ||
    DURATION_WORDS.has(lower) ||
    ENTITY_WORDS.has(lower) ||
    lower === 'cpm' ||
    lower === 'cpms' ||
    lower === 'pp' ||
    lower === 'ppt'
  )
}
