// The period a figure's clause names ("varje dag", "a year", "ARR"), read past the periods that
// belong to the other figures of the same clause.
import type { Figure } from './figures-types.ts'
import type { Period } from './vocabulary.ts'
import { unicodeWords } from './word-boundary.ts'

/** The words just before a figure within its sentence. */
export function before(text: string, start: number, sentenceStart: number, length = 60): string {
  return text.slice(Math.max(sentenceStart, start - length), start)
}

/** A period adverb right after a figure ("14 000 ärenden per år", "7,500 tonnes a year"). */
const PERIOD_RIGHT_AFTER = /^\s*(?:[\p{L}-]+\s+)?(?:a|an|per|each|every|i|om|varje)\s+\p{L}+/iu

/**
 * The text between two offsets with other figures and the period adverbs that belong to them
 * blanked: in "14 000 ärenden per år à 40 minuter" the year is the cases', not the minutes'.
 */
export function othersPeriodsBlanked(
  context: { text: string; figures: readonly Figure[]; index: number },
  from: number,
  to: number,
): string {
  let text = context.text.slice(from, to)
  for (const other of context.figures.slice(0, context.index)) {
    if (other.end < from || other.end >= to) continue
    const own = PERIOD_RIGHT_AFTER.exec(context.text.slice(other.end, to))
    const length = other.end - Math.max(from, other.start) + (own !== null && clausePeriod(own[0]) !== undefined ? own[0].length : 0)
    const at = Math.max(from, other.start) - from
    text = text.slice(0, at) + ' '.repeat(length) + text.slice(at + length)
  }
  return text
}

/** The words of a figure's clause before it: back to the last comma, semicolon, colon, dash or "while"/"medan". */
export function clauseBefore(text: string, sentenceStart: number, start: number): string {
  const lead = text.slice(sentenceStart, start)
  const cut = Math.max(...[/.*[,;:(–]/su, /.*\s(?:while|whereas|medan)\s/su].map((pattern) => pattern.exec(lead)?.[0].length ?? 0))
  return lead.slice(cut)
}

/** Revenue figures that name their period ("$4.2M ARR", "MRR of $80k", "omsättning 85 mkr" is yearly). */
export function revenuePeriod(text: string): Period | undefined {
  if (/^\s*(?:in\s+)?(?:arr|annual\s+recurring|annual\s+revenue|årsomsättning|årlig\s+omsättning)\b/iu.test(text)) return 'year'
  if (/^\s*(?:in\s+)?(?:mrr|monthly\s+recurring)\b/iu.test(text)) return 'month'
  return undefined
}

const CLAUSE_PERIODS: ReadonlyArray<readonly [RegExp, Period]> = [
  [
    unicodeWords(
      /\b(?:daily|every\s+day|each\s+day|a\s+day|per\s+day|every\s+night|each\s+night|nightly|a\s+night|per\s+night|dagligen|varje\s+dag|om\s+dagen|per\s+dag|varje\s+natt|per\s+natt|daglig\w*)\b/iu,
    ),
    'day',
  ],
  [unicodeWords(/\b(?:weekly|every\s+week|each\s+week|a\s+week|per\s+week|varje\s+vecka|i\s+veckan|per\s+vecka|veckovis)\b/iu), 'week'],
  [
    unicodeWords(/\b(?:monthly|every\s+month|each\s+month|a\s+month|per\s+month|varje\s+månad|i\s+månaden|per\s+månad|månadsvis)\b/iu),
    'month',
  ],
  [
    unicodeWords(
      /\b(?:yearly|annual|annually|every\s+year|each\s+year|a\s+year|per\s+year|per\s+annum|over\s+the\s+year|last\s+year|this\s+year|previous\s+year|varje\s+år|om\s+året|per\s+år|årligen|förra\s+året|i\s+fjol|under\s+året|på\s+ett\s+år|årlig\w*)\b/iu,
    ),
    'year',
  ],
]

/** The one period adverb of a stretch of text, if it names exactly one period. */
export function clausePeriod(text: string): Period | undefined {
  const found = CLAUSE_PERIODS.filter(([pattern]) => pattern.test(text)).map(([, period]) => period)
  return found.length === 1 ? found[0] : undefined
}
