// The offer's thing as the subject of what it costs ("Konsultinsatsen kostar 180 tkr", "the
// platform costs $1,200 a month", "lagringen i vår e-arkivtjänst kostar 2 000 kr i månaden"): an
// amount no value stream uses, led since the figure before it by the offer and a cost verb and by
// no word of the customer's, is the offer's price even when the roles stage read the whole sentence
// as the customer's (a sentence that runs on past an abbreviation, a customer's word before it).
import type { PriceWhat, RoledQuantity, Stream } from '../model.ts'
import { CUSTOMER_SIDE, OFFER_THINGS, ONE_OFF, SELLER_CHARGES } from '../roles/cues.ts'
import { unicodeWords } from '../read/word-boundary.ts'

/** "our X costs", "vår e-arkivtjänst kostar", "våra sensorer kostar": the seller's own thing costs. */
const OUR_THING_COSTS = unicodeWords(/\b(?:our|vår|vårt|våra)\s+(?:[\p{L}-]+\s+){1,2}(?:costs?|kostar)\b/iu)

/** "sits on our Growth plan at", "hamnar i vårt Plus-paket för": the plan the customer's size falls in, at its price. */
const ON_A_PLAN = unicodeWords(
  /\b(?:on|in)\s+(?:our|the)\s+(?:[\p{L}-]+\s+){0,2}(?:plan|tier|package|edition)\s+(?:at|for)\s*$|\b(?:på|i)\s+(?:vårt|vår|våra)\s+(?:[\p{L}-]+\s+){0,2}?[\p{L}-]*(?:paket(?:et)?|plan(?:en)?|nivå(?:n)?)\s+(?:för|à|till)\s*$/iu,
)

/** The words before an amount since the figure before it in its sentence. */
function ownLead(entry: RoledQuantity): string {
  const { quantity } = entry
  const lead = quantity.sentence.slice(0, Math.max(0, quantity.start - quantity.sentenceStart))
  const lastFigure = Math.max(...[...lead.matchAll(/\d/gu)].map((match) => match.index + 1), 0)
  return lead.slice(lastFigure)
}

function priceWhat(entry: RoledQuantity): PriceWhat {
  const { unit } = entry.quantity
  if (['day', 'week', 'month', 'quarter', 'year'].some((period) => (unit[period] ?? 0) < 0)) return 'recurring'
  if (ONE_OFF.test(entry.of ?? '')) return 'oneOff'
  return Object.entries(unit).some(([atom, power]) => power < 0 && atom !== 'money') ? 'perUse' : 'oneOff'
}

/** The roled quantities with the amounts the offer's thing costs as its price. */
export function withOfferCosts(roled: readonly RoledQuantity[], streams: readonly Stream[]): RoledQuantity[] {
  if (streams.length === 0) return [...roled]
  const used = new Set<number | string>(streams.flatMap((stream) => [...stream.effect, ...stream.chain.map((factor) => factor.ref)]))
  return roled.map((entry) => {
    const { quantity, role } = entry
    if (role.role !== 'baseline' || quantity.kind !== 'money' || used.has(quantity.index)) return entry
    if (quantity.flags.has('seller') || quantity.flags.has('assumed') || (quantity.unit.hour ?? 0) < 0) return entry
    const lead = ownLead(entry)
    if (CUSTOMER_SIDE.test(lead)) return entry
    const offerCosts = OFFER_THINGS.test(lead) || SELLER_CHARGES.test(lead) || OUR_THING_COSTS.test(lead) || ON_A_PLAN.test(lead)
    return offerCosts || addedToPrice(entry, roled, lead) ? { ...entry, role: { role: 'price', what: priceWhat(entry) } } : entry
  })
}

/** "plus", "samt", "and then": an amount added to the one before it. */
const PLUS = /(?:\+|(?<!\p{L})(?:plus|samt|och\s+därtill|and\s+then|och\s+sedan))\s*$/iu

/** "2 300 kr per klinik och månad plus 85 öre per sms": an amount added to a price right before it is part of the price. */
function addedToPrice(entry: RoledQuantity, roled: readonly RoledQuantity[], lead: string): boolean {
  if (!PLUS.test(lead)) return false
  const before = roled
    .filter(
      (other) =>
        other.quantity.kind === 'money' &&
        other.quantity.sentenceIndex === entry.quantity.sentenceIndex &&
        other.quantity.start < entry.quantity.start,
    )
    .at(-1)
  return before?.role.role === 'price'
}
