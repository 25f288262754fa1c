// Roles that the figures around a figure settle: a pair's shared role, a level before its change
// or target, an amount under a price heading or joined to the price before it, a cost the next
// sentence removes, and a share that only restates a change.
import type { Quantity, RoledQuantity } from '../model.ts'
import { CUSTOMER_SIDE, OFFER_ACTS, REPLACES } from './cues.ts'
import { clauseOf, lead } from './clauses.ts'
import { unicodeWords } from '../read/word-boundary.ts'

/** "a monthly churn of 4.2 %", "en månadschurn på 4,2 %": a level named by its noun. */
const LEVEL_OF = /\b(?:of|på)\s+(?:about\s+|around\s+|roughly\s+|ca\.?\s+|cirka\s+|runt\s+)?$/iu
/** "… by a quarter", "… med en fjärdedel": the change itself. */
const CHANGE_BY = /\b(?:by|med)\s+(?:about\s+|around\s+|roughly\s+|up\s+to\s+|ca\.?\s+|cirka\s+|upp\s+till\s+)?$/iu

/**
 * "Med era 9 800 medlemmar och en månadschurn på 4,2 % brukar vi minska uppsägningarna med en
 * fjärdedel": a share named as a level and, later in its sentence, the change "by" an amount — the
 * change verb is the second's, and the first is the level it changes.
 */
export function levelsBeforeChanges(roled: readonly RoledQuantity[]): number[] {
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
export function levelsBeforeTargets(roled: readonly RoledQuantity[]): number[] {
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
  /^\s*(?:#+\s*)?(?:\d+[.)]\s*)?(?:q:\s*)?(?:investment|your\s+investment|the\s+investment|pricing|price|prices|commercials|fees|what\s+it\s+costs|our\s+fees?|pris|priser|prissättning|investering|vad\s+det\s+kostar|vår\s+avgift|(?:what|how\s+much)\s+does\s+it\s+cost|vad\s+kostar\s+det)\s*[:?]?\s*$/iu

/**
 * "Investment\n• €390 per month, all-inclusive": an amount in the list under a price heading is the
 * offer's price, unless its own words say it is the customer's.
 */
export function underPriceHeading(quantity: Quantity, text: string): boolean {
  const at = text.indexOf(quantity.sentence)
  if (at < 0 || CUSTOMER_SIDE.test(clauseOf(quantity))) return false
  // Only the few lines above it: a long document is not split whole for every amount.
  let from = at
  for (let line = 0; line < 8 && from > 0; line += 1) from = text.lastIndexOf('\n', from - 2) + 1
  const lines = text.slice(from, at).split('\n')
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
export function pricedByTheClauseBefore(entry: RoledQuantity, previous: RoledQuantity | undefined): boolean {
  const { quantity } = entry
  if (previous === undefined || previous.role.role !== 'price' || quantity.kind !== 'money' || entry.role.role !== 'baseline') return false
  if (previous.quantity.sentenceIndex !== quantity.sentenceIndex || previous.quantity.page !== quantity.page) return false
  const between = quantity.sentence.slice(previous.quantity.end - quantity.sentenceStart, quantity.start - quantity.sentenceStart)
  // The price's own per-words and asides ("per ko (engång)") stand before the joining word.
  const joined = /(?:^|[\s)])(?:and|plus|och|samt)\s.*$/iu.exec(between)?.[0] ?? ''
  return joined !== '' && JOINED_NO_VERB.test(joined) && !/\d/u.test(between)
}

/** "i.e.", "that is", "alltså", "dvs": what follows says the figure before again. */
const IN_OTHER_WORDS = unicodeWords(
  /\b(?:i\.e\.|that\s+is|that\s+means|which\s+means|in\s+other\s+words|alltså|dvs\.?|det\s+vill\s+säga|med\s+andra\s+ord)\b/iu,
)

/**
 * "höjer volymutbytet med 1,5 procentenheter, alltså blir 1,5 % av timret sågade varor": a share
 * equal to a change in its sentence, said again after "alltså", is that change, not a second factor.
 */
export function restatesAChange(entry: RoledQuantity, roled: readonly RoledQuantity[]): boolean {
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
export function replacedByNextSentence(entry: RoledQuantity, text: string): boolean {
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
