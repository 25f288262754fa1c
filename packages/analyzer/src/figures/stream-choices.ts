// The value streams a seller adds, removes and switches (issue 36). A stream keeps its key while the
// figures it is made of keep their roles; an added stream is an assumed change on the customer's
// figure of its kind (or on an assumed figure when the text states none), which the seller adjusts.
import type { Currency } from '@valueproof/formula'
import type { ComposedModel } from '../compose/compose.ts'
import {
  PERIODS_PER_YEAR,
  type Factor,
  type PeriodAtom,
  type Quantity,
  type Role,
  type RoledQuantity,
  type Stream,
  type Unit,
} from '../model.ts'
import type { AnalysisInput } from '../types.ts'

export const STREAM_KINDS = ['time', 'cost', 'revenue', 'losses', 'custom'] as const
export type StreamKind = (typeof STREAM_KINDS)[number]

/** A stream's identity across rebuilds: the figures of its effect and of its chain. */
export function streamKey(stream: Stream): string {
  return `${stream.effect.join('+')}>${stream.chain.map((factor) => String(factor.ref)).join('*')}`
}

/** What kind of value a stream is, read from its figures: revenue gained, time saved, losses avoided or cost reduced. */
export function streamKindOf(stream: Stream, model: ComposedModel): StreamKind {
  if (stream.valueType === 'gain') return 'revenue'
  const quantities = [...stream.effect, ...stream.chain.map((factor) => factor.ref)].flatMap((ref) =>
    typeof ref === 'number' ? [model.quantities[ref]?.quantity].filter((quantity) => quantity !== undefined) : [],
  )
  if (quantities.some((quantity) => quantity.flags.has('custom'))) return 'custom'
  const timed =
    quantities.some((quantity) => (quantity.unit.hour ?? 0) > 0) || stream.chain.some((factor) => factor.ref === 'assumed:hourlyCost')
  if (timed) return 'time'
  if (quantities.some((quantity) => Object.keys(quantity.unit).some((atom) => atom === 'n:event' || atom === 'n:incident'))) return 'losses'
  return 'cost'
}

interface KindDefaults {
  /** The customer's figure an added stream of this kind changes: its role and unit. */
  readonly baseline: { readonly role: Role; readonly unit: Unit; readonly kind: Quantity['kind'] } | undefined
  /** The assumed figure's value when the text states none (money in the calculator's currency). */
  readonly value: (currency: Currency) => number
  /** The assumed change, in percent (0: the amount itself is the value). */
  readonly change: number
  readonly label: {
    readonly en: { readonly base: string; readonly change: string }
    readonly sv: { readonly base: string; readonly change: string }
  }
}

const moneyOf = (amount: number) => (currency: Currency) => (currency === 'SEK' ? amount * 10 : amount)

const KIND_DEFAULTS: Readonly<Record<StreamKind, KindDefaults>> = {
  time: {
    baseline: { role: { role: 'baseline', what: 'time' }, unit: { hour: 1, week: -1 }, kind: 'duration' },
    value: () => 10,
    change: 20,
    label: {
      en: { base: 'Hours a week spent on it today', change: 'Share of that time saved (%)' },
      sv: { base: 'Timmar i veckan som läggs på det i dag', change: 'Andel av tiden som sparas (%)' },
    },
  },
  cost: {
    baseline: { role: { role: 'baseline', what: 'cost' }, unit: { money: 1, year: -1 }, kind: 'money' },
    value: moneyOf(100_000),
    change: 10,
    label: {
      en: { base: 'Cost today per year', change: 'Share of the cost saved (%)' },
      sv: { base: 'Kostnad i dag per år', change: 'Andel av kostnaden som sparas (%)' },
    },
  },
  revenue: {
    baseline: { role: { role: 'baseline', what: 'revenue' }, unit: { money: 1, year: -1 }, kind: 'money' },
    value: moneyOf(1_000_000),
    change: 5,
    label: {
      en: { base: 'Revenue today per year', change: 'Revenue increase (%)' },
      sv: { base: 'Intäkter i dag per år', change: 'Ökning av intäkterna (%)' },
    },
  },
  losses: {
    baseline: { role: { role: 'baseline', what: 'cost' }, unit: { money: 1, year: -1 }, kind: 'money' },
    value: moneyOf(50_000),
    change: 20,
    label: {
      en: { base: 'Losses today per year', change: 'Share of the losses avoided (%)' },
      sv: { base: 'Förluster i dag per år', change: 'Andel av förlusterna som undviks (%)' },
    },
  },
  custom: {
    baseline: undefined,
    value: moneyOf(10_000),
    change: 0,
    label: { en: { base: 'Other value per year', change: '' }, sv: { base: 'Annat värde per år', change: '' } },
  },
}

function assumedQuantity(
  index: number,
  near: Quantity | undefined,
  fields: Pick<Quantity, 'kind' | 'value' | 'unit' | 'scale' | 'nounText'>,
  flags: string[],
): Quantity {
  return {
    index,
    ...fields,
    flags: new Set(['assumed', ...flags]),
    page: near?.page ?? 1,
    start: 0,
    end: 0,
    text: '',
    // Beside the figure it changes, so the chain it starts from is that figure's.
    sentence: near?.sentence ?? '',
    sentenceStart: near?.sentenceStart ?? 0,
    sentenceIndex: near?.sentenceIndex ?? 0,
  }
}

const PERIODS = Object.keys(PERIODS_PER_YEAR) as PeriodAtom[]

