// The compose stage: the roled quantities become value streams and the price, in money per year
// in the calculator's currency. Figures are taken at their stated value (a range at its midpoint),
// in base units (minutes to hours, a percentage to a share), money converted at a named rate.
import type { Currency } from '@valueproof/formula'
import type { Assumption, Model, Quantity, RoledQuantity, Stream, Unit } from '../model.ts'
import { CUSTOMER_SIDE, ONE_OFF, REPLACES } from '../roles/cues.ts'
import { unicodeWords } from '../read/word-boundary.ts'
import { conversionTo, statedRates, type Conversion } from './currency.ts'
import { composePrice } from './price.ts'
import { withStatedShares } from './price-shares.ts'
import { withOfferCosts } from './price-offer.ts'
import { composeStreams, type StreamContext } from './streams.ts'

/** What an hour of the customer's staff is assumed to cost when the text says nothing of it. */
const ASSUMED_HOURLY_COST: Readonly<Record<Currency, number>> = { USD: 50, EUR: 45, SEK: 500 }

export interface ComposeOptions {
  readonly currency: Currency
  readonly language: 'en' | 'sv'
  /** The whole text, for stated exchange rates. */
  readonly text: string
}

export interface ComposedModel extends Model {
  /** Each money quantity's conversion to the calculator's currency (by index). */
  readonly conversions: ReadonlyMap<number, Conversion>
  readonly valueOf: (ref: number | string) => number
}

export function assumptionsFor(options: Pick<ComposeOptions, 'currency' | 'language'>): Assumption[] {
  return [
    {
      key: 'assumed:hourlyCost',
      value: ASSUMED_HOURLY_COST[options.currency],
      unit: { money: 1, hour: -1 },
      label: options.language === 'sv' ? 'kostnad per arbetstimme' : 'cost per working hour',
      kind: 'money',
    },
  ]
}

/** Streams for a text that replaces costs without a percentage ("byt ut de fasta linjerna"): each cost chain once. */
function replaceStreams(context: StreamContext, text: string): Stream[] {
  if (!REPLACES.test(text) && !pricedAgainstToday(context.roled) && !takesOverWhole(context.roled, text)) return []
  const streams: Stream[] = []
  const roled = context.roled.map((entry) => ({ ...entry }))
  for (let round = 0; round < 4; round += 1) {
    const used = new Set(streams.flatMap((stream) => stream.chain.map((factor) => factor.ref)))
    const remaining = roled.filter(
      (entry) => entry.role.role === 'baseline' && entry.quantity.kind === 'money' && !used.has(entry.quantity.index),
    )
    const [first] = remaining
    if (first === undefined) break
    const synthetic: RoledQuantity[] = roled.map((entry) =>
      entry.quantity.index === first.quantity.index ? { ...entry, role: { role: 'effect', what: 'replace' } } : entry,
    )
    const [stream] = composeStreams({ ...context, roled: synthetic, assumptions: [] })
    // The cost itself is the first factor of the chain; a chain of nothing but it stands alone.
    if (stream === undefined) {
      roled.splice(roled.indexOf(first), 1, { ...first, role: { role: 'context', why: 'not a cost per period' } })
      continue
    }
    streams.push({ ...stream, chain: [{ ref: first.quantity.index, exponent: 1 }, ...stream.chain] })
  }
  return streams
}

const TODAY_OWN = unicodeWords(/\b(?:today|currently|in-house|ourselves|yourselves|i\s+dag|idag|i\s+egen\s+regi|själva|internt)\b/iu)

/** "Vi tar 2,50 kr per sida. I dag kostar det er 4,10 kr per sida i egen regi": the offer's price set against today's cost of the same thing. */
function pricedAgainstToday(roled: readonly RoledQuantity[]): boolean {
  const perThings = (entry: RoledQuantity) =>
    Object.entries(entry.quantity.unit)
      .filter(([atom, power]) => power < 0 && atom !== 'money')
      .map(([atom]) => atom)
      .sort()
      .join()
  const priced = new Set(roled.filter((entry) => entry.role.role === 'price' && entry.quantity.kind === 'money').map(perThings))
  return roled.some(
    (entry) =>
      entry.role.role === 'baseline' &&
      entry.quantity.kind === 'money' &&
      priced.has(perThings(entry)) &&
      perThings(entry) !== '' &&
      TODAY_OWN.test(entry.quantity.sentence),
  )
}

/** "we'd do the whole thing", "vi tar över hela driften": the seller takes over work the customer pays for today. */
const TAKES_OVER_WHOLE = unicodeWords(
  /\b(?:do\s+(?:the\s+whole\s+thing|it\s+all|all\s+of\s+it)|take\s+(?:it\s+)?over|takes\s+over|handle\s+(?:it\s+all|all\s+of\s+it|everything)|run\s+it\s+for\s+you|outsourc\w*|tar\s+över|ta\s+över|sköter\s+(?:hela|allt)|tar\s+hand\s+om\s+(?:hela|allt))\b/iu,
)

