// Quantities written as words: counts ("about two per month", "Three complimentary … tickets",
// "twice a week") and shares or changes ("halves", "cuts the time in half", "a third of all calls",
// "doubles bookings", "twice as many", "hälften", "fördubblar"). A change word becomes a 'percent'
// figure flagged 'wordFraction' whose value is the size of the change: half 50, a third 33.3,
// a quarter 25, double 100, triple 200. Words that only look like one ("half-day workshop", "first
// half of 2025", "a quarter" as a period, "double-check") are left out.
import type { FigureFlag, MutableFigure } from './figures-types.ts'
import { matchAt, sticky } from './figures-text.ts'
import { readTail, type Tail } from './figures-tail.ts'
import { FREQUENCY_WORDS, NUMBER_WORDS } from './vocabulary.ts'

const PAREN_DIGITS = sticky('[ \\u00a0]?\\(\\d+\\)')
const WORD_NUMBER = new RegExp(`(?<![\\p{L}\\p{N}])(${[...NUMBER_WORDS.keys()].join('|')})(?![\\p{L}\\p{N}])`, 'giu')
const FREQUENCY_WORD = new RegExp(`(?<![\\p{L}\\p{N}])(${[...FREQUENCY_WORDS.keys()].join('|')})(?![\\p{L}\\p{N}])`, 'giu')

export type BuildFigure = (start: number, tail: Tail) => MutableFigure

/** Counts written as words: "about two per month", "Three complimentary Professional-level tickets", "twice a week". */
export function wordCounts(text: string, build: BuildFigure): MutableFigure[] {
  const figures: MutableFigure[] = []
  const read = (pattern: RegExp, values: ReadonlyMap<string, number>, needPeriod: boolean): void => {
    pattern.lastIndex = 0
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const value = values.get((match[1] ?? '').toLowerCase())
      const end = match.index + match[0].length
      if (value === undefined || matchAt(PAREN_DIGITS, text, end) !== null) continue
      const tail = readTail(text, value, end, undefined, false)
      if (tail === undefined || (tail.kind !== 'count' && tail.kind !== 'hours')) continue
      if (needPeriod && tail.per === undefined) continue
      tail.flags.push('wordNumber')
      figures.push(build(match.index, tail))
    }
  }
  read(WORD_NUMBER, NUMBER_WORDS, false)
  read(FREQUENCY_WORD, FREQUENCY_WORDS, true)
  return figures
}

interface FractionWord {
  /** The size of the change or share, in percent. */
  readonly value: number
  /** When the word is a quantity: 'always' (a verb: "halves"), or the words that must stand around it. */
  readonly when: 'always' | 'noun' | 'adjective'
}

/** One decimal, as the brief of the fraction words says ("a third" is 33.3). */
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

const FRACTION_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}\\-])(${[...FRACTION_WORDS.keys()]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(' ', '[ \\u00a0]+'))
    .join('|')})(?![\\p{L}\\p{N}\\-])`,
  'giu',
)
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

function isQuantity(text: string, match: RegExpExecArray, word: FractionWord): boolean {
  const end = match.index + match[0].length
  const before = text.slice(Math.max(0, match.index - 24), match.index)
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

/** Shares and changes written as words, as 'percent' figures flagged 'wordFraction'. */
export function wordFractions(page: number, text: string): MutableFigure[] {
  const figures: MutableFigure[] = []
  FRACTION_PATTERN.lastIndex = 0
  for (let match = FRACTION_PATTERN.exec(text); match !== null; match = FRACTION_PATTERN.exec(text)) {
    const key = (match[1] ?? '').toLowerCase().replace(/[ \u00a0]+/gu, ' ')
    const word = FRACTION_WORDS.get(key)
    if (word === undefined || !isQuantity(text, match, word)) continue
    const flags: FigureFlag[] = ['wordFraction']
    const end = match.index + match[0].length
    figures.push({ kind: 'percent', value: word.value, page, start: match.index, end, text: text.slice(match.index, end), flags })
  }
  return figures
}