/** The period a unit is per, when it is exactly an amount (money or hours) per calendar period. */
function perPeriodOf(unit: Unit, atom: 'money' | 'hour'): PeriodAtom | undefined {
  const entries = Object.entries(unit)
  if (entries.length !== 2 || unit[atom] !== 1) return undefined
  return PERIODS.find((period) => unit[period] === -1)
}

/** The customer's figure of the kind that no earlier added stream took: an amount of money or of hours per period. */
function statedBaseline(roled: readonly RoledQuantity[], defaults: KindDefaults, taken: Set<number>): RoledQuantity | undefined {
  const wanted = defaults.baseline?.role
  if (wanted === undefined || wanted.role !== 'baseline') return undefined
  const atom = wanted.what === 'time' ? 'hour' : 'money'
  return roled.find(
    (entry) =>
      !taken.has(entry.quantity.index) &&
      entry.role.role === 'baseline' &&
      entry.role.what === wanted.what &&
      perPeriodOf(entry.quantity.unit, atom) !== undefined,
  )
}

/** The stated cost of an hour, when the text gives one. */
function statedHourlyRate(roled: readonly RoledQuantity[]): number | undefined {
  return roled.find(
    ({ quantity, role }) =>
      role.role === 'baseline' &&
      quantity.kind === 'money' &&
      quantity.unit.money === 1 &&
      quantity.unit.hour === -1 &&
      Object.keys(quantity.unit).length === 2,
  )?.quantity.index
}

/** The streams a seller adds: their figures (appended after the reading's own, indices continuing from it) and each stream. */
export interface AddedStreams {
  /** Out of the analyzer's composition (context): only the added streams use them. */
  readonly quantities: readonly RoledQuantity[]
  readonly streams: (valueOf: (ref: number | string) => number) => Stream[]
  /** The assumed cost of an hour is used (no stated rate). */
  readonly hourlyAssumed: boolean
}

export function addedStreams(roled: readonly RoledQuantity[], kinds: readonly StreamKind[], input: AnalysisInput): AddedStreams {
  const quantities: RoledQuantity[] = []
  const plans: Array<{ effect: number; chain: Factor[]; conversion: number; kind: StreamKind }> = []
  const taken = new Set<number>()
  const rate = statedHourlyRate(roled)
  const context = (quantity: Quantity): RoledQuantity => ({ quantity, role: { role: 'context', why: 'an added stream' }, of: '' })
  for (const kind of kinds) {
    const defaults = KIND_DEFAULTS[kind]
    const label = defaults.label[input.language]
    const next = () => roled.length + quantities.length
    if (defaults.baseline === undefined) {
      const fields = {
        kind: 'money' as const,
        value: defaults.value(input.currency),
        unit: { money: 1, year: -1 },
        scale: 1,
        nounText: label.base,
      }
      const amount = { ...assumedQuantity(next(), undefined, fields, ['custom']), currency: input.currency }
      quantities.push(context(amount))
      plans.push({ effect: amount.index, chain: [], conversion: 1, kind })
      continue
    }
    const atom = kind === 'time' ? 'hour' : 'money'
    let base = statedBaseline(roled, defaults, taken)?.quantity
    if (base !== undefined) taken.add(base.index)
    else {
      const { unit, kind: quantityKind } = defaults.baseline
      base = assumedQuantity(
        next(),
        undefined,
        { kind: quantityKind, value: defaults.value(input.currency), unit, scale: 1, nounText: label.base },
        [],
      )
      if (quantityKind === 'money') base = { ...base, currency: input.currency }
      quantities.push(context(base))
    }
    const flags = kind === 'revenue' ? ['increase'] : ['decrease']
    const change = assumedQuantity(
      next(),
      base,
      { kind: 'percent', value: defaults.change, unit: {}, scale: 0.01, nounText: label.change },
      flags,
    )
    quantities.push(context(change))
    const chain: Factor[] = [{ ref: base.index, exponent: 1 }]
    if (atom === 'hour') chain.push({ ref: rate ?? 'assumed:hourlyCost', exponent: 1 })
    plans.push({ effect: change.index, chain, conversion: PERIODS_PER_YEAR[perPeriodOf(base.unit, atom) ?? 'year'], kind })
  }
  return {
    quantities,
    hourlyAssumed: rate === undefined && plans.some((plan) => plan.kind === 'time'),
    streams: (valueOf) =>
      plans.map((plan) => ({
        effect: [plan.effect],
        effectWhat: plan.kind === 'custom' ? 'direct' : plan.kind === 'revenue' ? 'uplift' : 'reduction',
        chain: plan.chain,
        conversion: plan.conversion,
        yearly: plan.chain.reduce((product, factor) => product * valueOf(factor.ref), valueOf(plan.effect)) * plan.conversion,
        valueType: plan.kind === 'revenue' ? 'gain' : 'saving',
      })),
  }
}

/** The model with the streams the seller removed left out and the kinds the seller chose. */
export function chosenStreams(
  model: ComposedModel,
  choices: { readonly removedStreams?: readonly string[]; readonly streamKinds?: Readonly<Record<string, StreamKind>> },
): ComposedModel {
  const removed = new Set(choices.removedStreams ?? [])
  const kinds = choices.streamKinds ?? {}
  if (removed.size === 0 && Object.keys(kinds).length === 0) return model
  const streams = model.streams
    .filter((stream) => !removed.has(streamKey(stream)))
    .map((stream) => {
      const kind = kinds[streamKey(stream)]
      if (kind === undefined) return stream
      return { ...stream, valueType: kind === 'revenue' ? ('gain' as const) : ('saving' as const) }
    })
  const assumptions = model.assumptions.filter((assumption) =>
    streams.some((stream) => stream.chain.some((factor) => factor.ref === assumption.key)),
  )
  return { ...model, streams, assumptions }
}
