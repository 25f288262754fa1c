// Value streams: each effect the offer has, on the chain of the customer's figures it changes,
// in money per year. A percentage multiplies its chain; a before→after pair or a multiplier changes
// the figure it is about; a replaced cost is the chain itself.
import {
  PERIOD_ATOMS,
  type Assumption,
  type EffectWhat,
  type Factor,
  type Quantity,
  type RoledQuantity,
  type Stream,
  type Unit,
} from '../model.ts'
import { bestChain, type Candidate, type Chain } from './chains.ts'
import { levelsToday, nounsNamedWith, statedLevels } from './levels.ts'
import { withCheaperRates } from './rates.ts'
import { expandDerived, moneyPerYear, multiply } from './units.ts'

export interface StreamContext {
  readonly roled: readonly RoledQuantity[]
  /** A quantity's value at the defaults in base units and the calculator's currency. */
  readonly valueOf: (ref: number | string) => number
  readonly unitOf: (ref: number | string) => Unit
  readonly assumptions: readonly Assumption[]
}

/** One effect: its quantities (a pair has two), what it is, and the unit the chain starts from. */
export interface Effect {
  readonly indices: readonly number[]
  readonly what: EffectWhat
  readonly start: Unit
  /** The factor the effect applies at the defaults (a share, a difference, 1 − 1/k). */
  readonly factor: number
  readonly sentenceIndex: number
  readonly increase: boolean
  /** A share used as the level before a target ("9 %" of "down to 5 %"): not a chain share any more. */
  readonly consumes: readonly number[]
  /** The only nouns the chain may be implicitly per, when the effect's own words name them. */
  readonly perNouns?: ReadonlySet<string>
  /** For a rate per hour that changes: the same pair read as more output, tried when time saved per thing finds no chain. */
  readonly asOutput?: Effect
}

const isShare = (entry: RoledQuantity): boolean =>
  entry.role.role === 'baseline' && (entry.quantity.kind === 'percent' || entry.quantity.relation?.kind === 'oneIn')

const topicWords = (text: string): Set<string> => new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).map((word) => word.slice(0, 6)))

/** The share a target level changes: stated before it, of the same kind, whose words it shares most ("22 % annual turnover" … "turnover down to 18 %"). */
function baseShareFor(target: RoledQuantity, roled: readonly RoledQuantity[], oneInOnly = false): RoledQuantity | undefined {
  const words = topicWords(target.quantity.sentence)
  let best: { entry: RoledQuantity; score: number } | undefined
  for (const other of roled) {
    if (!isShare(other) || other.quantity.index >= target.quantity.index || other.quantity.kind !== target.quantity.kind) continue
    if (oneInOnly !== (other.quantity.relation?.kind === 'oneIn')) continue
    if (other.quantity.flags.has('words') && !oneInOnly) continue
    const overlap = [...topicWords(other.quantity.sentence)].filter((word) => words.has(word)).length
    const score = overlap * 2 - (target.quantity.sentenceIndex - other.quantity.sentenceIndex) * 0.5 + other.quantity.index * 0.01
    if (best === undefined || score > best.score) best = { entry: other, score }
  }
  return best?.entry
}

