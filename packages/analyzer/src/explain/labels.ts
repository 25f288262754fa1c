// Labels in the calculator's language, from the model: what a figure counts or is per, and which
// side of a change it is ("before", "with the offer"). No English word inside a Swedish calculator.
import type { RoledQuantity } from '../model.ts'
import { nounAtom } from '../read/nouns.ts'
import type { Language } from '../types.ts'

const WORDS = {
  en: {
    hours: 'Hours',
    minutes: 'Minutes',
    days: 'Days',
    weeks: 'Weeks',
    months: 'Months',
    before: 'today',
    after: 'with the offer',
    share: 'Share',
    reduction: 'Reduction',
    increase: 'Increase',
    price: 'Price',
    oneOff: 'One-off price',
    cost: 'Cost',
    revenue: 'Revenue',
    times: 'Times faster',
    timesMore: 'Times more',
    points: 'Percentage points',
    count: 'Number',
    per: 'per',
    day: 'day',
    week: 'week',
    month: 'month',
    quarter: 'quarter',
    year: 'year',
    hour: 'hour',
    a: 'a',
  },
  sv: {
    hours: 'Timmar',
    minutes: 'Minuter',
    days: 'Dagar',
    weeks: 'Veckor',
    months: 'Månader',
    before: 'i dag',
    after: 'med erbjudandet',
    share: 'Andel',
    reduction: 'Minskning',
    increase: 'Ökning',
    price: 'Pris',
    oneOff: 'Engångspris',
    cost: 'Kostnad',
    revenue: 'Intäkt',
    times: 'Gånger snabbare',
    timesMore: 'Gånger fler',
    points: 'Procentenheter',
    count: 'Antal',
    per: 'per',
    day: 'dag',
    week: 'vecka',
    month: 'månad',
    quarter: 'kvartal',
    year: 'år',
    hour: 'timme',
    a: 'en',
  },
} as const

type Words = (typeof WORDS)[Language]

const PERIOD_KEYS = ['hour', 'day', 'week', 'month', 'quarter', 'year'] as const

/** The seller's word for a unit atom, from the figure's sentence ("bil" for vehicles, "truck"). */
function writtenFor(entry: RoledQuantity, atom: string): string | undefined {
  const sentence = entry.quantity.sentence
  // The word of a "per bil", "/user" phrase first (the singular the seller used), else any in the sentence.
  const after = [...sentence.matchAll(/(?:\bper\s+|\/\s*)([\p{L}][\p{L}-]*)/gu)].map((match) => match[1] ?? '')
  const words = sentence.match(/[\p{L}][\p{L}-]*/gu) ?? []
  const found = [...after, ...words].find((word) => word.length > 1 && nounAtom(word).atom === atom)
  return found?.toLowerCase()
}

