// The analyzer's one model, stage by stage (docs/decisions/126): what the text states (Quantity),
// what each figure is for (Role), how figures combine into money per year (Stream, PriceModel),
// and the inputs a calculator shows (Input). No stage knows a story.
import type { CurrencyCode } from './read/figures-types.ts'

/** A unit atom: money, a duration (hours), a calendar period, or a thing counted or measured. */
export type Atom = string

/** A product of atoms with integer exponents ("money·hour⁻¹" is { money: 1, hour: -1 }). */
export type Unit = Readonly<Record<Atom, number>>

export const PERIOD_ATOMS = ['day', 'week', 'month', 'quarter', 'year'] as const
export type PeriodAtom = (typeof PERIOD_ATOMS)[number]

/** Calendar periods in a year, used only where the text states no count of them. */
export const PERIODS_PER_YEAR: Readonly<Record<PeriodAtom, number>> = { day: 365, week: 52, month: 12, quarter: 4, year: 1 }

export type QuantityKind = 'money' | 'duration' | 'percent' | 'count' | 'measure' | 'multiplier'

/** How a quantity relates to others of its sentence. */
export type Relation =
  /** The "before" of a before→after pair; `to` is the index of the "after". */
  | { readonly kind: 'from'; readonly to: number }
  /** The "after" of a before→after pair; `from` is the index of the "before". */
  | { readonly kind: 'to'; readonly from: number }
  /** A change in percentage points ("+0.5 points", "from 9 % to 5 %" read as a pair). */
  | { readonly kind: 'points' }
  /** "1 in 8", "var tjugonde": already a share (12.5, 5). */
  | { readonly kind: 'oneIn' }
  /** "3x faster", "fem gånger snabbare": a factor on time or volume. */
  | { readonly kind: 'times'; readonly direction: 'faster' | 'more' }

export interface Quantity {
  /** Its index in the reading (stable across stages). */
  readonly index: number
  readonly kind: QuantityKind
  /** The stated value (a range's midpoint); a percentage as written (30 for 30 %). */
  readonly value: number
  readonly low?: number
  readonly high?: number
  /** The currency as written (money only). */
  readonly currency?: CurrencyCode
  /** The quantity's own unit, e.g. { money: 1, hour: -1 } for "$65/hour", { mile: 1, gallon: -1 } for "6.5 mpg". */
  readonly unit: Unit
  /** From the written value to the unit's base atoms: 1/60 for minutes, 1/100 for a percentage, 1000 for tonnes in kg. */
  readonly scale: number
  /** What it counts or belongs to, as a noun class ("person", "truck", "appointment"). */
  readonly noun?: string
  /** The noun as written, for labels ("site managers", "omställningar"). */
  readonly nounText?: string
  readonly relation?: Relation
  /** "approximate", "threshold", "words", "example", "decrease", "increase", "range", "stated-rate". */
  readonly flags: ReadonlySet<string>
  readonly page: number
  /** Offsets of the figure's words in its page text. */
  readonly start: number
  readonly end: number
  readonly text: string
  /** The sentence around it, for roles and quotes. */
  readonly sentence: string
  readonly sentenceStart: number
  readonly sentenceIndex: number
}

export type BaselineWhat = 'volume' | 'time' | 'rate' | 'cost' | 'revenue' | 'share' | 'periods' | 'measure'
export type EffectWhat = 'reduction' | 'uplift' | 'beforeAfter' | 'multiplier' | 'points' | 'replace' | 'target' | 'direct' | 'remaining'
export type PriceWhat = 'recurring' | 'oneOff' | 'perUse' | 'shareOfSpend' | 'shareOfGain' | 'minimum'

export type Role =
  | { readonly role: 'baseline'; readonly what: BaselineWhat }
  | { readonly role: 'effect'; readonly what: EffectWhat }
  | { readonly role: 'price'; readonly what: PriceWhat }
  | { readonly role: 'context'; readonly why: string }

export interface RoledQuantity {
  readonly quantity: Quantity
  readonly role: Role
  /** What the figure is of: the words it changes or measures ("fuel", "tomkörningen", "no-shows"). */
  readonly of?: string
}

/** One factor of a chain: a quantity (or an assumption made an input) raised to +1 or −1. */
export interface Factor {
  /** The quantity's index, or an assumption's key ("assumed:workingDays"). */
  readonly ref: number | string
  readonly exponent: 1 | -1
  /** A cheaper rate of the same unit the text sets against it ("agency $78/h, own staff $46/h"): the factor is the difference. */
  readonly minus?: number
}

export interface Assumption {
  readonly key: string
  readonly value: number
  readonly unit: Unit
  /** What the assumption is, in the calculator's language ("working days a year"). */
  readonly label: string
  readonly kind: QuantityKind
}

/** One source of value: an effect on a chain of the customer's figures, in money per year. */
export interface Stream {
  readonly effect: readonly number[]
  readonly effectWhat: EffectWhat
  readonly chain: readonly Factor[]
  /** Constant factor from unit conversions (minutes → hours, months → a year), applied once. */
  readonly conversion: number
  /** The gross yearly value at the defaults, in the calculator's currency. */
  readonly yearly: number
  /** Money saved (a cost the customer no longer has) or gained (revenue). */
  readonly valueType: 'saving' | 'gain'
  /** A rate per hour that rises ("90 orders an hour, with our scanners 120") read as more output, not time saved per thing. */
  readonly output?: true
}

/** The offer's price normalised to a year: recurring terms and one-off terms. */
export interface PriceTerm {
  readonly factors: readonly Factor[]
  readonly conversion: number
  readonly period: 'month' | 'year' | 'one-off'
  /** The amount per period (or once) at the defaults, in the calculator's currency. */
  readonly amount: number
  /** A share of the gain: the streams it is a share of, each divided by the margins it is of the sales before. */
  readonly ofGain?: readonly GainPart[]
}

/** One stream a share-of-gain price is taken of, and the margins that turn its value back into sales. */
export interface GainPart {
  readonly stream: number
  readonly divideBy: ReadonlyArray<number | string>
}

export interface Model {
  readonly quantities: readonly RoledQuantity[]
  readonly assumptions: readonly Assumption[]
  readonly streams: readonly Stream[]
  readonly price: readonly PriceTerm[]
}