/** The effects of a reading, each once (a before→after pair is one effect). */
export function effectsOf(context: StreamContext): Effect[] {
  const effects: Effect[] = []
  const { roled, valueOf } = context
  const levels = levelsToday(roled)
  const taken = new Set<number>(levels.keys())
  for (const [today, after] of levels) {
    const difference = valueOf(today) - valueOf(after)
    effects.push({
      indices: [today, after],
      what: 'points',
      start: {},
      factor: Math.abs(difference),
      sentenceIndex: roled[today]?.quantity.sentenceIndex ?? 0,
      increase: difference < 0,
      consumes: [today],
    })
    taken.add(after)
  }
  for (const entry of roled) {
    const { quantity, role } = entry
    if (role.role !== 'effect' || taken.has(quantity.index)) continue
    const relation = quantity.relation
    if (role.what === 'beforeAfter' && (relation?.kind === 'from' || relation?.kind === 'to')) {
      const before = relation.kind === 'from' ? quantity : roled[relation.from]?.quantity
      const after = relation.kind === 'to' ? quantity : roled[relation.to]?.quantity
      if (before === undefined || after === undefined) continue
      taken.add(before.index)
      taken.add(after.index)
      const unit = pairUnit(before, after)
      // A rate of things per hour ("85 lines/hour -> 120"): the time per thing is what changes.
      const throughput = before.kind === 'count' && (unit.hour ?? 0) < 0
      const start = throughput ? multiply({}, unit, -1) : unit
      const [beforeValue, afterValue] = [valueOf(before.index), valueOf(after.index)]
      const difference = throughput
        ? afterValue === 0 || beforeValue === 0
          ? 0
          : 1 / beforeValue - 1 / afterValue
        : beforeValue - afterValue
      const plain: Effect = {
        indices: [before.index, after.index],
        what: 'beforeAfter',
        start: unit,
        factor: Math.abs(beforeValue - afterValue),
        sentenceIndex: quantity.sentenceIndex,
        increase: afterValue > beforeValue,
        consumes: [],
      }
      effects.push(
        throughput
          ? { ...plain, start, factor: Math.abs(difference), increase: false, ...(afterValue > beforeValue ? { asOutput: plain } : {}) }
          : plain,
      )
      continue
    }
    taken.add(quantity.index)
    // "win 1 in 5 … with our bid team, 1 in 4": a level written as the one before it is the level after.
    const sameForm =
      quantity.relation?.kind === 'oneIn' && (role.what === 'uplift' || role.what === 'reduction')
        ? baseShareFor(entry, roled, true)
        : undefined
    if (role.what === 'target' || quantity.relation?.kind === 'points' || sameForm !== undefined) {
      // The level before: the nearest share stated before it of the same kind.
      const base = sameForm ?? baseShareFor(entry, roled)
      if (base === undefined && role.what === 'target') continue
      // "cut churn by three percentage points": the points themselves; the level they change is no chain share.
      const difference =
        base === undefined || (role.what !== 'target' && sameForm === undefined)
          ? valueOf(quantity.index)
          : valueOf(base.quantity.index) - valueOf(quantity.index)
      if (base === undefined) {
        effects.push({
          indices: [quantity.index],
          what: 'points',
          start: periodsOf(quantity.unit),
          factor: Math.abs(difference),
          sentenceIndex: quantity.sentenceIndex,
          increase: role.what === 'uplift',
          consumes: [],
        })
        continue
      }
      effects.push({
        indices: role.what === 'target' || sameForm !== undefined ? [base.quantity.index, quantity.index] : [quantity.index],
        what: 'points',
        // "en årlig omflyttning på 11 %" … "till 8 %": the levels are shares of a year.
        start: { ...periodsOf(base.quantity.unit), ...periodsOf(quantity.unit) },
        factor: Math.abs(difference),
        sentenceIndex: quantity.sentenceIndex,
        increase: role.what === 'target' || sameForm !== undefined ? difference < 0 : role.what === 'uplift',
        consumes: [base.quantity.index],
      })
      continue
    }
    const factor =
      role.what === 'multiplier'
        ? 1 - 1 / Math.max(quantity.value, 1)
        : quantity.kind === 'multiplier'
          ? quantity.value - 1
          : role.what === 'replace' && quantity.kind !== 'money'
            ? 1
            : role.what === 'remaining'
              ? 1 - valueOf(quantity.index)
              : valueOf(quantity.index)
    effects.push({
      indices: [quantity.index],
      what: role.what,
      // A saving stated as an amount or a time ("saves 4 min per invoice") is its own start.
      start: quantity.kind === 'money' || role.what === 'direct' ? expandDerived(quantity.unit) : periodsOf(quantity.unit),
      factor,
      sentenceIndex: quantity.sentenceIndex,
      increase: role.what === 'uplift',
      consumes: [],
      ...(role.what === 'multiplier' ? { perNouns: thingsTimed(roled) } : {}),
    })
  }
  // Levels of today and with the offer, written as two states, once no other effect uses them.
  const used = new Set(effects.flatMap((effect) => [...effect.indices, ...effect.consumes]))
  for (const [before, after] of statedLevels(roled, used)) {
    const [beforeValue, afterValue] = [valueOf(before), valueOf(after)]
    const entry = roled[before]
    if (entry === undefined) continue
    const { quantity } = entry
    effects.push({
      indices: [before, after],
      what: 'beforeAfter',
      start: quantity.unit,
      factor: Math.abs(beforeValue - afterValue),
      sentenceIndex: quantity.sentenceIndex,
      increase: afterValue > beforeValue,
      consumes: [before, after],
      perNouns: nounsNamedWith(entry, roled),
    })
  }
  return effects
}

