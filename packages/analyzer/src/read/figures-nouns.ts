// The noun after a number: the thing it counts ("700 attendees", "35 bokade besök", "2 000
// företagskunder", "80-bed facility", "12 konferensdagar") or its unit of time ("3 hours", "12 weeks",
// "36-month term"). A Swedish compound counts as its last part; a noun the vocabulary does not know
// ("6 lawyers" before it knew lawyers, "14 municipal buildings") still makes a count, without entity.
import { matchAt, sticky, WORD } from './figures-text.ts'
import {
  DURATION_WORDS,
  ENTITIES,
  entityOfWord,
  HOUR_WORDS,
  MINUTE_WORDS,
  PERIOD_WORDS,
  TIMES_WORDS,
  type EntityId,
  type Period,
} from './vocabulary.ts'

/** How many words after the number are read for its noun ("three complimentary … tickets"). */
const NOUN_REACH = 3
const HYPHEN_WORD = sticky('-(\\p{L}{2,30})(?![\\p{L}\\-])', 'u')

/** Words that may stand between a number and the thing it counts ("30 page pdf files" → pages, "three complimentary … tickets"). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'of the and or to in for on at by with from per a an is are was were be och att i av för som till med på om är var eller den det de en ett från'.split(
    ' ',
  ),
)
/** Words that describe the counted thing rather than name it ("10 extra besök", "5 more hours", "3 new sites"). */
const ADJECTIVES: ReadonlySet<string> = new Set(
  'new more fewer less extra additional other online active average typical qualified booked large small big full existing current billable manual nya fler färre extra ytterligare andra aktiva bokade kvalificerade stora små befintliga nuvarande manuella'.split(
    ' ',
  ),
)
/** Endings of adjectives and participles ("municipal", "processed", "kvalificerade", "manuella"). */
const ADJECTIVE_ENDING = /(?:ed|al|ive|ous|ful|ic|able|ible|ade|ande|ende|iga|liga|ella|ska)$/u
/** Verbs that follow a number whose noun is left out ("of the 40, 12 signed", "5 cost more"): no noun. */
const VERBS: ReadonlySet<string> = new Set(
  'cost costs spend spends take takes pay pays save saves handle handles make makes get gets have has kostar tar ger gör har betalar sparar lägger'.split(
    ' ',
  ),
)
/** Units of time and measure the reader has no kind for: "10 seconds", "500 kvm" are no counts of things. */
const NOT_NOUNS: ReadonlySet<string> = new Set(
  'second seconds sekund sekunder sekunden kg kilo tons tonnes ton liter litre liters litres kvm sqm meter meters metres metre cm mm gb mb tb mbps kbps kw mw mwh gwh percent procent'.split(
    ' ',
  ),
)
/** "konferensdagar", "10 training days": days bought as units; "arbetsdagar", "30 calendar days" stay durations. */
const DAY_UNIT_MODIFIERS: ReadonlySet<string> = new Set(
  'conference training workshop course consulting consultancy event konferens utbildning utbildnings kurs workshop konsult evenemangs'.split(
    ' ',
  ),
)
const DAY_FORMS: ReadonlySet<string> = new Set(['day', 'days', 'dag', 'dagar', 'dagen', 'dagarna'])

export type NounReading =
  | { readonly kind: 'hours' | 'minutes'; readonly end: number; readonly adjacent: boolean }
  | { readonly kind: 'duration'; readonly duration: Period; readonly end: number; readonly adjacent: boolean }
  | {
      readonly kind: 'count'
      readonly entity?: EntityId
      /** The noun as written, also when the vocabulary does not know it. */
      readonly noun: string
      readonly end: number
      readonly adjacent: boolean
    }
  /** "3 times", "två gånger": a count only with the period after it. */
  | { readonly kind: 'times'; readonly end: number }

function isAdjective(lower: string): boolean {
  return ADJECTIVES.has(lower) || ADJECTIVE_ENDING.test(lower)
}

/** "konferensdagar" (Swedish), or "conference" followed by "days". */
function dayUnitCompound(lower: string, swedish: boolean): boolean {
  if (!swedish) return false
  for (const day of DAY_FORMS) {
    if (lower.length > day.length && lower.endsWith(day) && DAY_UNIT_MODIFIERS.has(lower.slice(0, -day.length))) return true
  }
  return false
}