/** "your in-house team is 22 FTE at $41,000 each … we'd do the whole thing for $890,000 a year": today's own cost, taken over at a recurring price. */
function takesOverWhole(roled: readonly RoledQuantity[], text: string): boolean {
  if (!TAKES_OVER_WHOLE.test(text)) return false
  const recurringPrice = roled.some((entry) => entry.role.role === 'price' && entry.role.what === 'recurring')
  return (
    recurringPrice &&
    roled.some((entry) => entry.role.role === 'baseline' && entry.quantity.kind === 'money' && TODAY_OWN.test(entry.quantity.sentence))
  )
}

/** A figure whose role the seller chose, or an assumption the seller added: no guess of a price overrides it. */
const chosen = (quantity: Quantity): boolean => quantity.flags.has('seller') || quantity.flags.has('assumed')

/**
 * A text with value and no price word still states its price as the last recurring amount per
 * thing that no stream uses ("$45 per truck per month" in a bullet list): that is the offer's price.
 */
function withUnstatedPrice(roled: readonly RoledQuantity[], streams: readonly Stream[]): RoledQuantity[] {
  if (streams.length === 0) return [...roled]
  const prices = roled.filter((entry) => entry.role.role === 'price')
  const oneOffOnly = prices.length > 0 && prices.every((entry) => entry.role.role === 'price' && entry.role.what === 'oneOff')
  if (prices.length > 0 && !oneOffOnly) return [...roled]
  const used = new Set<number | string>(streams.flatMap((stream) => [...stream.effect, ...stream.chain.map((factor) => factor.ref)]))
  const unused = roled.filter(
    ({ quantity, role }) =>
      role.role === 'baseline' &&
      !chosen(quantity) &&
      quantity.kind === 'money' &&
      !used.has(quantity.index) &&
      ['month', 'year', 'week'].some((period) => (quantity.unit[period] ?? 0) < 0),
  )
  // "One-off project fee $28,000, then $900 a month": beside a one-off price, the amount a period
  // that no stream uses and no customer's word claims is the recurring price.
  if (oneOffOnly) {
    const beside = unused.filter(
      (entry) =>
        prices.some((price) => price.quantity.sentenceIndex === entry.quantity.sentenceIndex) &&
        !CUSTOMER_SIDE.test(entry.of ?? entry.quantity.sentence),
    )
    return roled.map((entry) => (entry === beside.at(-1) ? { ...entry, role: { role: 'price', what: 'recurring' } } : entry))
  }
  const last = unused.at(-1)
  const oneOffs = roled.filter(
    ({ quantity, role }) =>
      role.role === 'baseline' &&
      !chosen(quantity) &&
      quantity.kind === 'money' &&
      !used.has(quantity.index) &&
      ONE_OFF.test(quantity.sentence) &&
      Object.keys(quantity.unit).length === 1,
  )
  return roled.map((entry) =>
    entry === last
      ? { ...entry, role: { role: 'price', what: 'recurring' } }
      : oneOffs.includes(entry)
        ? { ...entry, role: { role: 'price', what: 'oneOff' } }
        : entry,
  )
}

/** The share of a stated time the offer saves, when the text says none: an assumption the seller adjusts. */
const ASSUMED_SHARE_PERCENT = 20

function withAssumedShare(roled: readonly RoledQuantity[]): RoledQuantity[] | undefined {
  const time = roled.find((entry) => entry.role.role === 'baseline' && (entry.quantity.unit.hour ?? 0) > 0)
  if (time === undefined) return undefined
  const share: Quantity = {
    index: roled.length,
    kind: 'percent',
    value: ASSUMED_SHARE_PERCENT,
    unit: {},
    scale: 0.01,
    flags: new Set(['assumed']),
    page: time.quantity.page,
    start: 0,
    end: 0,
    text: '',
    sentence: '',
    sentenceStart: 0,
    sentenceIndex: time.quantity.sentenceIndex,
  }
  return [...roled, { quantity: share, role: { role: 'effect', what: 'reduction' }, of: '' }]
}

