// The count a price per thing multiplies when the thing is written with another word than the
// count's ("$39 per building … 40 stations", "SEK 6,900 per project site … 7 sites", "29 kr per
// enhet och månad" for 300 machines): matched by the head noun of the price's per-phrase, and a
// generic unit word ("unit", "enhet", "item", "styck") by the only thing the text counts. A count
// of people is never taken for a price per something else.
import type { RoledQuantity } from '../model.ts'

/** Words that say "one of whatever is counted": the thing priced is the counted thing. */
const GENERIC_THING = /^(?:units?|items?|pieces?|pcs|enhet(?:er(?:na)?|en)?|st|styck|stycke|stycken|exemplar)$/iu

/** A licence or seat: one per person (or per counted thing) of the customer. */
const GENERIC_SEAT = /^(?:licen[cs]es?|seats?|licens(?:er(?:na)?|en)?|platser?)$/iu

/** The words that make the next noun the thing a price is per: "per building", "each site", "one station", "varje maskin". */
const PER_LEAD = /(?<!\p{L})(?:per|each|every|one|varje|à)\s+(?=((?:[\p{L}-]+\s+){0,2}[\p{L}-]+))/giu

/** Periods, function words and price words: where a per-phrase's nouns end. */
const NOT_A_THING =
  /^(?:day|days|week|weeks|month|months|year|years|annum|hour|hours|dag|dagen|dygn|vecka|veckan|månad|månaden|mån|år|året|timme|timmen|och|and|or|eller|of|the|av|i|in|om|at|on|a|an|en|ett|per|for|för|på|with|med|is|are|är|to|till|from|från|costs?|kostar|our|vår|vårt|våra|your|er|ert|era|time|gång|off|fee|price|pris|avgift|kostnad|flat|fixed|fast|plus)$/iu

/** A noun without its plural or definite ending, to compare "station" with "stations", "maskin" with "maskinerna". */
function stem(word: string): string {
  const known = STEMS.get(word)
  if (known !== undefined) return known
  // A long schedule compares thousands of prices with thousands of counts: each word is stemmed once.
  if (STEMS.size > MAX_STEMS) STEMS.clear()
  const stemmed = stemOf(word)
  STEMS.set(word, stemmed)
  return stemmed
}

const STEMS = new Map<string, string>()
const MAX_STEMS = 10_000

function stemOf(word: string): string {
  const lower = word.toLowerCase().replace(/^n:/u, '')
  if (lower.length <= 3) return lower
  return lower
    .replace(/ies$/u, 'y')
    .replace(/(?:erna|arna|orna|ena|ern|arn|orn)$/u, '')
    .replace(/(?:es|er|ar|or|en|et|na|s)$/u, '')
}

/** Endings a noun takes in the plural or definite form ("ko" → "kor", "bil" → "bilarna"). */
const ENDING = /^(?:s|es|r|er|ar|or|n|en|et|na|erna|arna|orna)$/u

function sameNoun(left: string, right: string): boolean {
  const [a, b] = [stem(left), stem(right)]
  if (a.length >= 3 && b.length >= 3 && (a === b || (a.length >= 5 && b.startsWith(a)) || (b.length >= 5 && a.startsWith(b)))) return true
  // Short nouns ("ko", "kor") compare whole, with one ending between them.
  const [short, long] = left.length <= right.length ? [left, right] : [right, left]
  const [s, l] = [short.toLowerCase().replace(/^n:/u, ''), long.toLowerCase().replace(/^n:/u, '')]
  return s.length >= 2 && l.startsWith(s) && ENDING.test(l.slice(s.length))
}

/** The nouns the price's clause says it is per, nearest the amount first ("per project site" gives "site", "project"). */
export function perNouns(entry: RoledQuantity): string[] {
  const { quantity } = entry
  const clause = entry.of ?? quantity.sentence
  const nouns: string[] = []
  for (const [atom, power] of Object.entries(quantity.unit)) if (power < 0 && atom.startsWith('n:')) nouns.push(atom.slice(2))
  for (const match of clause.matchAll(PER_LEAD)) {
    const words = (match[1] ?? '').split(/\s+/u)
    const end = words.findIndex((word) => NOT_A_THING.test(word))
    // The head noun of "project site" is "site"; the words before it may be the thing too.
    nouns.push(...words.slice(0, end < 0 ? words.length : end).reverse())
  }
  return [...new Set(nouns.map((noun) => noun.toLowerCase()))]
}