/**
 * The counted things a bare time is of: "9,000 scripts a year, and each one takes 24 minutes" —
 * a time with no per-what beside a count a period in its sentence is that count's time per thing.
 */
function thingsTimed(roled: readonly RoledQuantity[]): Set<string> {
  const nouns = new Set<string>()
  for (const time of roled) {
    const { quantity } = time
    if (time.role.role !== 'baseline' || quantity.kind !== 'duration' || Object.keys(quantity.unit).join() !== 'hour') continue
    for (const { quantity: count, role } of roled) {
      if (role.role !== 'baseline' || count.kind !== 'count' || count.sentenceIndex !== quantity.sentenceIndex) continue
      if (!Object.entries(count.unit).some(([atom, power]) => power < 0 && (PERIOD_ATOMS as readonly string[]).includes(atom))) continue
      for (const [atom, power] of Object.entries(count.unit)) if (power > 0) nouns.add(atom)
    }
  }
  return nouns
}

/** A share of a year ("bring back a third of them over the year"): a share of a stock each year. */
function periodsOf(unit: Unit): Unit {
  return (unit.year ?? 0) < 0 ? { year: -1 } : {}
}

function withoutYear(unit: Unit): Unit {
  return Object.fromEntries(Object.entries(unit).filter(([atom]) => atom !== 'year'))
}

/** A before→after pair's unit: what either side says it is per ("40 minutes to 10 minutes per site manager"). */
function pairUnit(before: Quantity, after: Quantity): Unit {
  const unit: Record<string, number> = { ...before.unit }
  for (const [atom, power] of Object.entries(after.unit)) if (unit[atom] === undefined) unit[atom] = power
  return unit
}

/**
 * The words an effect is about: those after it in its clause ("10–15 % av gödseln" → "gödseln"),
 * or, when the clause ends with it, those before it ("kostnaden för miljöerna sjunkit med två tredjedelar").
 */
function aboutWords(effect: Effect, context: StreamContext): string[] {
  const quantity = context.roled[effect.indices[effect.indices.length - 1] ?? -1]?.quantity
  if (quantity === undefined) return []
  const words = (text: string) =>
    (text.toLowerCase().match(/\p{L}{5,}/gu) ?? []).filter((word) => !FUNCTION_WORDS.has(word)).map((word) => word.slice(0, 5))
  const after = words(quantity.sentence.slice(quantity.end - quantity.sentenceStart).split(/[,;.]/u)[0] ?? '')
  if (after.length > 0) return after
  return words(
    quantity.sentence
      .slice(0, quantity.start - quantity.sentenceStart)
      .split(/[,;]/u)
      .pop() ?? '',
  )
}

/** Long words that say nothing of what a figure is about. */
const FUNCTION_WORDS = new Set(
  'about above after again against among around because before being below between could during every other since their there these those through under until where which while would should years month weeks hours efter sedan innan under genom mellan också eller några något mycket varje andra alltid redan ungefär kring därför vilket vilka skulle kunna'.split(
    ' ',
  ),
)

