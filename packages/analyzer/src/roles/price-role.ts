// Whether an amount is the offer's price, and which kind: the words that price it (a label, a
// heading, "we charge", the offer named as what costs), the words that make it the customer's, and
// the per-words that make it recurring, one-off or per use.
import type { PriceWhat, Quantity } from '../model.ts'
import { CUSTOMER_SIDE, OFFER_ACTS, OFFER_THINGS, ONE_OFF, PRICE_LABEL, SELLER_CHARGES } from './cues.ts'
import { lead } from './clauses.ts'
import { unicodeWords } from '../read/word-boundary.ts'

/** "It costs $14,400 a year …", "Det kostar 2 900 kr i månaden": a sentence that opens on what "it" costs names the offer. */
const IT_COSTS = /^\s*(?:it|this|det|detta)\s+(?:costs|kostar|runs)\s+(?:just\s+|only\s+|bara\s+|endast\s+)?$/iu

/** A short label before a colon and nothing else. */
const LABEL_ONLY = /^\s*[\p{L}][\p{L}\s,&/-]{2,40}:\s*$/u

/** "Kostnad 350 kr per hyresgäst och månad.": a line that is a price word and one amount. */
const PRICE_WORD_ALONE = /^\s*(?:kostnad|cost|pris|price|avgift|fee)\s*:?\s*$/iu

/** A label of what something costs the customer today. */
const COST_TODAY = unicodeWords(/\b(?:today|current|currently|now|i\s+dag|idag|nuvarande|nu|kostnad|kostar|cost|costs|spend|budget)\b/iu)

/** A price word a few words before the amount: "Licence fee: $65", "årsavgift om 4 800 kr". */
const PRICE_WORD_BEFORE = unicodeWords(
  /\b(?:price|pricing|fee|licen[cs]e|subscription|lease|leasing|pris|avgift|årsavgift|månadsavgift|licens|abonnemang|(?:leasing|engångs|start|uppstarts|installation|implementation|implementerings|införande|setup|one-time|onboarding)[\p{L}-]*)[^\p{L}\p{N}]+(?:\p{L}+[^\p{L}\p{N}]+){0,2}$/iu,
)

/** What the customer loses, risks or saves: an amount said so is never the offer's price. */
const AT_STAKE = unicodeWords(
  /\b(?:risks?|exposure|breach(?:es)?|violations?|penalt(?:y|ies)|fines|fined|a\s+fine\s+of|loss|losses|lost|losing|missed|at\s+stake|saved|savings?|avoided|förlust(?:er|en)?|böter|viten?|sanktionsavgift(?:er|en)?|risken|riskerar|sparade?|besparing(?:en|ar)?|undviker|undvikna)\b/iu,
)
/** The per-words of an amount ("per", "a", "month", "året"). */
const PER_WORDS = unicodeWords(
  /\b(?:per|a|an|each|och|i|om|and)\b|\b(?:day|days|week|weeks|month|months|mo|year|years|yr|annum|dag|vecka|månad|mån|år|året|månaden)\b/giu,
)

