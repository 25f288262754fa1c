// Quantities written as words: counts ("about two per month", "Three complimentary … tickets",
// "twice a week") and shares or changes ("halves", "cuts the time in half", "a third of all calls",
// "doubles bookings", "twice as many", "hälften", "fördubblar"). A change word becomes a 'percent'
// figure flagged 'wordFraction' whose value is the size of the change: half 50, a third 33.3,
// a quarter 25, double 100, triple 200. Words that only look like one ("half-day workshop", "first
// half of 2025", "a quarter" as a period, "double-check") are left out.
import type { FigureFlag, MutableFigure } from './figures-types.ts'
import { matchAt, sticky } from './figures-text.ts'
import { readTail, type Tail } from './figures-tail.ts'
import { nameOrHeading } from './names-and-headings.ts'
import { FREQUENCY_WORDS, NUMBER_WORDS } from './vocabulary.ts'

const PAREN_DIGITS = sticky('[ \\u00a0]?\\(\\d+\\)')

export type BuildFigure = (start: number, tail: Tail) => MutableFigure

interface FractionWord {
  /** The size of the change or share, in percent. */
  readonly value: number
  /** When the word is a quantity: 'always' (a verb: "halves"), or the words that must stand around it. */
  readonly when: 'always' | 'noun' | 'adjective'
}

/** "A third" is 33.3 and "two thirds" 66.7: one decimal, as a slider shows them. */
const THIRD = Math.round(1000 / 3) / 10
const TWO_THIRDS = Math.round(2000 / 3) / 10

const FRACTION_WORDS: ReadonlyMap<string, FractionWord> = new Map<string, FractionWord>([
  // Verbs are quantities of change wherever they stand.
  ...['halves', 'halve', 'halving', 'halved', 'halverar', 'halvera', 'halveras', 'halverad', 'halverade', 'halverat'].map(
    (word) => [word, { value: 50, when: 'always' }] as const,
  ),
  ...['doubles', 'doubling', 'doubled', 'fördubblar', 'fördubbla', 'fördubblas', 'fördubblade', 'fördubblat'].map(
    (word) => [word, { value: 100, when: 'always' }] as const,
  ),
  ...['triples', 'tripling', 'tripled', 'tredubblar', 'tredubbla', 'tredubblas', 'tredubblade', 'tredubblat'].map(
    (word) => [word, { value: 200, when: 'always' }] as const,
  ),
  // Nouns and adjectives only in the phrases below.
  ['half', { value: 50, when: 'noun' }],
  ['hälften', { value: 50, when: 'noun' }],
  ['a third', { value: THIRD, when: 'noun' }],
  ['one third', { value: THIRD, when: 'noun' }],
  ['one-third', { value: THIRD, when: 'noun' }],
  ['en tredjedel', { value: THIRD, when: 'noun' }],
  ['two thirds', { value: TWO_THIRDS, when: 'noun' }],
  ['two-thirds', { value: TWO_THIRDS, when: 'noun' }],
  ['två tredjedelar', { value: TWO_THIRDS, when: 'noun' }],
  ['a quarter', { value: 25, when: 'noun' }],
  ['one quarter', { value: 25, when: 'noun' }],
  ['en fjärdedel', { value: 25, when: 'noun' }],
  ['three quarters', { value: 75, when: 'noun' }],
  ['tre fjärdedelar', { value: 75, when: 'noun' }],
  ['double', { value: 100, when: 'adjective' }],
  ['triple', { value: 200, when: 'adjective' }],
  ['dubbelt', { value: 100, when: 'adjective' }],
  ['dubbla', { value: 100, when: 'adjective' }],
  ['tredubbelt', { value: 200, when: 'adjective' }],
  ['twice', { value: 100, when: 'adjective' }],
])

/**
 * Every quantity word in one pattern, longest first ("halves" before "half"), without lookbehind:
 * a page is read in one pass and the word boundaries are checked by hand (a lookbehind at every
 * position costs more than the rest of the reader).
 */
const QUANTITY_WORD = new RegExp(
  `(${[...new Set([...FRACTION_WORDS.keys(), ...NUMBER_WORDS.keys(), ...FREQUENCY_WORDS.keys()])]
    .sort((first, second) => second.length - first.length)
    .map((word) => word.replace(' ', '[ \\u00a0]+'))
    .join('|')})`,
  'giu',
)
const WORD_CHARACTER = /[\p{L}\p{N}]/u