function candidatesFor(
  effect: Effect,
  context: StreamContext,
  claims: ReadonlyMap<number | string, number>,
  consumed: ReadonlySet<number>,
): Candidate[] {
  const candidates: Candidate[] = []
  const about = aboutWords(effect, context)
  const topical = (sentence: string) =>
    about.length > 0 && (sentence.toLowerCase().match(/\p{L}{5,}/gu) ?? []).some((word) => about.includes(word.slice(0, 5)))
  for (const { quantity, role } of context.roled) {
    if (role.role !== 'baseline' || effect.indices.includes(quantity.index) || consumed.has(quantity.index)) continue
    if (Object.keys(quantity.unit).length === 0) continue
    // A span of time ("eleven years", "a 3-year contract", "6 days") is no rate: never a chain's factor.
    const entries = Object.entries(quantity.unit)
    // Months gained are the exception: "a member we keep stays ten more months" multiplies what a month is worth.
    const gained = /\b(?:more|additional|extra|longer|till|ytterligare|mer|längre)\b/iu.test(
      quantity.sentence.slice(quantity.start - quantity.sentenceStart, quantity.end - quantity.sentenceStart + 12),
    )
    if (!gained && entries.every(([atom, power]) => power > 0 && ['day', 'week', 'month', 'quarter', 'year'].includes(atom))) continue
    const money = (quantity.unit.money ?? 0) !== 0
    const claimed = claims.get(quantity.index) ?? 0
    candidates.push({
      ref: quantity.index,
      unit: expandDerived(quantity.unit),
      distance: Math.abs(quantity.sentenceIndex - effect.sentenceIndex),
      // Of two counts in one sentence, the later is the one what follows speaks of ("a five-site group with 9,000 patients, 30 % of them").
      ...(money ? {} : { between: Math.min(...effect.indices.map((index) => Math.abs(index - quantity.index))) }),
      // Only a rate between two things is divided by ("6.5 mpg", "85 lines/hour"); a count of the customer's things never is.
      divisible:
        quantity.flags.has('group') ||
        (!money &&
          quantity.kind !== 'duration' &&
          Object.values(quantity.unit).some((power) => power < 0) &&
          Object.values(quantity.unit).some((power) => power > 0)),
      claimed: claimed === 0 ? 0 : money ? 3 : 0.3,
      money,
      assumed: false,
      topical: topical(quantity.sentence.slice(0, Math.max(0, quantity.end - quantity.sentenceStart + 20))),
    })
  }
  for (const assumption of context.assumptions) {
    candidates.push({ ref: assumption.key, unit: assumption.unit, distance: 0, divisible: false, claimed: 0, money: true, assumed: true })
  }
  // The nearest figures only: a chain is written close to its effect, and a long document's search stays bounded.
  return candidates.sort((a, b) => a.distance - b.distance).slice(0, NEAREST_CANDIDATES)
}

const NEAREST_CANDIDATES = 16

/** The shares that belong to a chain: baseline percentages written with the effect or its figures. */
function sharesFor(effect: Effect, chain: readonly Factor[], context: StreamContext, taken: ReadonlySet<number>): Factor[] {
  const sentences = new Set<number>([effect.sentenceIndex])
  for (const factor of chain) {
    if (typeof factor.ref !== 'number') continue
    const quantity = context.roled[factor.ref]?.quantity
    if (quantity !== undefined) sentences.add(quantity.sentenceIndex)
  }
  const inChain = new Set(chain.map((factor) => factor.ref))
  return context.roled
    .filter((entry) => isShare(entry) && !taken.has(entry.quantity.index) && !effect.indices.includes(entry.quantity.index))
    .filter((entry) => !inChain.has(entry.quantity.index))
    .filter((entry) => sentences.has(entry.quantity.sentenceIndex) || Math.abs(entry.quantity.sentenceIndex - effect.sentenceIndex) <= 1)
    .map((entry) => ({ ref: entry.quantity.index, exponent: 1 as const }))
}

function optionsFor(effect: Effect): { allowImplicit: boolean | ReadonlySet<string>; mustUse?: string } {
  // Only an effect with no per-what of its own may be per the thing the chain counts ("ställtiden");
  // a speed-up likewise ("9,000 scripts a year … each takes 24 minutes … 3x faster").
  const implicit =
    (effect.what === 'beforeAfter' || effect.what === 'multiplier') &&
    !Object.entries(effect.start).some(([atom, power]) => power < 0 && (atom.startsWith('n:') || atom === 'person'))
  return {
    allowImplicit: implicit && effect.perNouns !== undefined ? effect.perNouns : implicit,
    ...(effect.what === 'multiplier' ? { mustUse: 'hour' } : {}),
  }
}

interface Plan {
  readonly effect: Effect
  readonly start: Unit
  readonly chain: Chain
  readonly output: boolean
}

