// The offer's price, normalised: a price per user, truck or store times the customer's count of
// them, per period to a year, one-off fees kept apart (spread over the 3-year horizon in the net),
// a share of spend times that spend, a share of the gain times the streams' value, a minimum as a floor.
import type { Factor, PriceTerm, RoledQuantity, Stream, Unit } from '../model.ts'
import { bestChain, type Candidate } from './chains.ts'
import { frequencyOf, namedCount } from './price-counts.ts'
import { gainBase } from './price-shares.ts'
import { moneyPerYear, multiply, openAtoms } from './units.ts'
import { unicodeWords } from '../read/word-boundary.ts'
import { ONE_OFF } from '../roles/cues.ts'

export interface PriceContext {
  readonly roled: readonly RoledQuantity[]
  readonly valueOf: (ref: number | string) => number
  readonly unitOf: (ref: number | string) => Unit
  readonly streams: readonly Stream[]
}

/** Things a price may be "per" that are the customer itself when the text counts none ("per clinic per month"). */
const CUSTOMER_UNITS =
  /^n:(clinic|store|site|location|branch|farm|practice|company|customer|firm|office|restaurant|hotel|school|plant|factory|warehouse|kund|företag|butik|klinik|kontor|gård|anläggning|restaurang|hotell|skola|fabrik|lager|vårdcentral|förening|kommun|team|account|organisation|organization|business|bank|brf)/

const COUNTS = new WeakMap<PriceContext, { used: Set<number | string>; counts: RoledQuantity[] }>()

/** The text's counts and the figures the streams use, once per composition (a long schedule prices thousands of lines). */
function countsOf(context: PriceContext): { used: Set<number | string>; counts: RoledQuantity[] } {
  const known = COUNTS.get(context)
  if (known !== undefined) return known
  const found = {
    used: new Set(context.streams.flatMap((stream) => stream.chain.map((factor) => factor.ref))),
    counts: context.roled.filter(
      ({ quantity, role }) =>
        role.role === 'baseline' && quantity.kind === 'count' && (quantity.unit.money ?? 0) === 0 && !lengthOfTime(quantity.unit),
    ),
  }
  COUNTS.set(context, found)
  return found
}

/** "stays ten more months", "a 3-year term": a length of time, not how many periods of a year a price is paid. */
function lengthOfTime(unit: Unit): boolean {
  const atoms = Object.entries(unit)
  return atoms.length === 1 && atoms.every(([atom, power]) => power > 0 && openAtoms({ [atom]: 1 }).length === 0)
}

