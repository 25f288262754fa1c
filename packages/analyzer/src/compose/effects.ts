// The effects of a reading: each change the offer makes, once (a before→after pair is one effect),
// with the unit its chain starts from and the factor it applies at the defaults.
import { PERIOD_ATOMS, type EffectWhat, type Quantity, type RoledQuantity, type Unit } from '../model.ts'
import { enoughLevels, frequencyLevels, frequencyUnit, levelsToday, nounsNamedWith, statedLevels, stocksBefore } from './levels.ts'
import type { StreamContext } from './streams.ts'
import { expandDerived, multiply } from './units.ts'

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
  /** A change in proportion: its chain is divided by the level before ("five days a week … three suffice" of a cost a month). */
  readonly relative?: true
  /** The only nouns the chain may be implicitly per, when the effect's own words name them. */
  readonly perNouns?: ReadonlySet<string>
  /** For a rate per hour that changes: the same pair read as more output, tried when time saved per thing finds no chain. */
  readonly asOutput?: Effect
}

export const isShare = (entry: RoledQuantity): boolean =>
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
        // "1 400 medlemmar … 15 % betalar aldrig … till 4 %": the level is a share of the things counted with it.
        perNouns: nounsNamedWith(base, roled),
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
  return [...effects, ...levelEffects(context, used)]
}

/** "2.1 % a month … 1.6 % a month with our app": the two levels as one before→after on what the level is a share of. */
function levelEffects({ roled, valueOf }: StreamContext, used: ReadonlySet<number>): Effect[] {
  const effects: Effect[] = []
  for (const [before, after] of statedLevels(roled, used)) {
    const [beforeValue, afterValue] = [valueOf(before), valueOf(after)]
    const entry = roled[before]
    if (entry === undefined) continue
    effects.push({
      indices: [before, after],
      what: 'beforeAfter',
      start: entry.quantity.unit,
      factor: Math.abs(beforeValue - afterValue),
      sentenceIndex: entry.quantity.sentenceIndex,
      increase: afterValue > beforeValue,
      consumes: [before, after],
      perNouns: nounsNamedWith(entry, roled),
    })
  }
  for (const [before, after] of frequencyLevels(roled, new Set([...used, ...effects.flatMap((effect) => effect.indices)]))) {
    const [beforeEntry, afterEntry] = [roled[before], roled[after]]
    if (beforeEntry === undefined || afterEntry === undefined) continue
    const [beforeValue, afterValue] = [valueOf(before), valueOf(after)]
    effects.push({
      indices: [before, after],
      what: 'beforeAfter',
      start: frequencyUnit(beforeEntry, afterEntry),
      factor: Math.abs(beforeValue - afterValue),
      sentenceIndex: beforeEntry.quantity.sentenceIndex,
      increase: afterValue > beforeValue,
      consumes: [before, after],
      perNouns: stocksBefore(beforeEntry, roled),
    })
  }
  for (const [before, after] of enoughLevels(roled, new Set([...used, ...effects.flatMap((effect) => effect.indices)]))) {
    const sentenceIndex = roled[before]?.quantity.sentenceIndex ?? 0
    const factor = Math.abs(valueOf(before) - valueOf(after))
    effects.push({
      indices: [before, after],
      what: 'beforeAfter',
      start: {},
      factor,
      sentenceIndex,
      increase: false,
      consumes: [before, after],
      relative: true,
      perNouns: new Set(),
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

export function withoutYear(unit: Unit): Unit {
  return Object.fromEntries(Object.entries(unit).filter(([atom]) => atom !== 'year'))
}

/** A before→after pair's unit: what either side says it is per ("40 minutes to 10 minutes per site manager"). */
function pairUnit(before: Quantity, after: Quantity): Unit {
  const unit: Record<string, number> = { ...before.unit }
  for (const [atom, power] of Object.entries(after.unit)) if (unit[atom] === undefined) unit[atom] = power
  return unit
}
