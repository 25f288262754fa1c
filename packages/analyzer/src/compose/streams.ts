// Value streams: each effect the offer has, on the chain of the customer's figures it changes,
// in money per year. A percentage multiplies its chain; a before→after pair or a multiplier changes
// the figure it is about; a replaced cost is the chain itself.
import type { Assumption, Factor, RoledQuantity, Stream, Unit } from '../model.ts'
import { bestChain, type Candidate, type Chain } from './chains.ts'
import { effectsOf, isShare, withoutYear, type Effect } from './effects.ts'
import { withCheaperRates } from './rates.ts'
import { expandDerived, moneyPerYear, multiply } from './units.ts'

export interface StreamContext {
  readonly roled: readonly RoledQuantity[]
  /** A quantity's value at the defaults in base units and the calculator's currency. */
  readonly valueOf: (ref: number | string) => number
  readonly unitOf: (ref: number | string) => Unit
  readonly assumptions: readonly Assumption[]
}

/** "our meters", "vår tjänst", "våra sensorer": the offer named as the subject. */
const OFFER_SUBJECT = /(?<!\p{L})(?:our|vår|våra|vårt|we|vi)(?:\s+\p{L}+)?(?!\p{L})/giu

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
  // The offer as the clause's subject ("our meters cut that by 30 %") names the offer, not what it changes.
  const before =
    quantity.sentence
      .slice(0, quantity.start - quantity.sentenceStart)
      .split(/[,;]/u)
      .pop() ?? ''
  return words(before.replace(OFFER_SUBJECT, ' '))
}

/**
 * Long words that say nothing of what a figure is about — among them the words of what anything
 * costs ("the service costs $1,500" is not about "fuel costs").
 */
const FUNCTION_WORDS = new Set(
  'costs price prices spend spends spending kostar kostnad kostnaden kostnader priset about above after again against among around because before being below between could during every other since their there these those through under until where which while would should years month weeks hours efter sedan innan under genom mellan också eller några något mycket varje andra alltid redan ungefär kring därför vilket vilka skulle kunna'.split(
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
    // So is an overrun: "22 % of them run past free time, typically by 3 to 4 days" at a rate per day.
    const overrun =
      /\b(?:by|med)\s+(?:about\s+|around\s+|typically\s+|roughly\s+|ca\s+|cirka\s+|i\s+snitt\s+)?(?:\d+\s*(?:to|till|–|-)\s*)?$/iu.test(
        quantity.sentence.slice(0, quantity.start - quantity.sentenceStart),
      )
    if (!gained && !overrun && entries.every(([atom, power]) => power > 0 && ['day', 'week', 'month', 'quarter', 'year'].includes(atom)))
      continue
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
  // A pair's two levels may stand in two sentences ("spends €40k at 2.6x ROAS. … returns 3.4x."): both are the effect's.
  const effectSentences = new Set<number>([effect.sentenceIndex])
  for (const index of effect.indices) {
    const quantity = context.roled[index]?.quantity
    if (quantity !== undefined) effectSentences.add(quantity.sentenceIndex)
  }
  const sentences = new Set<number>(effectSentences)
  for (const factor of chain) {
    if (typeof factor.ref !== 'number') continue
    const quantity = context.roled[factor.ref]?.quantity
    if (quantity !== undefined) sentences.add(quantity.sentenceIndex)
  }
  const inChain = new Set(chain.map((factor) => factor.ref))
  return (
    context.roled
      .filter((entry) => isShare(entry) && !taken.has(entry.quantity.index) && !effect.indices.includes(entry.quantity.index))
      .filter((entry) => !inChain.has(entry.quantity.index))
      // A share written a sentence before the base it is of ("errors cost 4–6 % of production. You produce for 320 mkr a year").
      .filter(
        (entry) =>
          [...effectSentences].some((sentence) => Math.abs(entry.quantity.sentenceIndex - sentence) <= 1) ||
          [...sentences].some((sentence) => sentence - entry.quantity.sentenceIndex <= 1 && sentence >= entry.quantity.sentenceIndex),
      )
      .map((entry) => ({ ref: entry.quantity.index, exponent: 1 as const }))
  )
}

function optionsFor(effect: Effect): { allowImplicit: boolean | ReadonlySet<string>; mustUse?: string } {
  // Only an effect with no per-what of its own may be per the thing the chain counts ("ställtiden");
  // a speed-up likewise ("9,000 scripts a year … each takes 24 minutes … 3x faster").
  const implicit =
    (effect.what === 'beforeAfter' || effect.what === 'multiplier' || (effect.what === 'points' && effect.perNouns !== undefined)) &&
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
  const proportion: Factor[] = effect.relative === true && effect.indices[0] !== undefined ? [{ ref: effect.indices[0], exponent: -1 }] : []
  const factors: Factor[] = [...chainFactors, ...shares, ...proportion]
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
