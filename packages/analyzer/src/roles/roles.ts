// The roles stage: each quantity is the customer's baseline, an effect the offer has, the offer's
// price, or context — read from the words of its sentence and clause (cues.ts), its kind, its
// unit and its relations, never from a story.
import type { BaselineWhat, EffectWhat, Quantity, Role, RoledQuantity } from '../model.ts'
import {
  DECREASE,
  EXCHANGE_RATE,
  INCREASE,
  OFFER_ACTS,
  PRICE_LABEL,
  RATING,
  REMAINS,
  REPLACES,
  SELLER_CHARGES,
  SELLER_RECORD,
  STATE,
} from './cues.ts'
import { clauseLead, clauseOf, lead } from './clauses.ts'
import { priceScore, priceWhat, offerWords } from './price-role.ts'
import {
  levelsBeforeChanges,
  levelsBeforeTargets,
  underPriceHeading,
  pricedByTheClauseBefore,
  restatesAChange,
  replacedByNextSentence,
} from './neighbours.ts'
import { readExchangeRates } from '../read/exchange-rates.ts'
import { unicodeWords } from '../read/word-boundary.ts'

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

/** The offer acting or giving before an amount of change: "we bring", "ger dessutom", "yields". */
const OFFER_ACTS_OR_GIVES = unicodeWords(
  /\b(?:gives?|brings?|yields?|delivers?|adds?|means|ger|tillför|innebär|leder\s+till|we|our|vi|vår|våra|vårt)\b/iu,
)