/** "half of", "hälften av", "a third of the calls". */
const NOUN_AFTER = sticky(
  '[ \\u00a0]+(?:of|av|off)(?![\\p{L}])|[ \\u00a0]+(?:as|så)[ \\u00a0]+(?:many|much|long|fast|often|mycket|många|lång|länge|snabbt|ofta)(?![\\p{L}])',
  'iu',
)
/** "in half", "by half", "by a third", "med en tredjedel", "till hälften", "cut … to half". */
const NOUN_BEFORE = /(?:^|[^\p{L}])(?:in|by|med|till|to|nearly|almost|nästan|drygt|knappt)[ \u00a0]+$/iu
/** "half the time", "half the cost": a share of something, not "half the day" (a period). */
const HALF_THE = sticky(
  '[ \\u00a0]+the[ \\u00a0]+(?:time|cost|costs|price|effort|work|number|amount|calls|tickets|errors|staff|workload|spend)(?![\\p{L}])',
  'iu',
)
/** "double the bookings", "twice as many", "dubbelt så många", "dubbla antalet", "triple your leads". */
const ADJECTIVE_AFTER = sticky(
  '[ \\u00a0]+(?:(?:the|your|its|their|our|his|her)(?![\\p{L}])|(?:as|så)[ \\u00a0]+(?:many|much|fast|quickly|often|high|large|mycket|många|snabbt|ofta|hög|högt|stor|stort)(?![\\p{L}])|(?:antalet|mängden|upp)(?![\\p{L}]))',
  'iu',
)
/** "first half of 2025", "the second half", "andra halvåret": a period, not a share. */
const PERIOD_HALF_BEFORE = /(?:^|[^\p{L}])(?:first|second|last|next|this|h1|h2|första|andra|sista)[ \u00a0]+$/iu
/** "half an hour", "half a day", "half-year", "a quarter" as a period ("per quarter", "each quarter", "last quarter"). */
const PERIOD_AFTER = sticky(
  '[ \\u00a0]+(?:an?[ \\u00a0]+)?(?:hours?|days?|years?|months?|weeks?|dozen|timme|timmar|dag|dagar|år|månad|månader|vecka|veckor)(?![\\p{L}])',
  'iu',
)
/** "a third party", "a third round", "half time": an ordinal or a compound, not a share. */
const NOT_A_SHARE_AFTER = sticky(
  '[ \\u00a0]+(?:party|parties|time|round|place|person|generation|line|level|tier|option|world|part|parts)(?![\\p{L}])',
  'iu',
)

/** "half as long", "hälften så lång tid": the thing shrinks to half. */
const AS_AFTER = sticky('[ \\u00a0]+(?:as|så)(?![\\p{L}])', 'iu')
/** "cut in half", "down to half", "till hälften": the thing falls to half. */
const DOWN_TO_BEFORE = /(?:^|[^\p{L}])(?:in|to|till|ned till|ner till)[ \u00a0]+$/iu

/** Whether a share word says its direction itself: "halves" and "half as long" decrease, "doubles" increases. */
function directionOf(text: string, start: number, end: number, word: FractionWord): 'wordDecrease' | 'wordIncrease' | undefined {
  if (word.value >= 100) return 'wordIncrease'
  if (word.value !== 50) return undefined
  if (word.when === 'always') return 'wordDecrease'
  const before = text.slice(Math.max(0, start - 24), start)
  if (matchAt(AS_AFTER, text, end) !== null || matchAt(HALF_THE, text, end) !== null || DOWN_TO_BEFORE.test(before)) return 'wordDecrease'
  return undefined
}

function isQuantity(text: string, start: number, end: number, word: FractionWord): boolean {
  const before = text.slice(Math.max(0, start - 24), start)
  if (text[start - 1] === '-' || text[end] === '-') return false
  if (matchAt(PERIOD_AFTER, text, end) !== null || PERIOD_HALF_BEFORE.test(before)) return false
  if (word.when === 'noun' && matchAt(NOT_A_SHARE_AFTER, text, end) !== null) return false
  switch (word.when) {
    case 'always':
      return true
    case 'noun':
      return matchAt(NOUN_AFTER, text, end) !== null || NOUN_BEFORE.test(before) || matchAt(HALF_THE, text, end) !== null
    case 'adjective':
      return matchAt(ADJECTIVE_AFTER, text, end) !== null
  }
}