/** The chain an effect would take given the figures other streams already claim. */
function planFor(
  stated: Effect,
  context: StreamContext,
  claims: ReadonlyMap<number | string, number>,
  consumed: ReadonlySet<number>,
): Plan | undefined {
  const candidates = candidatesFor(stated, context, claims, consumed)
  const options = optionsFor(stated)
  let start = stated.start
  // An amount a period ("$7,500 a month … replaced completely") is money a year by itself.
  const alone = start.money === 1 ? moneyPerYear(start) : undefined
  let chain = alone !== undefined ? { factors: [], yearFactor: alone.factor, score: 0 } : bestChain(start, candidates, options)
  // A share of a year applied to an amount a year ("$4.2M ARR", "churn of 14 % a year") is a share of that amount.
  if (chain === undefined && start.year === -1 && start.money === undefined) {
    start = withoutYear(start)
    chain = bestChain(start, candidates, options)
  }
  if (chain !== undefined) return { effect: stated, start, chain, output: false }
  const output = stated.asOutput
  if (output === undefined) return undefined
  const outputChain = bestChain(output.start, candidatesFor(output, context, claims, consumed), optionsFor(output))
  return outputChain === undefined ? undefined : { effect: output, start: output.start, chain: outputChain, output: true }
}

/** Effects beyond this many take their chains in the order written (a long document's search stays bounded). */
const BEST_FIRST_LIMIT = 10

/**
 * The streams of a reading. The effect whose chain fits best takes it first, so a figure written
 * with one effect ("the premium drops 10 %") is not taken by another effect before it
 * ("cut those losses by 85 %"); the streams keep the order the effects are written in.
 */
export function composeStreams(context: StreamContext): Stream[] {
  const built: Array<{ order: number; stream: Stream }> = []
  const claims = new Map<number | string, number>()
  const shareTaken = new Set<number>()
  const effects = effectsOf(context)
  const consumed = new Set<number>(effects.flatMap((effect) => effect.consumes))
  const pending = effects.map((effect, order) => ({ effect, order }))
  while (pending.length > 0) {
    // Beyond the limit, the first written goes first.
    const considered = pending.length <= BEST_FIRST_LIMIT ? pending : pending.slice(0, 1)
    let best: { at: number; plan: Plan | undefined } = { at: 0, plan: undefined }
    considered.forEach(({ effect }, at) => {
      const plan = planFor(effect, context, claims, consumed)
      if (plan !== undefined && (best.plan === undefined || plan.chain.score > best.plan.chain.score)) best = { at, plan }
    })
    const [taken] = pending.splice(best.at, 1)
    if (best.plan === undefined || taken === undefined) continue
    built.push({ order: taken.order, stream: streamOf(best.plan, context, claims, new Set([...shareTaken, ...consumed]), shareTaken) })
  }
  return built.sort((a, b) => a.order - b.order).map(({ stream }) => stream)
}

/** A plan made a stream: its chain with cheaper rates and shares, claimed, valued at the defaults. */
function streamOf(
  plan: Plan,
  context: StreamContext,
  claims: Map<number | string, number>,
  notShares: ReadonlySet<number>,
  shareTaken: Set<number>,
): Stream {
  const { effect, start, chain } = plan
  const chainFactors = withCheaperRates(chain.factors, context, claims)
  const shares = sharesFor(effect, chainFactors, context, notShares)
  for (const share of shares) if (typeof share.ref === 'number') shareTaken.add(share.ref)
  const factors: Factor[] = [...chainFactors, ...shares]
  for (const factor of factors) claims.set(factor.ref, (claims.get(factor.ref) ?? 0) + 1)
  let unit: Unit = start
  let yearly = effect.factor * chain.yearFactor
  for (const factor of factors) {
    unit = multiply(unit, expandDerived(context.unitOf(factor.ref)), factor.exponent)
    const value = context.valueOf(factor.ref) - (factor.minus === undefined ? 0 : context.valueOf(factor.minus))
    yearly *= factor.exponent === 1 ? value : value === 0 ? 0 : 1 / value
  }
  const revenue = factors.some((factor) => {
    const entry = typeof factor.ref === 'number' ? context.roled[factor.ref] : undefined
    return entry?.role.role === 'baseline' && entry.role.what === 'revenue'
  })
  return {
    effect: effect.indices,
    effectWhat: effect.what,
    chain: factors,
    conversion: chain.yearFactor,
    yearly,
    valueType: effect.increase || revenue ? 'gain' : 'saving',
    ...(plan.output ? { output: true as const } : {}),
  }
}