/** The customer's counts of the things a price is per (users for "per user", trucks for "per truck"). */
function countCandidates(context: PriceContext, price: number): Candidate[] {
  const { used, counts } = countsOf(context)
  const price_ = context.roled[price]?.quantity
  const perAtoms = new Set(
    Object.entries(price_?.unit ?? {})
      .filter(([atom, power]) => power < 0 && atom !== 'money')
      .map(([atom]) => atom),
  )
  const counting = (atoms: ReadonlySet<string>) => countingAny(context, counts, atoms)
  // "4 000 etiketter per butik" for a price per label brings the count of stores in too.
  const through = new Set(perAtoms)
  for (const { quantity } of counting(perAtoms))
    for (const [atom, power] of Object.entries(quantity.unit)) if (power < 0 && atom !== 'money') through.add(atom)
  return nearest(counting(through), price_?.sentenceIndex ?? 0, used)
    .map(({ quantity }) => ({
      ref: quantity.index,
      unit: quantity.unit,
      distance: Math.abs(quantity.sentenceIndex - (price_?.sentenceIndex ?? 0)) - (used.has(quantity.index) ? 1 : 0),
      divisible: false,
      claimed: 0,
      money: false,
      assumed: false,
    }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, NEAREST_COUNTS)
}

const COUNTING = new WeakMap<PriceContext, Map<string, RoledQuantity[]>>()

/** The counts of any of `atoms`, once per composition and set of atoms. */
function countingAny(context: PriceContext, counts: readonly RoledQuantity[], atoms: ReadonlySet<string>): RoledQuantity[] {
  const key = [...atoms].sort().join(' ')
  const known = COUNTING.get(context) ?? new Map<string, RoledQuantity[]>()
  COUNTING.set(context, known)
  const found = known.get(key) ?? counts.filter(({ quantity }) => countedAtoms(quantity).some((atom) => atoms.has(atom)))
  known.set(key, found)
  return found
}

/**
 * The counts written nearest a price (the ones the streams use count one sentence nearer), at most
 * twice NEAREST_COUNTS: a long schedule prices thousands of lines against thousands of counts, so
 * the nearest are picked in one pass rather than by sorting every count for every price.
 */
function nearest(counts: readonly RoledQuantity[], sentenceIndex: number, used: ReadonlySet<number | string>): RoledQuantity[] {
  if (counts.length <= NEAREST_COUNTS * 2) return [...counts]
  const distance = (entry: RoledQuantity) =>
    Math.abs(entry.quantity.sentenceIndex - sentenceIndex) - (used.has(entry.quantity.index) ? 1 : 0)
  const kept: RoledQuantity[] = []
  for (const entry of counts) {
    if (kept.length < NEAREST_COUNTS * 2) kept.push(entry)
    else {
      let farthest = 0
      for (let at = 1; at < kept.length; at += 1) if (distance(kept[at]!) > distance(kept[farthest]!)) farthest = at
      if (distance(entry) < distance(kept[farthest]!)) kept[farthest] = entry
    }
  }
  return kept
}

const COUNTED_ATOMS = new WeakMap<RoledQuantity['quantity'], string[]>()

/** The things a count counts (its atoms with a positive power), worked out once per figure. */
function countedAtoms(quantity: RoledQuantity['quantity']): string[] {
  const known = COUNTED_ATOMS.get(quantity)
  if (known !== undefined) return known
  const atoms = Object.entries(quantity.unit)
    .filter(([, power]) => power > 0)
    .map(([atom]) => atom)
  COUNTED_ATOMS.set(quantity, atoms)
  return atoms
}

/** A long document counts the same thing on many pages: the price multiplies one of the nearest. */
const NEAREST_COUNTS = 8

/** The count a one-off price per thing multiplies: the customer's count of exactly that thing. */
function oneOffCount(unit: Unit, context: PriceContext, price: number): number | undefined {
  const [atom] = openAtoms(unit)
  if (atom === undefined || openAtoms(unit).length !== 1) return undefined
  const match = countCandidates(context, price).find((candidate) => candidate.unit[atom] === 1 && Object.keys(candidate.unit).length === 1)
  return typeof match?.ref === 'number' ? match.ref : undefined
}

/** A period written in the amount itself ("$50 a month", "4 800 kr/år"). */
const WRITTEN_PERIOD = unicodeWords(
  /\b(?:a|an|per|each|every|i|om|in|the|\/)\s*(?:day|week|month|quarter|year|annum|dag(?:en)?|dygn|vecka|veckan|månad(?:en)?|mån|kvartal(?:et)?|år(?:et)?)\b|\b(?:daily|weekly|monthly|quarterly|yearly|annual\w*|årlig\w*|månatlig\w*)\b|\/\s*(?:mo|mån|yr|år)\b/iu,
)

/** "Engångskostnad 4 500 kr per förare": a one-off word leading the clause of an amount that writes no period of its own. */
function calledOnceBefore(entry: RoledQuantity): boolean {
  const clause = entry.of ?? ''
  const at = clause.indexOf(entry.quantity.text)
  return at > 0 && ONE_OFF.test(clause.slice(0, at)) && !WRITTEN_PERIOD.test(entry.quantity.text)
}

/** The unit without its periods (a price once). */
function withoutPeriods(unit: Unit): Unit {
  return Object.fromEntries(Object.entries(unit).filter(([atom]) => atom === 'money' || openAtoms({ [atom]: 1 }).length > 0))
}

/** "Engångskostnad 4 500 kr per förare, 130 förare": a one-off price per thing times their count. */
function oneOffTerm(entry: RoledQuantity, context: PriceContext): PriceTerm {
  const { quantity } = entry
  const perThing = bestChain(quantity.unit, countCandidates(context, quantity.index), { allowImplicit: false })
  const counted =
    perThing === undefined && openAtoms(quantity.unit).length > 0
      ? (oneOffCount(quantity.unit, context, quantity.index) ??
        namedCount(entry, context.roled, countsOf(context).used, { generic: true })?.quantity.index)
      : undefined
  const counts: Factor[] =
    perThing !== undefined ? [...perThing.factors] : counted === undefined ? [] : [{ ref: counted, exponent: 1 as const }]
  const factors: Factor[] = [{ ref: quantity.index, exponent: 1 }, ...counts]
  const times = counts.reduce((product, factor) => product * context.valueOf(factor.ref), 1)
  return { factors, conversion: 1, period: 'one-off', amount: context.valueOf(quantity.index) * times }
}

/** One price figure as a term per year (or once), with the counts it multiplies. */
function termOf(entry: RoledQuantity, context: PriceContext): PriceTerm | undefined {
  const { quantity } = entry
  const amount = context.valueOf(quantity.index)
  if (entry.role.role !== 'price') return undefined
  if (entry.role.what === 'recurring' && calledOnceBefore(entry))
    return oneOffTerm(
      { ...entry, quantity: { ...quantity, unit: withoutPeriods(quantity.unit) }, role: { role: 'price', what: 'oneOff' } },
      context,
    )
  if (entry.role.what === 'oneOff') return oneOffTerm(entry, context)
  // Per-thing atoms the customer has one of ("per clinic") drop out; the others need a count.
  const start: Record<string, number> = { ...quantity.unit }
  const counts = countCandidates(context, quantity.index)
  for (const atom of openAtoms(start)) {
    const counted = counts.some((candidate) => (candidate.unit[atom] ?? 0) > 0)
    if (!counted && CUSTOMER_UNITS.test(atom)) delete start[atom]
  }
  const direct = moneyPerYear(start)
  if (direct) {
    // "One station per building at $39 a month … 40 stations", "$450 per client site … 9 sites": the thing its clause prices, counted.
    const each = namedCount(entry, context.roled, countsOf(context).used, { generic: false })
    return each === undefined
      ? { factors: [{ ref: quantity.index, exponent: 1 }], conversion: direct.factor, period: 'year', amount: amount * direct.factor }
      : perCounted(quantity.index, each.quantity.index, direct.factor, context)
  }
  const chain = bestChain(start, counts, { allowImplicit: false })
  if (chain !== undefined) {
    const factors: Factor[] = [{ ref: quantity.index, exponent: 1 }, ...chain.factors]
    let yearly = amount * chain.yearFactor
    for (const factor of chain.factors) yearly *= context.valueOf(factor.ref)
    return { factors, conversion: chain.yearFactor, period: 'year', amount: yearly }
  }
  // "SEK 6,900 per project site per month; they run 7 sites", "29 kr per enhet och månad" for 300 machines.
  const [open] = openAtoms(start)
  const named =
    open !== undefined && openAtoms(start).length === 1
      ? namedCount(entry, context.roled, countsOf(context).used, { generic: true })
      : undefined
  const namedYear = open === undefined ? undefined : moneyPerYear(multiply(start, { [open]: 1 }))
  if (named !== undefined && namedYear !== undefined) return perCounted(quantity.index, named.quantity.index, namedYear.factor, context)
  return (
    headcountTerm(quantity.index, start, counts, context) ?? perUseTerm(quantity.index, start, context) ?? leftoverTerm(quantity, context)
  )
}

/**
 * A price per something the text does not count, with a period ("145 kr per lönespecifikation" a
 * month): one per person of the customer's largest headcount, as an assumption said so.
 */
function headcountTerm(price: number, start: Unit, counts: readonly Candidate[], context: PriceContext): PriceTerm | undefined {
  const people = counts
    .filter((candidate) => (candidate.unit.person ?? 0) > 0)
    .sort((a, b) => context.valueOf(b.ref) - context.valueOf(a.ref))[0]
  const [onlyAtom] = openAtoms(start)
  if (people === undefined || onlyAtom === undefined || openAtoms(start).length !== 1) return undefined
  const swapped = multiply(start, { [onlyAtom]: 1, person: -1 })
  const closed = moneyPerYear(multiply(swapped, people.unit))
  if (!closed) return undefined
  return {
    factors: [
      { ref: price, exponent: 1 },
      { ref: people.ref, exponent: 1 },
    ],
    conversion: closed.factor,
    period: 'year',
    amount: context.valueOf(price) * context.valueOf(people.ref) * closed.factor,
  }
}

/**
 * A price per use ("1,50 kr per skickat sms", "$2 per transaction") with nothing counted by that
 * name: one use per event of the customer's main volume (visits a month, orders a year).
 */
function perUseTerm(price: number, start: Unit, context: PriceContext): PriceTerm | undefined {
  const volumes = context.roled
    .filter(({ quantity, role }) => role.role === 'baseline' && quantity.kind === 'count')
    .filter(({ quantity }) => ['day', 'week', 'month', 'quarter', 'year'].some((period) => (quantity.unit[period] ?? 0) < 0))
    .map(({ quantity }) => ({
      ref: quantity.index,
      unit: quantity.unit,
      distance: 0,
      divisible: false,
      claimed: 0,
      money: false,
      assumed: false,
    }))
  const perUse = openAtoms(start).length === 1 ? bestChain(start, volumes, { allowImplicit: false }) : undefined
  if (perUse === undefined || perUse.factors.length !== 1) return undefined
  // "2 cents per wash; garments are washed once a week": a frequency times the things it is of.
  const [use] = perUse.factors
  const usesOf = context.roled.find((other) => other.quantity.index === use?.ref)
  const things = usesOf === undefined ? undefined : frequencyOf(usesOf, context.roled)
  const factors: Factor[] = [...perUse.factors, ...(things === undefined ? [] : [{ ref: things.quantity.index, exponent: 1 as const }])]
  let yearly = context.valueOf(price) * perUse.yearFactor
  for (const factor of factors) yearly *= context.valueOf(factor.ref)
  return { factors: [{ ref: price, exponent: 1 }, ...factors], conversion: perUse.yearFactor, period: 'year', amount: yearly }
}

/** A price with nothing to multiply: per its own period, an hourly rate for the engagement's hours, or once. */
function leftoverTerm(quantity: RoledQuantity['quantity'], context: PriceContext): PriceTerm | undefined {
  const amount = context.valueOf(quantity.index)
  const perMonth = (quantity.unit.month ?? 0) < 0 ? 12 : (quantity.unit.year ?? 0) < 0 ? 1 : undefined
  if (perMonth !== undefined)
    return { factors: [{ ref: quantity.index, exponent: 1 }], conversion: perMonth, period: 'year', amount: amount * perMonth }
  if ((quantity.unit.hour ?? 0) < 0) {
    // "Mitt timpris är 1 150 kr … jag uppskattar uppdraget till 120 timmar": the rate for the hours the engagement takes, once.
    const engagement = context.roled.find(
      ({ quantity: hours, role }) =>
        role.role === 'baseline' && Object.keys(hours.unit).length === 1 && hours.unit.hour === 1 && hours.kind === 'duration',
    )
    if (engagement !== undefined) {
      return {
        factors: [
          { ref: quantity.index, exponent: 1 },
          { ref: engagement.quantity.index, exponent: 1 },
        ],
        conversion: 1,
        period: 'one-off',
        amount: amount * context.valueOf(engagement.quantity.index),
      }
    }
    // An hourly rate with no hours counted ("our consultants bill $150 / hour") is work bought as
    // needed: not a price the text totals (the explanation names it).
    return undefined
  }
  // Nothing to multiply it by and no period: a price once.
  return { factors: [{ ref: quantity.index, exponent: 1 }], conversion: 1, period: 'one-off', amount }
}

/** A price per thing times the count of that thing, per year. */
function perCounted(price: number, count: number, conversion: number, context: PriceContext): PriceTerm {
  return {
    factors: [
      { ref: price, exponent: 1 },
      { ref: count, exponent: 1 },
    ],
    conversion,
    period: 'year',
    amount: context.valueOf(price) * context.valueOf(count) * conversion,
  }
}

/** The price terms of a reading (shares of spend or gain after the streams are known). */
export function composePrice(context: PriceContext): PriceTerm[] {
  const terms: PriceTerm[] = []
  for (const entry of context.roled) {
    if (entry.role.role !== 'price') continue
    const { what } = entry.role
    if (what === 'shareOfGain' || what === 'shareOfSpend') {
      const share = context.valueOf(entry.quantity.index)
      const spend = what === 'shareOfSpend' ? spendOf(context) : undefined
      const gain = what === 'shareOfGain' ? gainBase(entry, context.streams, context.roled, context.valueOf) : undefined
      const base = gain?.amount ?? spend?.amount ?? 0
      // A share of a stated spend is that spend's input times the share; a share of the gain is of the streams' value.
      const factors: Factor[] = [
        { ref: entry.quantity.index, exponent: 1 },
        ...(spend === undefined ? [] : [{ ref: spend.ref, exponent: 1 as const }]),
      ]
      if (base > 0)
        terms.push({ factors, conversion: spend?.factor ?? 1, period: 'year', amount: share * base, ...(gain ? { ofGain: gain.of } : {}) })
      continue
    }
    if (what === 'minimum') continue
    const term = termOf(entry, context)
    if (term !== undefined) terms.push(term)
  }
  return applyMinimums(withoutStartingPrices(withoutRestatedTotals(terms, context), context), context)
}

/** Words that call an amount the whole of a contract or term: "over the 3-year contract", "totalt för avtalsperioden". */
const CONTRACT_TOTAL = unicodeWords(
  /\b(?:total|totals|totalling|in\s+all|altogether|over\s+(?:the|a|its)|contract|term|agreement|totalt|sammanlagt|allt\s+som\s+allt|över\s+(?:hela|avtalet|perioden)|avtal\w*|hela\s+perioden|för\s+hela)\b/iu,
)

/**
 * "$2,000 a month, $72,000 over the 3-year contract": an amount once that is the recurring price
 * times whole years of a term, said in words of a total or a contract, restates that price; it is
 * not paid again.
 */
function withoutRestatedTotals(terms: readonly PriceTerm[], context: PriceContext): PriceTerm[] {
  const recurring = terms.filter((term) => term.period === 'year').reduce((sum, term) => sum + term.amount, 0)
  if (recurring <= 0) return [...terms]
  return terms.filter((term) => {
    if (term.period !== 'one-off' || term.factors.length !== 1) return true
    const [factor] = term.factors
    const entry = typeof factor?.ref === 'number' ? context.roled[factor.ref] : undefined
    const clause = entry?.of ?? entry?.quantity.sentence ?? ''
    // "Setup $24,000 on a 12-month contract" is a fee of its own.
    if (!CONTRACT_TOTAL.test(clause) || ONE_OFF.test(clause)) return true
    const years = term.amount / recurring
    const whole = Math.round(years * 2) / 2
    return !(whole >= 1 && whole <= 10 && Math.abs(years - whole) <= 0.02 * whole)
  })
}

/** "Plans start at $1,500/month", "från 990 kr i månaden": the lowest plan, not the customer's. */
const STARTING_AT = unicodeWords(/\b(?:start(?:s|ing)?\s+(?:at|from)|from\s+(?:just|only)|från|börjar\s+på)\s*$/iu)

/** A starting price next to the recurring price of the customer's own plan gives way to it. */
function withoutStartingPrices(terms: readonly PriceTerm[], context: PriceContext): PriceTerm[] {
  const starting = (term: PriceTerm): boolean => {
    const [factor] = term.factors
    const quantity = typeof factor?.ref === 'number' ? context.roled[factor.ref]?.quantity : undefined
    return quantity !== undefined && STARTING_AT.test(quantity.sentence.slice(0, quantity.start - quantity.sentenceStart))
  }
  const recurring = terms.filter((term) => term.period === 'year')
  if (!recurring.some(starting) || recurring.every(starting)) return [...terms]
  return terms.filter((term) => term.period !== 'year' || !starting(term))
}

/** The customer's largest spend per year among the baseline money figures (what a share of spend is of). */
function spendOf(context: PriceContext): { ref: number; factor: number; amount: number } | undefined {
  let largest: { ref: number; factor: number; amount: number } | undefined
  for (const { quantity, role } of context.roled) {
    if (role.role !== 'baseline' || quantity.kind !== 'money') continue
    const perYear = moneyPerYear(quantity.unit)
    const amount = perYear === undefined ? 0 : context.valueOf(quantity.index) * perYear.factor
    if (perYear && amount > (largest?.amount ?? 0)) largest = { ref: quantity.index, factor: perYear.factor, amount }
  }
  return largest
}

/** "Minimum €4,000 a month": the recurring price is at least that. */
function applyMinimums(terms: PriceTerm[], context: PriceContext): PriceTerm[] {
  const minimums = context.roled.filter((entry) => entry.role.role === 'price' && entry.role.what === 'minimum')
  if (minimums.length === 0) return terms
  const recurring = terms.filter((term) => term.period === 'year').reduce((sum, term) => sum + term.amount, 0)
  let floor = 0
  for (const entry of minimums) {
    const perYear = moneyPerYear(entry.quantity.unit)
    floor = Math.max(floor, context.valueOf(entry.quantity.index) * (perYear?.factor ?? 12))
  }
  if (floor <= recurring) return terms
  return [
    ...terms.filter((term) => term.period !== 'year'),
    { factors: minimums.map((entry) => ({ ref: entry.quantity.index, exponent: 1 })), conversion: 12, period: 'year', amount: floor },
  ]
}