export function priceScore(quantity: Quantity, clause: string, offerName: readonly string[]): number {
  const sentence = quantity.sentence
  let score = 0
  if (PRICE_LABEL.test(sentence)) score += 3
  else if (PRICE_WORD_BEFORE.test(lead(quantity)) && !CUSTOMER_SIDE.test(clause)) score += 2
  // "we charge" prices its own clause; another amount in the sentence is likely a price too ("X kostar 6 kr (engång) och därefter tar vi 12 öre").
  if (SELLER_CHARGES.test(clause)) score += 3
  else if (SELLER_CHARGES.test(sentence)) score += 1
  if (OFFER_THINGS.test(clause) || OFFER_THINGS.test(lead(quantity))) score += 2
  if (namesTheOffer(lead(quantity), offerName) || IT_COSTS.test(lead(quantity))) score += 3
  if (ONE_OFF.test(clause)) score += 1
  // "Skanner, montage och driftsättning: 240 000 EUR, engångskostnad": an amount called one-off right after it.
  if (calledOneOff(quantity)) score += 2
  if (
    /\b(?:fee|fees|avgift\w*|arvode\w*)\b/iu.test(clause) &&
    !/\b(?:late|penalty|fine|vite|viten|förseningsavgift|böter)\b/iu.test(clause)
  )
    score += 2
  const perPeople = (quantity.unit.person ?? 0) < 0
  const perPeriod = ['month', 'year'].some((period) => (quantity.unit[period] ?? 0) < 0)
  // "$65/user/month" is a seat price; "22 FTE at $41,000 each" is what a person costs the customer.
  const writtenPer = /\/|\bper\b|\bi\s+månaden\b/iu.test(
    quantity.text + quantity.sentence.slice(quantity.end - quantity.sentenceStart, quantity.end - quantity.sentenceStart + 12),
  )
  if (perPeople && perPeriod && writtenPer) score += 2
  // A line that is nothing but an amount per thing per period ("$1.50 per unit per month.", "Cost: $32 per vehicle per month") states the offer's price.
  // What the sentence says besides the amount and its per-words ("$2.10/endpoint/month.", "$790/month.").
  const bare = sentence
    .replace(quantity.text, '')
    .replace(/\b(?:cost|costs|price|kostnad|pris)\s*:/iu, '')
    .replace(PER_WORDS, '')
    .replace(/\/[\p{L}-]+/gu, '')
    .replace(/[^\p{L}]/gu, '')
  const alone = (sentence.match(/\d+(?:[ .,]\d+)*/gu) ?? []).length <= (quantity.text.match(/\d+(?:[ .,]\d+)*/gu) ?? []).length
  if (perPeriod && alone && bare.length <= 14) score += 2
  // "$0.10 per order.": a sentence that is nothing but an amount per thing is the offer's price per use.
  const perThing = Object.entries(quantity.unit).some(([atom, power]) => power < 0 && atom !== 'money' && atom !== 'hour')
  const perWritten = /^(?:\s*(?:per|each|every|\/)\s*[\p{L}-]+)*[\s.]*$/iu.test(sentence.slice(quantity.end - quantity.sentenceStart))
  if (!perPeriod && perThing && alone && (bare.length === 0 || (perWritten && sentence.trim().startsWith(quantity.text)))) score += 2
  // "Sensorer och plattform: 8 900 kr/mån.": a line that labels one amount a period names what it costs.
  const label = sentence.slice(0, quantity.start - quantity.sentenceStart)
  if (
    perPeriod &&
    alone &&
    ((LABEL_ONLY.test(label) && !COST_TODAY.test(label)) || PRICE_WORD_ALONE.test(label)) &&
    sentence
      .slice(quantity.end - quantity.sentenceStart)
      .replace(/(?:(?<!\p{L})per\s+|\/\s*)[\p{L}-]+/giu, '')
      .replace(PER_WORDS, '')
      .replace(/[^\p{L}]/gu, '').length === 0
  )
    score += 2
  // "we'd do the whole thing for a flat $890,000 a year", "we monitor all sites … for $1,450": what we do, for a price.
  if (
    /\b(?:we|we'd|we'll|vi)\b[^.]{0,80}\b(?:for|för|at|à)\s+(?:a\s+flat|only|just|a\s+fixed|ett\s+fast\s+pris\s+av|bara)?\s*$/iu.test(
      lead(quantity),
    )
  )
    score += 3
  if (CUSTOMER_SIDE.test(clause)) score -= 3
  // "Total annual compliance risk: $2M–$10M", "regulatory breach: £10K per violation": what the customer stands to lose or save, not what the offer costs.
  if (AT_STAKE.test(clause) && !SELLER_CHARGES.test(clause) && !PRICE_LABEL.test(clause)) score -= 3
  // "Kedjan betalar för 540 licenser …, 35 USD per licens och månad": what the customer pays someone today.
  else if (CUSTOMER_SIDE.test(sentence) && !SELLER_CHARGES.test(sentence) && !PRICE_LABEL.test(sentence) && !OFFER_ACTS.test(sentence))
    score -= 2
  if ((quantity.unit.hour ?? 0) < 0 && !SELLER_CHARGES.test(sentence) && !PRICE_LABEL.test(sentence)) score -= 1
  return score
}

