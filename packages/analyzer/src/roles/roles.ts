// The roles stage: each quantity is the customer's baseline, an effect the offer has, the offer's
// price, or context — read from the words of its sentence and clause (cues.ts), its kind, its
// unit and its relations, never from a story.
import type { BaselineWhat, EffectWhat, PriceWhat, Quantity, Role, RoledQuantity } from '../model.ts'
import {
  CUSTOMER_SIDE,
  DECREASE,
  EXCHANGE_RATE,
  INCREASE,
  OFFER_ACTS,
  OFFER_THINGS,
  ONE_OFF,
  PRICE_LABEL,
  RATING,
  REMAINS,
  REPLACES,
  SELLER_CHARGES,
  SELLER_RECORD,
  STATE,
} from './cues.ts'
import { readExchangeRates } from '../read/exchange-rates.ts'
import { unicodeWords } from '../read/word-boundary.ts'

/** The words of a figure's clause before the figure. */
function clauseLead(quantity: Quantity): string {
  const clause = clauseOf(quantity)
  const offset = quantity.start - quantity.sentenceStart
  const clauseStart = quantity.sentence.lastIndexOf(clause, offset)
  return clauseStart < 0 ? lead(quantity) : quantity.sentence.slice(clauseStart, offset)
}

/** The clause of a figure: its sentence cut at commas, semicolons, dashes and "and"/"och" around it. */
export function clauseOf(quantity: Quantity): string {
  const offset = quantity.start - quantity.sentenceStart
  const sentence = quantity.sentence
  const cut = /[,;–—()]|\s(?:and|but|while|whereas|och|men|medan|varav)\s/giu
  let start = 0
  let end = sentence.length
  for (let match = cut.exec(sentence); match !== null; match = cut.exec(sentence)) {
    if (match.index + match[0].length <= offset) start = match.index + match[0].length
    else if (match.index >= offset + quantity.text.length) {
      end = match.index
      break
    }
  }
  return sentence.slice(start, end)
}

/** The words of the sentence before the figure. */
function lead(quantity: Quantity): string {
  return quantity.sentence.slice(0, Math.max(0, quantity.start - quantity.sentenceStart))
}

/** A figure inside a stated exchange rate ("10.1 NOK to the dollar") or named one ("växelkurs 11,40"). */
function isExchangeRate(quantity: Quantity): boolean {
  if (quantity.kind !== 'money' && quantity.kind !== 'count') return false
  const [start, end] = [quantity.start - quantity.sentenceStart, quantity.end - quantity.sentenceStart]
  if (readExchangeRates(quantity.sentence).some((rate) => rate.start < end && start < rate.end)) return true
  return EXCHANGE_RATE.test(quantity.sentence.slice(Math.max(0, start - 30), end))
}

function contextReason(quantity: Quantity, clause: string): string | undefined {
  const { value } = quantity
  if (isExchangeRate(quantity)) return 'exchange rate'
  if (RATING.test(clause) && value <= 10) return 'rating'
  const yearLike = Number.isInteger(value) && value >= 1900 && value <= 2100 && quantity.kind === 'count' && quantity.noun === undefined
  if (yearLike) return 'year'
  if (quantity.flags.has('threshold') && quantity.kind !== 'money' && quantity.kind !== 'percent') return 'limit'
  // "used by 600+ contractors", "over 2,000 fleets", "saved our clients $2M": the seller's record — not
  // "our clients pay out on 48,000 claims a year", which describes the customer.
  const recordNoun =
    /^(?:customers?|clients?|companies|businesses|users?|partners?|fleets?|contractors?|firms?|organi[sz]ations?|teams?|kunder|kund|företag|åkerier|användare|partner|organisationer|byråer)$/iu
  if (
    SELLER_RECORD.test(clause) &&
    !PRICE_LABEL.test(quantity.sentence) &&
    ((quantity.kind === 'count' && recordNoun.test(quantity.nounText ?? '')) ||
      (quantity.kind === 'count' && quantity.nounText === undefined) ||
      (quantity.kind === 'money' && /\b(?:saved|helped|delivered|sparat|hjälpt)\b/iu.test(clause)))
  )
    return "seller's record"
  if (quantity.kind === 'count' && (quantity.unit.person ?? 0) >= 0 && SELLER_TEAM.test(lead(quantity))) return "seller's team"
  return undefined
}