/** A count written as a word ("about two per month", "twice a week"); a frequency word only with its period. */
function wordCount(
  text: string,
  start: number,
  end: number,
  value: number,
  needPeriod: boolean,
  swedish: boolean,
  build: BuildFigure,
): MutableFigure | undefined {
  if (matchAt(PAREN_DIGITS, text, end) !== null) return undefined
  const tail = readTail(text, value, end, undefined, false, swedish)
  if (tail === undefined || (tail.kind !== 'count' && tail.kind !== 'hours')) return undefined
  if (needPeriod && tail.per === undefined) return undefined
  // "the two main reasons": a number word counts only a known thing, or something per period.
  if (tail.kind === 'count' && tail.entity === undefined && tail.per === undefined) return undefined
  tail.flags.push('wordNumber')
  return build(start, tail)
}

/** "one in five", "1 in 20", "en av fem", "one out of three": a share of 1/N. */
const ONE_IN = new RegExp(`(?:one|1|en|ett)[ \\u00a0-]+(?:in|out of|av)[ \\u00a0-]+(\\d{1,3}|${[...NUMBER_WORDS.keys()].join('|')})`, 'giu')

/** "One in five meetings turns into a deal": 20 %, flagged 'wordFraction' (the count "five meetings" is part of it). */
function oneInN(page: number, text: string): MutableFigure[] {
  const figures: MutableFigure[] = []
  ONE_IN.lastIndex = 0
  for (let match = ONE_IN.exec(text); match !== null; match = ONE_IN.exec(text)) {
    const start = match.index
    const end = start + match[0].length
    if (WORD_CHARACTER.test(text[start - 1] ?? '') || WORD_CHARACTER.test(text[end] ?? '')) continue
    const of = (match[1] ?? '').toLowerCase()
    // "1 av 3" is a step or a page ("steg 1 av 3"): digits only in the English "1 in 20".
    if (/^\d/u.test(match[0]) && !/[ \u00a0-]in[ \u00a0-]/u.test(match[0])) continue
    const divisor = NUMBER_WORDS.get(of) ?? Number(of)
    if (!(divisor >= 2)) continue
    const value = Math.round(1000 / divisor) / 10
    figures.push({ kind: 'percent', value, page, start, end, text: text.slice(start, end), flags: ['wordFraction'] })
  }
  return figures
}

/**
 * Quantities written as words: counts ("Three complimentary … tickets", "twice a week") built with
 * `build`, and shares or changes ("halves", "a third of") as 'percent' figures flagged 'wordFraction'.
 */
export function wordQuantities(page: number, text: string, swedish: boolean, build: BuildFigure): MutableFigure[] {
  const shares = oneInN(page, text)
  const figures: MutableFigure[] = [...shares]
  const inShare = (index: number): boolean => shares.some((share) => index >= share.start && index < share.end)
  QUANTITY_WORD.lastIndex = 0
  for (let match = QUANTITY_WORD.exec(text); match !== null; match = QUANTITY_WORD.exec(text)) {
    const start = match.index
    const end = start + match[0].length
    if (WORD_CHARACTER.test(text[start - 1] ?? '') || WORD_CHARACTER.test(text[end] ?? '') || inShare(start)) continue
    const key = match[0].toLowerCase().replace(/[ \u00a0]+/gu, ' ')
    const fraction = FRACTION_WORDS.get(key)
    if (fraction !== undefined && isQuantity(text, start, end, fraction)) {
      const flags: FigureFlag[] = ['wordFraction']
      const direction = directionOf(text, start, end, fraction)
      if (direction !== undefined) flags.push(direction)
      figures.push({ kind: 'percent', value: fraction.value, page, start, end, text: text.slice(start, end), flags })
      continue
    }
    const number = nameOrHeading(text, start, end) ? undefined : NUMBER_WORDS.get(key)
    const frequency = FREQUENCY_WORDS.get(key)
    const count =
      number !== undefined
        ? wordCount(text, start, end, number, false, swedish, build)
        : frequency === undefined
          ? undefined
          : wordCount(text, start, end, frequency, true, swedish, build)
    if (count !== undefined) figures.push(count)
  }
  return figures
}