/** "240 000 EUR, engångskostnad", "€7,500 setup": the words right after the amount call it one-off. */
export function calledOneOff(quantity: Quantity): boolean {
  const after = quantity.sentence.slice(quantity.end - quantity.sentenceStart)
  const [between, rest = ''] = after.split(ONE_OFF)
  // Not ", installation 45 € per rum": a one-off word that leads the next amount names that one.
  // Not "12 kr per rum och dygn, installation ingår": a one-off that is included costs nothing of its own.
  return (
    ONE_OFF.test(after) &&
    /^\s*(?:styck|st\.?|each|apiece|per\s+styck|per\s+[\p{L}-]+)?\s*[,:–(-]?\s*$/u.test(between ?? '') &&
    !/^\s*(?:\p{L}+\s+){0,2}[$€£]?\s*\d/u.test(rest) &&
    !/^\s*(?:ingår|included|is\s+included|inkluderad|inkluderat|free|gratis|utan\s+kostnad)/iu.test(rest)
  )
}

export function priceWhat(quantity: Quantity, clause: string): PriceWhat {
  if (quantity.kind === 'percent')
    return /gain|saving|saves|save|besparing|sparar|merförsäljning|uplift|ökning|result|resultat|tillbaka|get\s+back|recover|återvinn|vinst/iu.test(
      clause,
    )
      ? 'shareOfGain'
      : 'shareOfSpend'
  if (/\b(?:minimum|min\.|lägst|minst|minimiavgift|at\s+least)\b/iu.test(clause)) return 'minimum'
  const periodic = ['day', 'week', 'month', 'quarter', 'year'].some((period) => (quantity.unit[period] ?? 0) < 0)
  if (periodic && !calledOneOff(quantity)) return 'recurring'
  if (ONE_OFF.test(clause) || calledOneOff(quantity)) return 'oneOff'
  const perThing = Object.entries(quantity.unit).some(([atom, exponent]) => exponent < 0 && atom !== 'money')
  return perThing ? 'perUse' : 'oneOff'
}

/** A product's name written as one word with a capital inside it ("SnowBrain", "VendIQ", "SnöLogik"). */
const BRAND = /(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+\p{Lu}[\p{L}\p{N}]*/gu

/**
 * The offer's own name: the nouns of the text's first line or sentence ("Självserviceportal för
 * kundtjänst"), and any brand-like word, which in a seller's text names the seller or the offer.
 */
export function offerWords(text: string): string[] {
  const brands = (text.match(BRAND) ?? []).map((word) => word.toLowerCase())
  const first = text.trim().split(/[.:\n!?]/u)[0] ?? ''
  // "Annual spend is $10M." opens with a fact, not a name; "Notes from the Osaka visit – VendIQ" is named by its brand.
  if (/\d/u.test(first) || brands.length > 0) return brands
  return [...(first.match(/\p{L}{5,}/gu) ?? []).slice(0, 4).map((word) => word.toLowerCase()), ...brands]
}

/** "Portalen kostar 6 900 kr i månaden" after "Självserviceportal …": the offer named as what costs. */
function namesTheOffer(lead: string, offerName: readonly string[]): boolean {
  const match = /([\p{L}]{4,})(?:en|et|n|t)?\s+(?:kostar|costs?|is|är|runs|will\s+cost)\s+(?:\p{L}+\s+){0,2}$/iu.exec(lead)
  const word = match?.[1]?.toLowerCase()
  if (word === undefined) return false
  return offerName.some((name) => name.endsWith(word) || word.endsWith(name.slice(-Math.min(name.length, 6))))
}