/**
 * The seller's own headcount: "we're 22 people", "a team of 14", "we're a partner with 18 consultants",
 * "vi är 12 personer" — not "vi har 610 anställda", which a buyer writes of itself.
 */
const SELLER_TEAM =
  /(?:(?<!\p{L})(?:we(?:'re|\s+are)|vi\s+är)\s+(?:a\s+team\s+of\s+|ett\s+team\s+på\s+)?(?:about\s+|around\s+|ca\s+|cirka\s+)?|(?<!\p{L})(?:we(?:'re|\s+are)|vi\s+är)\s+(?:an?|en|ett)\s+[^.,;\d]{0,50}(?<!\p{L})(?:with|med)\s+|(?<!\p{L})(?:a|our)\s+(?:[\p{L}-]+\s+)?team\s+of\s+|(?<!\p{L})(?:ett|vårt)\s+team\s+på\s+)$/iu

/** "It costs $14,400 a year …", "Det kostar 2 900 kr i månaden": a sentence that opens on what "it" costs names the offer. */
const IT_COSTS = /^\s*(?:it|this|det|detta)\s+(?:costs|kostar|runs|is)\s+(?:just\s+|only\s+|bara\s+|endast\s+)?$/iu

/** A short label before a colon and nothing else. */
const LABEL_ONLY = /^\s*[\p{L}][\p{L}\s,&/-]{2,40}:\s*$/u

/** "Kostnad 350 kr per hyresgäst och månad.": a line that is a price word and one amount. */
const PRICE_WORD_ALONE = /^\s*(?:kostnad|cost|pris|price|avgift|fee)\s*:?\s*$/iu

/** A label of what something costs the customer today. */
const COST_TODAY = unicodeWords(/\b(?:today|current|currently|now|i\s+dag|idag|nuvarande|nu|kostnad|kostar|cost|costs|spend|budget)\b/iu)

/** Verbs of the offer taking work over: "resolves", "handles", "löser". */
const TAKES_OVER = unicodeWords(
  /\b(?:resolves?|solves?|handles?|fixes|automates?|takes\s+over|deflects?|löser|hanterar|automatiserar|tar\s+hand\s+om|tar\s+över)\b/iu,
)

