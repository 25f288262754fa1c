// Stated figures and the calculator inputs that carry them. A figure is carried when some input of
// the calculator (a parameter or an input value field) has it as its default — in the text's own
// currency: a converted input names its original amount in its note ("21 NOK ≈ 19.95 SEK …") and
// that amount counts — or when it is the calculator's price. Within VALUE_TOLERANCE; a percentage
// may be held as 30 or 0.3; durations count as written (40 minutes is not carried by 0.67 hours).
// Each input carries at most one figure, so two fee rows of $150 need two inputs; an input marked as
// an assumption carries none; an input no formula computes with (the value's, the price's or a
// calculated field's) carries none either: a figure on show beside a calculator is not carried.
import type { CalculatorData } from '@valueproof/formula'
import type { CalculatorReading } from './calculator-reading.ts'
import type { LabelledAmount } from './cases/index.ts'
import { conversionsIn, sameValue } from './text-numbers.ts'

/** How a calculator says an input or a value is assumed, in either language. */
export const SAYS_ASSUMED = /assum|antag|antar\b/iu

export interface ExpectedFigure {
  /** As labelled: "40", "18|24", "10|12.5|15". */
  readonly label: string
  /** Any of these carries it: the figure, or a range's two ends and its midpoint. */
  readonly values: readonly number[]
  /** What the text itself must state: the figure, or a range's two ends. */
  readonly stated: readonly number[]
}

/** An `expect` entry: "a", "a|b" (a range: either end or the midpoint) or "a|m|b" (the midpoint given). */
export function parseExpected(label: string): ExpectedFigure {
  const parts = label.split('|').map((part) => (part.trim() === '' ? Number.NaN : Number(part)))
  const [low, middle, high] = parts
  if (parts.some((part) => !Number.isFinite(part)) || low === undefined || parts.length > 3) {
    throw new Error(`"${label}" is not a figure, a range "a|b" or a range with its midpoint "a|m|b"`)
  }
  if (middle === undefined) return { label, values: [low], stated: [low] }
  if (high === undefined) return { label, values: [low, middle, (low + middle) / 2], stated: [low, middle] }
  return { label, values: [low, middle, high], stated: [low, high] }
}

/** A document label's figure in the same form. */
export function labelledFigure(amount: LabelledAmount): ExpectedFigure {
  if (typeof amount === 'number') return { label: String(amount), values: [amount], stated: [amount] }
  const [low, high] = amount
  return { label: `${low}|${high}`, values: [low, high, (low + high) / 2], stated: [low, high] }
}

/** What a calculator holds that may carry a stated figure. */
export interface Carrier {
  /** The input's name, or "price" / "price setup". */
  readonly name: string
  readonly values: readonly number[]
}

/** The original amounts a converted input's note names. */
function originalsIn(...notes: ReadonlyArray<string | undefined>): number[] {
  return notes.flatMap((note) => (note === undefined ? [] : conversionsIn(note).flatMap((conversion) => conversion.originals)))
}

export function carriersOf(data: CalculatorData, reading: CalculatorReading): Carrier[] {
  const carriers: Carrier[] = []
  const input = (name: string, ...notes: ReadonlyArray<string | undefined>): void => {
    // An input no formula computes with is a figure on show, not one the calculator carries.
    if (!reading.usedInputs.has(name)) return
    const value = reading.defaults[name]
    carriers.push({ name, values: [...(value === undefined ? [] : [value]), ...originalsIn(...notes)] })
  }
  // An input marked as an assumption says it is not the text's figure: it carries none, even when
  // its default happens to equal one (an assumed 46 working weeks, $50 an hour).
  for (const parameter of data.parameters) if (parameter.source?.kind !== 'assumption') input(parameter.name, parameter.description)
  for (const field of data.valueFields)
    if (!field.calculated && !SAYS_ASSUMED.test(field.description ?? '')) input(field.name, field.description)
  // The price: its amount per period at the defaults, said per month or per year as the text may.
  const price = data.price
  if (price !== undefined) {
    const perPeriod = price.period === 'year' ? [price.amount / 12] : price.period === 'month' ? [price.amount * 12] : []
    carriers.push({ name: 'price', values: [price.amount, ...perPeriod] })
    if (price.setup !== undefined) carriers.push({ name: 'price setup', values: [price.setup] })
  }
  if (reading.priceField !== undefined) carriers.push({ name: 'price', values: [reading.priceField.value, reading.priceField.value / 12] })
  return carriers
}

/** A figure's readings: itself, and for a percentage-sized figure its fraction (30 % as 0.3). */
export function readingsOf(value: number): number[] {
  return value !== 0 && Math.abs(value) <= 100 ? [value, value / 100] : [value]
}

export function carries(carrier: Carrier, figure: ExpectedFigure): boolean {
  return figure.values.some((value) => readingsOf(value).some((reading) => carrier.values.some((held) => sameValue(held, reading))))
}

/**
 * The carrier of each figure, at most one figure per carrier, as many figures carried as possible
 * (a maximum bipartite matching, so a figure never takes the only input another figure could have).
 */
export function matchFigures(figures: readonly ExpectedFigure[], carriers: readonly Carrier[]): Array<Carrier | undefined> {
  const fits = figures.map((figure) => carriers.map((carrier) => carries(carrier, figure)))
  const owner: number[] = carriers.map(() => -1)
  const assign = (figure: number, seen: Set<number>): boolean => {
    for (let carrier = 0; carrier < carriers.length; carrier += 1) {
      if (fits[figure]?.[carrier] !== true || seen.has(carrier)) continue
      seen.add(carrier)
      const holder = owner[carrier] ?? -1
      if (holder === -1 || assign(holder, seen)) {
        owner[carrier] = figure
        return true
      }
    }
    return false
  }
  figures.forEach((_, figure) => assign(figure, new Set()))
  return figures.map((_, figure) => {
    const index = owner.indexOf(figure)
    return index === -1 ? undefined : carriers[index]
  })
}