/** With no price named, the last amount of the text per thing and period, in its last sentence with figures. */
function closingPrice(roled: readonly RoledQuantity[]): RoledQuantity | undefined {
  // A setup fee beside it ("… per dock door per year plus €7,500 setup") names no recurring price.
  const oneOff = (entry: RoledQuantity) => entry.role.role === 'price' && entry.role.what === 'oneOff'
  if (roled.some((entry) => entry.role.role === 'price' && !oneOff(entry))) return undefined
  const read = roled.filter((entry) => !entry.quantity.flags.has('assumed'))
  const lastSentence = Math.max(...read.map((entry) => entry.quantity.sentenceIndex))
  const last = read.filter((entry) => entry.quantity.kind === 'money' && !oneOff(entry)).at(-1)
  if (last === undefined || last.quantity.sentenceIndex !== lastSentence || last.role.role !== 'baseline' || chosen(last.quantity))
    return undefined
  const unit = Object.entries(last.quantity.unit)
  const perPeriod = unit.some(([atom, power]) => power < 0 && ['month', 'year', 'week'].includes(atom))
  const perThing = unit.some(([atom, power]) => power < 0 && (atom.startsWith('n:') || atom === 'person'))
  // "$3.50 per scan." closing the text: a line of nothing but an amount per thing is a price per use.
  const alone = perThing && !perPeriod && bareAmount(last.quantity)
  return (perPeriod || alone) && perThing && !CUSTOMER_SIDE.test(last.quantity.sentence) ? last : undefined
}

const closingWhat = (quantity: Quantity): 'recurring' | 'perUse' =>
  ['month', 'year', 'week'].some((period) => (quantity.unit[period] ?? 0) < 0) ? 'recurring' : 'perUse'

/** A sentence that says nothing but the amount and what it is per. */
function bareAmount(quantity: Quantity): boolean {
  return (
    quantity.sentence
      .replace(quantity.text, '')
      .replace(/(?:(?<!\p{L})(?:per|each|à)\s+|\/\s*)[\p{L}-]+/giu, '')
      .replace(/[^\p{L}\p{N}]/gu, '').length === 0
  )
}

export function compose(read: readonly RoledQuantity[], options: ComposeOptions): ComposedModel {
  // "we take 15% of that uplift": the seller's share is its price before any value is built with it.
  const roled = withStatedShares(read)
  const rates = statedRates(options.text)
  const conversions = new Map<number, Conversion>()
  for (const { quantity } of roled)
    if (quantity.kind === 'money') conversions.set(quantity.index, conversionTo(quantity.currency, options.currency, rates))
  const assumptions = assumptionsFor(options)
  // The quantities by index, with the one assumed share when the text states a time but no change.
  let all: readonly RoledQuantity[] = roled
  const valueOf = (ref: number | string): number => {
    if (typeof ref === 'string') return assumptions.find((assumption) => assumption.key === ref)?.value ?? 0
    const quantity = all[ref]?.quantity
    if (quantity === undefined) return 0
    return quantity.value * quantity.scale * (conversions.get(ref)?.rate ?? 1)
  }
  const unitOf = (ref: number | string): Unit => {
    if (typeof ref === 'string') return assumptions.find((assumption) => assumption.key === ref)?.unit ?? {}
    return all[ref]?.quantity.unit ?? {}
  }
  // "• 24 kök, 2 200 kr per kök och månad" closing a list that names no price is the offer's price,
  // kept out of the value when the value can be built without it.
  const closing = closingPrice(roled)
  const asPrice =
    closing === undefined
      ? undefined
      : roled.map((entry) =>
          entry === closing ? { ...entry, role: { role: 'price', what: closingWhat(closing.quantity) } as const } : entry,
        )
  const withClosing = asPrice === undefined ? [] : composeStreams({ roled: asPrice, valueOf, unitOf, assumptions })
  let chosen = asPrice !== undefined && withClosing.length > 0 ? asPrice : roled
  const context: StreamContext = { roled: chosen, valueOf, unitOf, assumptions }
  let streams = chosen === roled ? composeStreams(context) : withClosing
  if (streams.length === 0) streams = replaceStreams(context, options.text)
  if (streams.length === 0) {
    // "5 medarbetare lägger 20 timmar i veckan … timkostnad 450 kr" and no change said: the stated
    // figures carry the value, and the share the offer saves is the one assumption, said so.
    const assumed = withAssumedShare(chosen)
    if (assumed !== undefined) {
      all = assumed
      const found = composeStreams({ roled: assumed, valueOf, unitOf, assumptions }).filter(
        (stream) => stream.chain.filter((factor) => typeof factor.ref === 'number').length >= 2,
      )
      if (found.length > 0) {
        streams = found
        chosen = assumed
      } else all = chosen
    }
  }
  const priced = withOfferCosts(withUnstatedPrice(chosen, streams), streams)
  const price = composePrice({ roled: priced, valueOf, unitOf, streams })
  const usedAssumptions = assumptions.filter((assumption) =>
    streams.some((stream) => stream.chain.some((factor) => factor.ref === assumption.key)),
  )
  return { quantities: priced, assumptions: usedAssumptions, streams, price, conversions, valueOf }
}