/** A label that names a saving just before its percentage. */
const SAVING_LABEL =
  /(?:^|[\s,;(])(?:\p{L}*besparing|\p{L}*minskning|savings?|reduction|time\s+saved|tid\s+sparad)\s*(?:på|of|:|–|-)?\s*(?:ca\.?\s+|cirka\s+|about\s+|around\s+)?$/iu

/** The language of a contract's obligations. */
const CONTRACT_TERMS = unicodeWords(/\b(?:shall|hereby|hereunder|pursuant\s+to|notwithstanding|skall|härmed|enligt\s+detta\s+avtal)\b/iu)

/** What the offer makes possible: "can", "kan". */
const CAN = unicodeWords(/\b(?:can|could|kan|kunna)\b/iu)

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

function priceScore(quantity: Quantity, clause: string, offerName: readonly string[]): number {
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
function calledOneOff(quantity: Quantity): boolean {
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

function priceWhat(quantity: Quantity, clause: string): PriceWhat {
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

function baselineWhat(quantity: Quantity): BaselineWhat {
  const { unit } = quantity
  switch (quantity.kind) {
    case 'money': {
      const perTime = (unit.hour ?? 0) < 0
      if (perTime) return 'rate'
      // "the average salary is $54,000" in a sentence of staff turnover is a cost, not revenue.
      if (/\b(?:salary|salaries|wages?|lön\w*)\b/iu.test(lead(quantity).slice(-40))) return 'cost'
      if (/\b(?:revenue|sales|turnover|omsättning|intäkt\w*|försäljning|order value|ordervärde)\b/iu.test(quantity.sentence))
        return 'revenue'
      return 'cost'
    }
    case 'duration':
      return (unit.hour ?? 0) > 0 ? 'time' : 'periods'
    case 'percent':
      return 'share'
    case 'measure':
      return 'measure'
    default:
      return 'volume'
  }
}

/** Whether a percentage (or word fraction) is a change the offer makes rather than a state of things. */
function effectOf(quantity: Quantity, clause: string): EffectWhat | undefined {
  // A contract's terms ("shall receive 30 %", "skall erläggas") set obligations; they claim no change.
  if (CONTRACT_TERMS.test(quantity.sentence)) return undefined
  // "the $25k a year you pay an outside consultant … goes away": a cost the offer removes whole.
  if (
    quantity.kind === 'money' &&
    // Not "varje år försvinner 12 % av beståndet": a loss rate, not the cost going away.
    /\b(?:goes\s+away|go\s+away|disappears?|no\s+longer\s+(?:needed|necessary)|is\s+eliminated|försvinner|behövs\s+inte\s+längre|faller\s+bort|slipper\s+ni)\b(?![^.\d]{0,16}\d)|\b(?:can|could|kan)\s+(?:\p{L}+\s+)?(?:drop|cancel|end|retire|terminate|säga\s+upp|avsluta|slopa)\s+(?:the|your|that|er|ert|era)\b/iu.test(
      quantity.sentence,
    )
  )
    return 'replace'
  // "saves 4 min per invoice", "sparar 2 timmar i veckan", "shaves 180 kW off the peak": the saving itself.
  if (
    (quantity.kind === 'duration' || quantity.kind === 'money' || quantity.kind === 'count' || quantity.kind === 'measure') &&
    /\b(?:saves?|saving|frees?\s+up|cuts?|shaves?|trims?|sparar|spara|frigör|kapar|minskar\s+med)\s+(?:about|around|roughly|up\s+to|in\s+total|altogether|a\s+total\s+of|ca|cirka|runt|upp\s+till|sammanlagt|totalt|omkring|ungefär)?\s*$/iu.test(
      lead(quantity),
    )
  )
    return 'direct'
  // "ger 150 kg högre skörd per hektar", "brings 40 more bookings a week": the change itself, stated as an amount.
  if (
    (quantity.kind === 'count' || quantity.kind === 'measure') &&
    quantity.relation === undefined &&
    // Not "stays ten more months": a length of time longer is no amount of things.
    !['day', 'week', 'month', 'quarter', 'year'].some((period) => (quantity.unit[period] ?? 0) > 0) &&
    OFFER_ACTS_OR_GIVES.test(lead(quantity)) &&
    /^\s*(?:\p{L}+\s+)?(?:more|higher|extra|additional|fewer|less|lower|mer|högre|fler|lägre|färre|mindre)\s+\p{L}/iu.test(
      quantity.text.replace(/^[^\p{L}]+/u, ' ') + quantity.sentence.slice(quantity.end - quantity.sentenceStart),
    )
  )
    return 'direct'
  if (quantity.kind === 'multiplier')
    return quantity.relation?.kind === 'times' && quantity.relation.direction === 'faster' ? 'multiplier' : 'uplift'
  if (quantity.relation?.kind === 'from' || quantity.relation?.kind === 'to') return 'beforeAfter'
  if (quantity.kind !== 'percent') return undefined
  // "with the service only the review remains, about a fifth of the time": the share still needed.
  if (REMAINS.test(quantity.sentence) && OFFER_ACTS.test(quantity.sentence)) return 'remaining'
  // "var sjätte har inte loggat in …, så de kan sägas upp": a share the rest of the sentence says can go.
  const rest = quantity.sentence.slice(quantity.end - quantity.sentenceStart)
  if (quantity.relation?.kind === 'oneIn' && CAN.test(rest) && DECREASE.test(rest)) return 'reduction'
  if (quantity.relation?.kind === 'oneIn' && !(OFFER_ACTS.test(quantity.sentence) && (DECREASE.test(clause) || INCREASE.test(clause))))
    return undefined
  // "Tidsbesparing 30 %", "Savings: 20%": a saving named by its label.
  if (SAVING_LABEL.test(clauseLead(quantity))) return 'reduction'
  if (quantity.flags.has('decrease')) return 'reduction'
  if (quantity.flags.has('increase')) return 'uplift'
  const sentence = quantity.sentence
  const acts = OFFER_ACTS.test(sentence)
  const down = DECREASE.test(clause)
  const up = INCREASE.test(clause)
  // "get it down to 5 %", "lifts conversion to 3.2 %": the level after the change.
  // Not "cut by 18 to 24 percent": a range's upper end follows "to" too.
  if (
    !quantity.flags.has('range') &&
    /\b(?:to|till|down\s+to|ner\s+till|ned\s+till)\s*(?:about\s+|around\s+|cirka\s+|ca\s+|runt\s+)?$/iu.test(clauseLead(quantity))
  )
    return 'target'
  // "med våra vågar och närvaroprognoser: 11 %", "with our scales: 5 %": the level the offer reaches.
  if (
    acts &&
    !down &&
    !up &&
    OFFER_ACTS.test(clause.length > 12 ? sentence : clause) &&
    !STATE.test(clause) &&
    /:\s*$|\b(?:with|med)\b/iu.test(clauseLead(quantity))
  ) {
    return 'target'
  }
  if (STATE.test(clause) && !down && !up) return undefined
  // "med AR-glasögon kan personalen guidas på distans i 45 % av fallen": the share of cases the offer takes over.
  if (
    (acts || /^\s*(?:with|med)\s+\p{L}/iu.test(sentence)) &&
    !down &&
    !up &&
    // "can … in 45 % of cases" as the sentence's only share ("35 % could be fixed …, and our flow resolves 70 %" has two),
    // or what the offer itself takes over in its clause ("our flow resolves 70 % of them").
    ((CAN.test(sentence) && (sentence.match(/\d\s*%|\bper\s?cent\b|procent/giu) ?? []).length === 1) ||
      (TAKES_OVER.test(clause) && OFFER_ACTS.test(clause))) &&
    /^\s*(?:of|av)\s+(?:the\s+|all\s+|alla\s+)?\p{L}/iu.test(quantity.sentence.slice(quantity.end - quantity.sentenceStart))
  )
    return 'reduction'
  if (down) return 'reduction'
  if (up) return 'uplift'
  if ((down || up) && acts) return down ? 'reduction' : 'uplift'
  if (REPLACES.test(clause) && acts) return 'replace'
  return undefined
}

/** A product's name written as one word with a capital inside it ("SnowBrain", "VendIQ", "SnöLogik"). */
const BRAND = /(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+\p{Lu}[\p{L}\p{N}]*/gu

/**
 * The offer's own name: the nouns of the text's first line or sentence ("Självserviceportal för
 * kundtjänst"), and any brand-like word, which in a seller's text names the seller or the offer.
 */
function offerWords(text: string): string[] {
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

/** The role of one quantity. */
export function roleOf(quantity: Quantity, offerName: readonly string[] = []): Role {
  const clause = clauseOf(quantity)
  const context = contextReason(quantity, clause)
  if (context !== undefined) return { role: 'context', why: context }
  if (quantity.flags.has('example')) return { role: 'context', why: 'example text' }
  if (
    quantity.kind === 'money' ||
    (quantity.kind === 'percent' &&
      (PRICE_LABEL.test(quantity.sentence) || SELLER_CHARGES.test(quantity.sentence)) &&
      /\b(?:of|av)\b/iu.test(clause))
  ) {
    if (priceScore(quantity, clause, offerName) >= 2) return { role: 'price', what: priceWhat(quantity, clause) }
  }
  const effect = effectOf(quantity, clause)
  if (effect !== undefined) return { role: 'effect', what: effect }
  return { role: 'baseline', what: baselineWhat(quantity) }
}

/** Roles for every quantity; a before→after pair shares one role, and "the level after" pairs with its level before. */
export function assignRoles(quantities: readonly Quantity[], text = ''): RoledQuantity[] {
  const offerName = offerWords(text)
  const roled = quantities.map((quantity) => ({ quantity, role: roleOf(quantity, offerName), of: clauseOf(quantity).trim() }))
  for (const entry of roled) {
    const relation = entry.quantity.relation
    if (relation?.kind !== 'from' && relation?.kind !== 'to') continue
    const partner = roled[relation.kind === 'from' ? relation.to : relation.from]
    if (partner === undefined) continue
    // A pair about the offer's price ("from $900 to $450 a month" for the plan) stays a price.
    const role: Role = entry.role.role === 'price' || partner.role.role === 'price' ? entry.role : { role: 'effect', what: 'beforeAfter' }
    entry.role = role
    partner.role = role
  }
  for (const entry of roled) if (replacedByNextSentence(entry, text)) entry.role = { role: 'effect', what: 'replace' }
  roled.forEach((entry, index) => {
    if (pricedByTheClauseBefore(entry, roled[index - 1]))
      entry.role = { role: 'price', what: priceWhat(entry.quantity, clauseOf(entry.quantity)) }
  })
  for (const entry of roled) {
    if (entry.role.role === 'baseline' && entry.quantity.kind === 'money' && underPriceHeading(entry.quantity, text))
      entry.role = { role: 'price', what: priceWhat(entry.quantity, clauseOf(entry.quantity)) }
  }
  for (const entry of roled) if (restatesAChange(entry, roled)) entry.role = { role: 'context', why: 'restates the change' }
  for (const index of levelsBeforeChanges(roled)) {
    const level = roled[index]
    if (level !== undefined) level.role = { role: 'baseline', what: 'share' }
  }
  for (const index of levelsBeforeTargets(roled)) {
    const level = roled[index]
    if (level !== undefined) level.role = { role: 'baseline', what: 'share' }
  }
  return roled
}

/** "a monthly churn of 4.2 %", "en månadschurn på 4,2 %": a level named by its noun. */
const LEVEL_OF = /\b(?:of|på)\s+(?:about\s+|around\s+|roughly\s+|ca\.?\s+|cirka\s+|runt\s+)?$/iu
/** "… by a quarter", "… med en fjärdedel": the change itself. */
const CHANGE_BY = /\b(?:by|med)\s+(?:about\s+|around\s+|roughly\s+|up\s+to\s+|ca\.?\s+|cirka\s+|upp\s+till\s+)?$/iu

/**
 * "Med era 9 800 medlemmar och en månadschurn på 4,2 % brukar vi minska uppsägningarna med en
 * fjärdedel": a share named as a level and, later in its sentence, the change "by" an amount — the
 * change verb is the second's, and the first is the level it changes.
 */
function levelsBeforeChanges(roled: readonly RoledQuantity[]): number[] {
  const levels: number[] = []
  roled.forEach((entry, index) => {
    const { quantity, role } = entry
    if (role.role !== 'effect' || quantity.kind !== 'percent' || quantity.relation !== undefined) return
    if (!LEVEL_OF.test(lead(quantity))) return
    const change = roled.find(
      (other) =>
        other.quantity.index > quantity.index &&
        other.quantity.sentenceIndex === quantity.sentenceIndex &&
        other.role.role === 'effect' &&
        other.quantity.kind === 'percent' &&
        CHANGE_BY.test(lead(other.quantity)),
    )
    if (change !== undefined) levels.push(index)
  })
  return levels
}

/**
 * "about 11 % of them don't turn up … our clinics get it down to 6 %", "you convert 4 % of them … we
 * move that to 4.5 %": the level a target changes, stated of the customer before it, is a level
 * whatever verb it has, when no other level stands between them.
 */
function levelsBeforeTargets(roled: readonly RoledQuantity[]): number[] {
  const levels: number[] = []
  roled.forEach((target, index) => {
    if (target.role.role !== 'effect' || target.role.what !== 'target' || target.quantity.kind !== 'percent') return
    for (let before = index - 1; before >= 0; before -= 1) {
      const entry = roled[before]
      if (entry === undefined || target.quantity.sentenceIndex - entry.quantity.sentenceIndex > 2) return
      if (entry.quantity.kind !== 'percent' || entry.quantity.relation !== undefined) continue
      if (entry.role.role === 'baseline') return
      const changed = entry.role.role === 'effect' && (entry.role.what === 'uplift' || entry.role.what === 'reduction')
      if (changed && !OFFER_ACTS.test(entry.of ?? '')) levels.push(before)
      return
    }
  })
  return levels
}

/** A heading that names the offer's price on a line of its own: "Investment", "Pricing", "Vad det kostar". */
const PRICE_HEADING =
  /^\s*(?:#+\s*)?(?:q:\s*)?(?:investment|your\s+investment|the\s+investment|pricing|price|prices|commercials|fees|what\s+it\s+costs|our\s+fees?|pris|priser|prissättning|investering|vad\s+det\s+kostar|vår\s+avgift|(?:what|how\s+much)\s+does\s+it\s+cost|vad\s+kostar\s+det)\s*[:?]?\s*$/iu

/**
 * "Investment\n• €390 per month, all-inclusive": an amount in the list under a price heading is the
 * offer's price, unless its own words say it is the customer's.
 */
function underPriceHeading(quantity: Quantity, text: string): boolean {
  const at = text.indexOf(quantity.sentence)
  if (at < 0 || CUSTOMER_SIDE.test(clauseOf(quantity))) return false
  const lines = text.slice(0, at).split('\n')
  const current = lines.pop() ?? ''
  if (!/^\s*(?:[•●▪*–-]|\d+[.)]|a:)?\s*$/iu.test(current)) return false
  // "Vad kostar det?\nEn plattformsavgift på 18 000 kr i månaden": the line right under the heading.
  if (PRICE_HEADING.test(lines[lines.length - 1] ?? '')) return true
  for (let index = lines.length - 1; index >= Math.max(0, lines.length - 6); index -= 1) {
    const line = lines[index] ?? ''
    if (PRICE_HEADING.test(line)) return true
    if (!/^\s*(?:[•●▪*–-]|\d+[.)])\s+\S/u.test(line)) return false
  }
  return false
}

/** "… och programvaran ", "and the app ", "plus support ": a joined clause that names a thing and no verb of its own. */
const JOINED_NO_VERB = /^\s*(?:and|plus|och|samt|plus)\s+(?:the\s+|a\s+|an\s+)?[\p{L}-]+\s*(?:for\s+|för\s+)?$/iu

/**
 * "Halsbanden kostar 1 100 kr per ko och programvaran 3 000 kr per år", "The sensors are $40 each and
 * the dashboard $90 a month": an amount whose clause borrows the verb of the price before it is a price too.
 */
function pricedByTheClauseBefore(entry: RoledQuantity, previous: RoledQuantity | undefined): boolean {
  const { quantity } = entry
  if (previous === undefined || previous.role.role !== 'price' || quantity.kind !== 'money' || entry.role.role !== 'baseline') return false
  if (previous.quantity.sentenceIndex !== quantity.sentenceIndex || previous.quantity.page !== quantity.page) return false
  const between = quantity.sentence.slice(previous.quantity.end - quantity.sentenceStart, quantity.start - quantity.sentenceStart)
  // The price's own per-words and asides ("per ko (engång)") stand before the joining word.
  const joined = /(?:^|[\s)])(?:and|plus|och|samt)\s.*$/iu.exec(between)?.[0] ?? ''
  return joined !== '' && JOINED_NO_VERB.test(joined) && !/\d/u.test(between)
}

/** The offer acting or giving before an amount of change: "we bring", "ger dessutom", "yields". */
const OFFER_ACTS_OR_GIVES = unicodeWords(
  /\b(?:gives?|brings?|yields?|delivers?|adds?|means|ger|tillför|innebär|leder\s+till|we|our|vi|vår|våra|vårt)\b/iu,
)

/** "i.e.", "that is", "alltså", "dvs": what follows says the figure before again. */
const IN_OTHER_WORDS = unicodeWords(
  /\b(?:i\.e\.|that\s+is|that\s+means|which\s+means|in\s+other\s+words|alltså|dvs\.?|det\s+vill\s+säga|med\s+andra\s+ord)\b/iu,
)

/**
 * "höjer volymutbytet med 1,5 procentenheter, alltså blir 1,5 % av timret sågade varor": a share
 * equal to a change in its sentence, said again after "alltså", is that change, not a second factor.
 */
function restatesAChange(entry: RoledQuantity, roled: readonly RoledQuantity[]): boolean {
  const { quantity, role } = entry
  if (role.role !== 'baseline' || quantity.kind !== 'percent') return false
  const lead = quantity.sentence.slice(0, quantity.start - quantity.sentenceStart)
  return roled.some(
    (other) =>
      other !== entry &&
      other.role.role === 'effect' &&
      other.quantity.sentence === quantity.sentence &&
      other.quantity.start < quantity.start &&
      other.quantity.value === quantity.value &&
      IN_OTHER_WORDS.test(lead.slice(other.quantity.end - quantity.sentenceStart)),
  )
}

/**
 * "… which costs them $7,500 a month. Our contract cleaning replaces that in-house cleaning
 * completely.": a cost a period, followed by a sentence without figures in which the offer
 * replaces it, is a cost the offer removes whole.
 */
function replacedByNextSentence(entry: RoledQuantity, text: string): boolean {
  const { quantity, role } = entry
  if (role.role !== 'baseline' || quantity.kind !== 'money') return false
  if (!['day', 'week', 'month', 'quarter', 'year'].some((period) => (quantity.unit[period] ?? 0) < 0)) return false
  const at = text.indexOf(quantity.sentence)
  if (at < 0) return false
  const next = /^\s*([^.!?\n]*[.!?]?)/u.exec(text.slice(at + quantity.sentence.length))?.[1] ?? ''
  return !/\d/u.test(next) && REPLACES.test(next) && OFFER_ACTS.test(next) && REFERS_BACK.test(next)
}

/** Words that point back at what was just said ("that in-house cleaning", "den kostnaden", "completely"). */
const REFERS_BACK = unicodeWords(
  /\b(?:that|this|those|these|it|them|completely|entirely|altogether|det|den|dem|detta|denna|dessa|helt|fullständigt)\b/iu,
)