/** "80-bed facility", "120-room hotel", "36-month term". */
function hyphenNoun(text: string, index: number, swedish: boolean): NounReading | undefined {
  const match = matchAt(HYPHEN_WORD, text, index)
  const word = match?.[1]
  if (match === null || word === undefined) return undefined
  const lower = word.toLowerCase()
  const end = index + match[0].length
  const duration = DURATION_WORDS.get(lower)
  if (duration !== undefined) return { kind: 'duration', duration, end, adjacent: true }
  const entity = entityOfWord(lower, swedish)
  return entity === undefined ? undefined : { kind: 'count', entity, noun: word, end, adjacent: true }
}

interface Word {
  readonly text: string
  readonly lower: string
  readonly end: number
}

/** The unit noun after the number ending at `index`, or undefined when there is none. */
export function nounAfter(text: string, index: number, swedish: boolean): NounReading | undefined {
  if (text[index] === '-') return hyphenNoun(text, index, swedish)
  const passed: Word[] = []
  let cursor = index
  for (let position = 0; position < NOUN_REACH; position += 1) {
    const match = matchAt(WORD, text, cursor)
    const found = match?.[1]
    if (match === null || found === undefined) break
    const lower = found.toLowerCase()
    // A lone capital letter is letter-spaced text ("P R O D U C T 0 4 H O S T"), not "h".
    if (found.length === 1 && found !== lower) return undefined
    const end = match.index + match[0].length
    // "9996 Email: …" (a phone number's end, then a label), not 9,996 emails.
    if (found !== lower && text[end] === ':') return undefined
    const adjacent = position === 0
    const afterAdjectives = passed.every((word) => ADJECTIVES.has(word.lower))
    if (afterAdjectives && HOUR_WORDS.has(lower)) return { kind: 'hours', end, adjacent }
    if (afterAdjectives && MINUTE_WORDS.has(lower)) return { kind: 'minutes', end, adjacent }
    const duration = DURATION_WORDS.get(lower)
    if (adjacent && duration !== undefined) return { kind: 'duration', duration, end, adjacent }
    if (adjacent && TIMES_WORDS.has(lower)) return { kind: 'times', end }
    if (dayUnitCompound(lower, swedish)) return { kind: 'count', entity: 'day', noun: found, end, adjacent }
    const previous = passed.at(-1)
    if (DAY_FORMS.has(lower) && previous !== undefined && DAY_UNIT_MODIFIERS.has(previous.lower))
      return { kind: 'count', entity: 'day', noun: found, end, adjacent: false }
    const entity = entityOfWord(lower, swedish)
    if (entity !== undefined)
      return (swedish ? undefined : staffHead(text, end, entity)) ?? { kind: 'count', entity, noun: found, end, adjacent }
    // A unit of time further on ("10 business days") or a word that ends the phrase: no noun of its own.
    if (PERIOD_WORDS.has(lower) || DURATION_WORDS.has(lower) || HOUR_WORDS.has(lower) || MINUTE_WORDS.has(lower)) return undefined
    cursor = end
    // "Three complimentary Professional-level tickets": a hyphenated description, never the noun.
    if (found.includes('-') && position < 2) continue
    const content = !STOP_WORDS.has(lower) && found.length > 2 && found === lower && !found.includes('-')
    if (!content) break
    passed.push({ text: found, lower, end })
  }
  return unknownNoun(passed)
}

/** How many words after a thing's name a job title may stand ("20 customer service representatives"). */
const HEAD_REACH = 2

/**
 * "20 customer service representatives", "8 invoice clerks": an English noun phrase names people by
 * its last word; the thing before it only says what they work on. Other heads stay with the first
 * noun ("30 page pdf files" are pages).
 */
function staffHead(text: string, index: number, first: EntityId): NounReading | undefined {
  if (ENTITIES[first].group === 'staff') return undefined
  let cursor = index
  for (let position = 0; position < HEAD_REACH; position += 1) {
    const match = matchAt(WORD, text, cursor)
    const found = match?.[1]
    if (match === null || found === undefined || found !== found.toLowerCase() || STOP_WORDS.has(found)) return undefined
    cursor = match.index + match[0].length
    const entity = entityOfWord(found, false)
    if (entity !== undefined)
      return ENTITIES[entity].group === 'staff' ? { kind: 'count', entity, noun: found, end: cursor, adjacent: false } : undefined
  }
  return undefined
}

/** The first word of the phrase that is not an adjective: a count of a thing the vocabulary does not know. */
function unknownNoun(passed: readonly Word[]): NounReading | undefined {
  const first = passed[0]
  if (first === undefined || VERBS.has(first.lower) || NOT_NOUNS.has(first.lower)) return undefined
  const noun = passed.find((word) => !isAdjective(word.lower))
  if (noun === undefined || VERBS.has(noun.lower)) return undefined
  return { kind: 'count', noun: noun.text, end: noun.end, adjacent: false }
}