/** The words a count names its thing by: its noun, the noun as written and the words of its own text. */
function countWords(entry: RoledQuantity): string[] {
  const known = COUNT_WORDS.get(entry.quantity)
  if (known !== undefined) return known
  const { quantity } = entry
  const words = [quantity.noun ?? '', quantity.nounText ?? '', ...quantity.text.split(/[^\p{L}]+/u)].filter((word) => word.length > 0)
  COUNT_WORDS.set(entry.quantity, words)
  return words
}

const COUNT_WORDS = new WeakMap<RoledQuantity['quantity'], string[]>()

const isPerson = (entry: RoledQuantity) => (entry.quantity.unit.person ?? 0) > 0

/** A count of things the customer has (a stock, not a flow per period). */
function isStock(entry: RoledQuantity): boolean {
  const { quantity, role } = entry
  if (role.role !== 'baseline' || quantity.kind !== 'count' || quantity.flags.has('assumed')) return false
  const atoms = Object.entries(quantity.unit)
  return atoms.length === 1 && atoms[0]?.[1] === 1
}

/**
 * The count a price per thing multiplies, named by its per-phrase, or undefined. `used` are the
 * figures the value streams use (the thing the value is about is the plausible one).
 */
export function namedCount(
  price: RoledQuantity,
  roled: readonly RoledQuantity[],
  used: ReadonlySet<number | string>,
  options: { generic: boolean },
): RoledQuantity | undefined {
  const nouns = perNouns(price)
  const stocks = stocksOf(roled)
  const distance = (entry: RoledQuantity) => Math.abs(entry.quantity.sentenceIndex - price.quantity.sentenceIndex)
  for (const noun of nouns) {
    if (GENERIC_THING.test(noun) || GENERIC_SEAT.test(noun)) continue
    const closest = stocksNamed(roled, noun).reduce<RoledQuantity | undefined>(
      (best, entry) => (best === undefined || distance(entry) < distance(best) ? entry : best),
      undefined,
    )
    if (closest !== undefined) return closest
  }
  if (!options.generic) return undefined
  const generic = nouns.some((noun) => GENERIC_THING.test(noun) || noun === 'item')
  const seat = nouns.some((noun) => GENERIC_SEAT.test(noun))
  if (!generic && !seat) return undefined
  // "per enhet" counts things, never the staff; "per licence" counts whoever holds one.
  const plausible = seat ? stocks : stocks.filter((entry) => !isPerson(entry))
  return onlyOne(plausible) ?? onlyOne(plausible.filter((entry) => used.has(entry.quantity.index)))
}

const STOCKS = new WeakMap<readonly RoledQuantity[], { stocks: RoledQuantity[]; named: Map<string, RoledQuantity[]> }>()

/** The stocks of a reading, found once (a long schedule asks for every price). */
function stocksOf(roled: readonly RoledQuantity[]): RoledQuantity[] {
  const known = STOCKS.get(roled)
  if (known !== undefined) return known.stocks
  const stocks = roled.filter(isStock)
  STOCKS.set(roled, { stocks, named: new Map() })
  return stocks
}

/** The stocks of a reading that count a thing of the noun's name, once per noun. */
function stocksNamed(roled: readonly RoledQuantity[], noun: string): RoledQuantity[] {
  stocksOf(roled)
  const cache = STOCKS.get(roled)
  if (cache === undefined) return []
  const found = cache.named.get(noun) ?? cache.stocks.filter((entry) => countWords(entry).some((word) => sameNoun(word, noun)))
  cache.named.set(noun, found)
  return found
}

/** The one thing counted (the same count written twice is one), or undefined. */
function onlyOne(entries: readonly RoledQuantity[]): RoledQuantity | undefined {
  const atoms = new Set(entries.map((entry) => Object.keys(entry.quantity.unit)[0]))
  return atoms.size === 1 ? entries[0] : undefined
}

/** A count of how often something happens: "once a week", "twice a month", "3 times a year", "två gånger i veckan". */
const FREQUENCY = /(?<!\p{L})(?:once|twice|thrice|times|gång|gånger|ggr)(?!\p{L})/iu

/**
 * "garments are washed once a week", "varje bil tvättas två gånger i månaden": a frequency is per
 * thing its clause names, so the uses a period are it times the count of that thing.
 */
export function frequencyOf(frequency: RoledQuantity, roled: readonly RoledQuantity[]): RoledQuantity | undefined {
  if (frequency.quantity.kind !== 'count' || !FREQUENCY.test(frequency.quantity.text)) return undefined
  const clause = frequency.of ?? frequency.quantity.sentence
  const words = clause.split(/[^\p{L}-]+/u).filter((word) => word.length >= 3)
  return roled
    .filter(isStock)
    .find((entry) => entry !== frequency && countWords(entry).some((word) => words.some((other) => sameNoun(word, other))))
}
