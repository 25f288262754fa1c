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
    chance: 'Chance',
    reduction: 'Reduction',
    increase: 'Increase',
    price: 'Price',
    oneOff: 'One-off price',
    cost: 'Cost',
    costOf: 'Cost of',
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
    chance: 'Sannolikhet',
    reduction: 'Minskning',
    increase: 'Ökning',
    price: 'Pris',
    oneOff: 'Engångspris',
    cost: 'Kostnad',
    costOf: 'Kostnad för',
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

/** A noun that names a period by its last word ("sick day", "arbetsdag", "maskintimme"). */
const PERIOD_WORD_OF: Readonly<Record<string, RegExp>> = {
  day: /(?:day|dag)$/iu,
  week: /(?:week|vecka)$/iu,
  month: /(?:month|månad)$/iu,
  hour: /(?:hour|timme)$/iu,
  year: /(?:year|år)$/iu,
}

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
    // "23% with our dispensers": the means, not the thing changed.
    if (/^(with|med|using|via|through|genom|once|när|when|if|om)$/iu.test(word)) break
    if (
      /^(of|av|the|less|fewer|more|mindre|färre|mer|fler|lower|higher|lägre|högre|those|these|them|it|they|de|dem|dessa|den|det|its|their|your|er|era|sin|sina|from|från|by|med|in|i|to|till|a|an|en|ett|on|på|all|alla|total|totala)$/iu.test(
        word,
      )
    ) {
      if (kept.length > 0) break
      continue
    }
    kept.push(word)
    if (kept.length === 2) break
  }
  return kept.length === 0 ? changedThing(quantity.sentence) : kept.join(' ')
}

/** "Our programme cuts sick days: … 15 % fewer of them": what the sentence's verb of change changes. */
function changedThing(sentence: string): string | undefined {
  const match =
    /\b(?:cuts?|reduces?|lowers?|halves|lifts?|raises?|increases?|boosts?|minskar|sänker|halverar|höjer|ökar|kortar)\s+((?:[\p{L}-]+\s+)?[\p{L}-]+)/iu.exec(
      sentence,
    )
  const words = (match?.[1] ?? '')
    .split(/\s+/u)
    .filter(
      (word) => word !== '' && !/^(the|their|your|its|that|this|those|these|er|era|ert|sin|sina|den|det|de|by|med|with)$/iu.test(word),
    )
  return words.length === 0 ? undefined : words.join(' ')
}

/**
 * What an amount is the cost of, from the words before it: "Each sick day costs the employer
 * about $250" → "sick day"; "two in-house cleaners, which costs them $7,500" → "in-house cleaners".
 */
function costedThing(entry: RoledQuantity): string | undefined {
  const { quantity } = entry
  const lead = quantity.sentence.slice(0, Math.max(0, quantity.start - quantity.sentenceStart))
  const match =
    /(?:^|[\s,;:])(?:(?:each|every|a|an|one|the|varje|en|ett)\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:costs?|costing|kostar|is\s+worth|är\s+värd)\s+(?:(?:us|you|them|er|oss|dem|the\s+[\p{L}-]+|about|around|roughly|on\s+average|ca\.?|cirka|runt|ungefär|omkring|i\s+snitt)\s+){0,3}$/iu.exec(
      lead,
    )
  const subject = match?.[1]?.toLowerCase()
  if (subject === undefined) return spentOn(quantity.sentence.slice(quantity.end - quantity.sentenceStart))
  // "I dag kostar det er 4,10 kr per sida": a time, not a thing.
  if (TODAY_SUBJECT.test(subject)) return undefined
  if (!/^(which|that|this|it|som|vilket|vilka|det|den|detta)$/u.test(subject)) return /\d/u.test(subject) ? undefined : subject
  // "…, which costs": the thing named before the comma.
  const before =
    lead
      .slice(0, match?.index ?? 0)
      .split(/[.;:]/u)
      .pop() ?? ''
  const words = (before.match(/[\p{L}][\p{L}-]*/gu) ?? []).slice(-2)
  return words.length === 0 ? undefined : words.join(' ').toLowerCase()
}

const TODAY_LEAD =
  /(?:^|[\s,;])(?:today|currently|i\s+dag|idag)\s+(?:it\s+)?(?:costs?|kostar)(?:\s+(?:det|er|you|us|oss|them|dem))*\s+(?:about\s+|around\s+|ca\.?\s+|cirka\s+|runt\s+|ungefär\s+)?$/iu

const TODAY_SUBJECT = /(?:^|\s)(?:today|now|currently|dag|idag|nu|det|it|this|that)$/iu