/** What a percentage is of, from the words after it: "7% less fuel", "halverar tomkörningen", "18 % tomt". */
function objectAfter(entry: RoledQuantity): string | undefined {
  const { quantity } = entry
  const after = quantity.sentence.slice(quantity.end - quantity.sentenceStart)
  const words = (after.split(/[,;:.(–—\n•]/u)[0] ?? '').match(/[\p{L}][\p{L}-]*/gu) ?? []
  const kept: string[] = []
  for (const word of words) {
    if (
      /^(of|av|the|less|fewer|more|mindre|färre|mer|fler|lower|higher|lägre|högre|those|these|de|dem|dessa|den|det|its|their|your|er|era|sin|sina|from|från|by|med|in|i|to|till|a|an|en|ett|on|på|all|alla|total|totala)$/iu.test(
        word,
      )
    ) {
      if (kept.length > 0) break
      continue
    }
    kept.push(word)
    if (kept.length === 2) break
  }
  return kept.length === 0 ? undefined : kept.join(' ')
}

/** "per site manager per day": the nouns and periods a figure is per, in the text's words where it has them. */
function perPhrase(entry: RoledQuantity, words: Words): string {
  const parts: string[] = []
  for (const [atom, power] of Object.entries(entry.quantity.unit)) {
    if (power >= 0 || atom === 'money') continue
    if ((PERIOD_KEYS as readonly string[]).includes(atom)) parts.push(`${words.per} ${words[atom as (typeof PERIOD_KEYS)[number]]}`)
    else if (atom === 'person') parts.push(`${words.per} person`)
    else parts.push(`${words.per} ${writtenFor(entry, atom) ?? atom.replace(/^n:/, '')}`)
  }
  return parts.join(' ')
}

const GLUE =
  /^(the|a|an|our|their|its|your|en|ett|den|det|de|vår|era|er|per|i|om|in|on|for|to|till|from|från|each|every|varje|typically|average|about|roughly|around|approximately|snitt|at|à|på|för|with|med|of|av|is|är|are|was|were|kostar|ligger|runt|cirka|ca|is|sits|runs|averages?|about|only|just|bara|drygt|knappt|omkring|ungefär|som|that|which|who|has|have|har)$/iu

/** The words just before a figure that name it ("loaded cost", "diesel", "Milkostnaden"): at most three, back to a glue word or punctuation. */
function namedBy(entry: RoledQuantity): string | undefined {
  const { quantity } = entry
  const lead = quantity.sentence.slice(0, Math.max(0, quantity.start - quantity.sentenceStart))
  const clause = lead.split(/[,;:(–—\n•]/u).pop() ?? ''
  const words = clause.match(/[\p{L}][\p{L}-]*/gu) ?? []
  while (words.length > 0 && GLUE.test(words[words.length - 1] ?? '')) words.pop()
  const kept: string[] = []
  for (let index = words.length - 1; index >= 0 && kept.length < 3; index -= 1) {
    const word = words[index] ?? ''
    if (GLUE.test(word)) break
    kept.unshift(word)
  }
  if (kept.length === 0) return undefined
  const phrase = kept.join(' ')
  return phrase.charAt(0).toUpperCase() + phrase.slice(1)
}

export function labelOf(entry: RoledQuantity, language: Language): { text: string; unit: string } {
  const words = WORDS[language]
  const { quantity, role } = entry
  const per = perPhrase(entry, words)
  const withPer = (head: string) => (per === '' ? head : `${head} ${per}`)
  const side = quantity.relation?.kind === 'from' ? ` (${words.before})` : quantity.relation?.kind === 'to' ? ` (${words.after})` : ''
  switch (quantity.kind) {
    case 'money': {
      const head =
        role.role === 'price'
          ? role.what === 'oneOff'
            ? words.oneOff
            : words.price
          : (namedBy(entry) ?? (role.role === 'baseline' && role.what === 'revenue' ? words.revenue : words.cost))
      return { text: `${withPer(head)}${side}`, unit: '' }
    }
    case 'duration': {
      const hours = (quantity.unit.hour ?? 0) > 0
      const head = hours
        ? quantity.scale < 1
          ? words.minutes
          : words.hours
        : (quantity.unit.day ?? 0) > 0
          ? words.days
          : (quantity.unit.week ?? 0) > 0
            ? words.weeks
            : words.months
      return { text: `${withPer(head)}${side}`, unit: head.toLowerCase() }
    }
    case 'percent': {
      const named = objectAfter(entry) ?? namedBy(entry)
      const head =
        role.role === 'effect'
          ? role.what === 'uplift'
            ? words.increase
            : role.what === 'points'
              ? words.points
              : words.reduction
          : words.share
      return { text: `${named === undefined ? head : `${head}: ${named.toLowerCase()}`}${side} (%)`, unit: '%' }
    }
    case 'multiplier':
      return {
        text: quantity.relation?.kind === 'times' && quantity.relation.direction === 'more' ? words.timesMore : words.times,
        unit: '×',
      }
    default: {
      const noun = quantity.nounText ?? namedBy(entry) ?? words.count
      const capital = noun.charAt(0).toUpperCase() + noun.slice(1)
      return { text: `${withPer(capital)}${side}`, unit: quantity.nounText ?? '' }
    }
  }
}

export { WORDS as LABEL_WORDS }
export type { Words }
