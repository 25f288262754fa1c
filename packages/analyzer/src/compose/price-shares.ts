// A share the seller takes as its price ("we take 15% of that uplift", "vi tar 12 % av de intäkter
// vi räddar", "we charge 1% of fuel spend, minimum $3,000 a month") that the roles stage read as
// the customer's share because a customer's word (revenue, spend) follows it: the seller's verb
// right before the percentage and "of"/"on" right after make it the offer's price, of the gain when
// what it is of is what the offer brings, else of the spend. A minimum in its sentence floors it.
import type { GainPart, PriceWhat, RoledQuantity, Stream } from '../model.ts'
import { unicodeWords } from '../read/word-boundary.ts'

/** The seller taking or charging, directly before the percentage. */
const SELLER_TAKES = unicodeWords(
  /\b(?:we(?:'d|'ll)?\s+(?:just\s+|only\s+|simply\s+)?(?:charge|take|keep|bill|invoice|ask\s+for)|our\s+(?:fee|price|commission|cut|share)\s+is|vi\s+(?:tar|debiterar|fakturerar|behåller)(?:\s+(?:bara|endast|enbart))?|vårt\s+(?:arvode|pris)\s+är|vår\s+(?:avgift|provision|andel)\s+är)\s+(?:only\s+|just\s+|bara\s+|endast\s+)?$/iu,
)

/** What follows a share the seller takes: "of", "av", "commission on", "provision på". */
const SHARE_OF = /^\s*(?:of|av|commission\s+(?:on|of)|provision\s+(?:på|av)|in\s+commission\s+on)\s/iu

/** What the offer brings, as what a share is of: the gain, not the spend. */
const OF_GAIN = unicodeWords(
  /\b(?:uplift|gain\w*|saving\w*|saves?|saved|recover\w*|get\s+back|rescue\w*|extra|additional|upsell\w*|win\w*|besparing\w*|sparar|sparat|merförsäljning\w*|ökning\w*|tillbaka|räddar|återvinn\w*|vinst\w*|intjänat)\b/iu,
)

const MINIMUM = unicodeWords(/\b(?:minimum|min\.|at\s+least|lägst|minst|minimiavgift\w*)\b/iu)

function shareWhat(entry: RoledQuantity): PriceWhat | undefined {
  const { quantity, role } = entry
  if (quantity.kind !== 'percent' || role.role === 'price' || role.role === 'context' || quantity.flags.has('seller')) return undefined
  const offset = quantity.start - quantity.sentenceStart
  const before = quantity.sentence.slice(0, offset)
  const after = quantity.sentence.slice(quantity.end - quantity.sentenceStart)
  if (!SELLER_TAKES.test(before) || !SHARE_OF.test(after)) return undefined
  const of = /^[^,;.–—]*/u.exec(after)?.[0] ?? ''
  return OF_GAIN.test(of) ? 'shareOfGain' : 'shareOfSpend'
}

/** "vår e-signering tar bort 70 %", "our filter takes out 40%": taking away is a reduction, not a share the seller takes. */
const TAKES_AWAY = unicodeWords(
  /\b(?:tar|takes?)\s+(?:bort|ner|ned|away|out|off)\s+(?:ca\.?\s+|cirka\s+|about\s+|around\s+|roughly\s+|upp\s+till\s+|up\s+to\s+)?$/iu,
)

function takesAway(entry: RoledQuantity): boolean {
  const { quantity, role } = entry
  if (quantity.kind !== 'percent' || role.role !== 'price') return false
  return TAKES_AWAY.test(quantity.sentence.slice(0, quantity.start - quantity.sentenceStart))
}

/** The roled quantities with the seller's stated shares as the offer's price (and a minimum beside one as its floor). */
export function withStatedShares(read: readonly RoledQuantity[]): readonly RoledQuantity[] {
  const roled = read.map((entry) => (takesAway(entry) ? { ...entry, role: { role: 'effect', what: 'reduction' } as const } : entry))
  const shares = new Map<RoledQuantity, PriceWhat>()
  for (const entry of roled) {
    const what = shareWhat(entry)
    if (what !== undefined) shares.set(entry, what)
  }
  if (shares.size === 0) return roled
  const sentences = new Set([...shares.keys()].map((entry) => entry.quantity.sentenceIndex))
  return roled.map((entry) => {
    const what = shares.get(entry)
    if (what !== undefined) return { ...entry, role: { role: 'price', what } }
    const { quantity, role } = entry
    const floor =
      quantity.kind === 'money' &&
      role.role === 'baseline' &&
      sentences.has(quantity.sentenceIndex) &&
      MINIMUM.test(quantity.sentence.slice(0, quantity.start - quantity.sentenceStart).slice(-40))
    return floor ? { ...entry, role: { role: 'price', what: 'minimum' } } : entry
  })
}

/** What a share is of, when it is the sales rather than what the customer keeps of them. */
const OF_SALES = unicodeWords(
  /^\s*(?:of|av|on|på|commission\s+on|provision\s+på)\s+(?:the\s+|all\s+|de\s+|den\s+)?(?:[\p{L}-]+\s+){0,2}?(?:sales|revenue|bookings|turnover|[\p{L}-]*försäljning\w*|[\p{L}-]*intäkt\w*|omsättning\w*)\b/iu,
)

/** A margin: what the customer keeps of a sale. */
const MARGIN = unicodeWords(/\b(?:margin|margins|marginal\w*|bruttomarginal\w*|täckningsbidrag\w*|contribution)\b/iu)

/**
 * "Vi tar 3 % av merförsäljningen … er bruttomarginal är 45 %": a share of the extra sales is of the
 * sales before the margin, so the base is the streams' value divided by the margin they apply.
 */
export function gainBase(
  share: RoledQuantity,
  streams: readonly Stream[],
  roled: readonly RoledQuantity[],
  valueOf: (ref: number | string) => number,
): { amount: number; of: GainPart[] } {
  const { quantity } = share
  const ofSales = OF_SALES.test(quantity.sentence.slice(quantity.end - quantity.sentenceStart))
  let amount = 0
  const of: GainPart[] = []
  streams.forEach((stream, index) => {
    const margins = stream.chain
      .filter((factor) => {
        const entry = typeof factor.ref === 'number' ? roled[factor.ref] : undefined
        return ofSales && entry?.quantity.kind === 'percent' && factor.exponent === 1 && MARGIN.test(entry.quantity.sentence)
      })
      .map((factor) => factor.ref)
    const margin = margins.reduce<number>((product, ref) => product * valueOf(ref), 1)
    const divideBy = margin > 0 ? margins : []
    amount += margin > 0 ? stream.yearly / margin : stream.yearly
    of.push({ stream: index, divideBy })
  })
  return { amount, of }
}