/** "lägger 20 000 kr i månaden på städning i egen regi", "spends $11k a month on cleaning chemicals": what it is spent on. */
function spentOn(after: string): string | undefined {
  const match =
    /^\s*(?:(?:a|an|per|each|every|i|om|in)\s+(?:year|month|week|day|quarter|år|året|månaden|månad|veckan|vecka|dagen|dag|kvartal)\s+)?(?:on|in|for|på|för)\s+((?:[\p{L}-]+\s+){0,3}[\p{L}-]+)/iu.exec(
      after,
    )
  const words = (match?.[1] ?? '').split(/\s+/u)
  const stop = words.findIndex((word) => /^(and|och|but|men|which|som|that|to|till|at|to|with|med)$/iu.test(word))
  const kept = (stop < 0 ? words : words.slice(0, stop)).filter((word) => word !== '')
  return kept.length === 0 ? undefined : kept.join(' ').toLowerCase()
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
  /^(the|a|an|our|their|its|your|en|ett|den|det|de|vår|era|er|per|i|om|in|on|for|to|till|from|från|each|every|varje|typically|average|about|roughly|around|approximately|snitt|at|à|på|för|with|med|of|av|is|är|are|was|were|kostar|ligger|runt|cirka|ca|is|sits|runs|averages?|about|only|just|bara|drygt|knappt|omkring|ungefär|som|that|which|who|has|have|har|plus|samt|and|och)$/iu

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

const EARNS =
  /(?<!\p{L})(?:earns?|brings?(?:\s+in)?|generates?|yields?|is\s+worth|ger|drar\s+in|genererar|tjänar|är\s+värd)(?!\p{L})[^.]{0,30}$/iu

const LOSS_WORD = /(?<!\p{L})(fines?|fined|penalt(?:y|ies)|loss(?:es)?|damages?|böter|vite|viten|förlust(?:er)?|skadestånd)(?!\p{L})/iu

/** "Regulators fine companies … $600,000 per breach": an amount in a clause of a fine or loss is that fine or loss. */
function lossNamed(entry: RoledQuantity): string | undefined {
  const { quantity } = entry
  const lead = quantity.sentence.slice(0, Math.max(0, quantity.start - quantity.sentenceStart))
  const word = LOSS_WORD.exec(lead.split(/[,;:(–—\n•]/u).pop() ?? '')?.[1]?.toLowerCase()
  if (word === undefined) return undefined
  const noun = word === 'fines' || word === 'fined' ? 'fine' : word === 'penalties' ? 'penalty' : word === 'losses' ? 'loss' : word
  return noun.charAt(0).toUpperCase() + noun.slice(1)
}

export function labelOf(entry: RoledQuantity, language: Language): { text: string; unit: string } {
  const words = WORDS[language]
  const { quantity, role } = entry
  const per = perPhrase(entry, words)
  const withPer = (head: string) => (per === '' ? head : `${head} ${per}`)
  const side = quantity.relation?.kind === 'from' ? ` (${words.before})` : quantity.relation?.kind === 'to' ? ` (${words.after})` : ''
  switch (quantity.kind) {
    case 'money': {
      const thing = role.role === 'price' ? undefined : costedThing(entry)
      // "each order earns $4 in margin", "ger 1 100 kr i täckningsbidrag": what it brings, not what it costs.
      if (thing !== undefined && EARNS.test(quantity.sentence.slice(0, quantity.start - quantity.sentenceStart))) {
        const capital = thing.charAt(0).toUpperCase() + thing.slice(1)
        return { text: `${withPer(capital)}${side}`, unit: '' }
      }
      if (thing !== undefined) {
        // "Cost per sick day" when the amount is per that thing, else "Cost of in-house cleaners per month".
        const negative = Object.entries(quantity.unit).filter(([atom, power]) => power < 0 && atom !== 'money')
        const [only] = negative
        const thingAtom = nounAtom(thing.split(/\s+/u).pop() ?? thing).atom
        if (negative.length === 1 && only !== undefined && (only[0] === thingAtom || PERIOD_WORD_OF[only[0]]?.test(thing) === true))
          return { text: `${words.cost} ${words.per} ${thing}${side}`, unit: '' }
        return { text: `${withPer(`${words.costOf} ${thing}`)}${side}`, unit: '' }
      }
      // "I dag kostar det er 4,10 kr per sida": today's cost.
      if (role.role === 'baseline' && TODAY_LEAD.test(quantity.sentence.slice(0, quantity.start - quantity.sentenceStart)))
        return { text: `${withPer(words.cost)} ${words.before}${side}`, unit: '' }
      const named = role.role === 'price' ? undefined : (lossNamed(entry) ?? namedBy(entry))
      // "22 FTE at $41,000 each": the name before the amount is the thing it is per, so it is the cost per FTE.
      const perAtoms = Object.entries(quantity.unit).filter(([atom, power]) => power < 0 && atom !== 'money')
      const namedAtom = named === undefined ? undefined : nounAtom(named.split(/\s+/u).pop() ?? named).atom
      if (named !== undefined && perAtoms.some(([atom]) => atom === namedAtom)) {
        const others = perAtoms
          .filter(([atom]) => atom !== namedAtom)
          .map(([atom]) =>
            (PERIOD_KEYS as readonly string[]).includes(atom) ? ` ${words.per} ${words[atom as (typeof PERIOD_KEYS)[number]]}` : '',
          )
          .join('')
        return { text: `${words.cost} ${words.per} ${named}${others}${side}`, unit: '' }
      }
      const head =
        role.role === 'price'
          ? role.what === 'oneOff'
            ? words.oneOff
            : words.price
          : (named ?? (role.role === 'baseline' && role.what === 'revenue' ? words.revenue : words.cost))
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
          : (quantity.unit['n:event'] ?? 0) > 0
            ? words.chance
            : words.share
      if ((quantity.unit['n:event'] ?? 0) > 0) return { text: `${withPer(head)} (%)`, unit: '%' }
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

/** What a figure is about in the seller's words, for a calculator's name: "in-house cleaners", "sick days". */
export function thingOf(entry: RoledQuantity): string | undefined {
  if (entry.quantity.kind === 'money') return costedThing(entry)
  if (entry.quantity.kind === 'percent') return objectAfter(entry)
  return undefined
}

export { WORDS as LABEL_WORDS }
export type { Words }
