// Whether a default can come from the numbers of its quote: as written (rounded to what the
// calculator shows), per another period, converted with SPEC §9's fixed rates, or from two quoted
// numbers (a change "from 12 to 4", a midpoint, a product, a quotient). Chains are kept short on
// purpose: every extra step makes more invented values look derived.
import { CURRENCIES, conversionRate } from '@valueproof/formula'

/**
 * Period conversions: days a week, a month, a year; weeks a year; months a year; weeks a month
 * (52/12, and SPEC §9's 4 of a subscription); working hours a day, a week, a month; minutes an
 * hour; working days a week.
 */
export const PERIOD_FACTORS: readonly number[] = [7, 30, 365, 52, 12, 4.33, 4, 8, 40, 160, 60, 5]

/** The most a displayed default may differ from the value it was rounded from. */
const ROUNDING_LIMIT = 0.01

/** SPEC §9's rates in both directions, for every pair of the three currencies. */
export const SPEC_RATE_FACTORS: readonly number[] = CURRENCIES.flatMap((from) =>
  CURRENCIES.filter((to) => to !== from).flatMap((to) => [conversionRate(from, to), 1 / conversionRate(from, to)]),
)

/** Half a unit of the last digit the value shows: 470 → 5, 10400 → 50, 2.45 → 0.005. */
function halfLastPlace(value: number): number {
  const magnitude = Math.abs(value)
  if (magnitude === 0) return 0
  let place = 10 ** Math.floor(Math.log10(magnitude))
  // The smallest power of ten the value is a multiple of, down to 1e-6.
  while (place > 1e-6 && Math.abs(magnitude / place - Math.round(magnitude / place)) > 1e-9) place /= 10
  return place / 2
}

/** The shown value is the candidate, possibly rounded to the shown value's last digit (and by at most 1%). */
export function showsAs(shown: number, candidate: number): boolean {
  if (!Number.isFinite(candidate)) return false
  const tolerance = Math.max(Math.min(halfLastPlace(shown), ROUNDING_LIMIT * Math.abs(candidate)), 1e-9 * Math.abs(candidate))
  return Math.abs(shown - candidate) <= tolerance
}

/** The value is one of `values` times one of `factors` or divided by it (1 is always allowed). */
export function scaledFrom(value: number, values: readonly number[], factors: readonly number[] = []): boolean {
  return values.some(
    (candidate) =>
      showsAs(value, candidate) || factors.some((factor) => showsAs(value, candidate * factor) || showsAs(value, candidate / factor)),
  )
}

/** What two quoted numbers give: a change from one to the other (in points and relative), a midpoint, a product, a quotient. */
function pairResults(first: number, second: number): number[] {
  const results = [first * second, (first + second) / 2, Math.abs(first - second)]
  if (second !== 0) results.push(first / second)
  if (first !== 0) {
    const change = Math.abs(first - second) / Math.abs(first)
    results.push(change, change * 100)
  }
  return results
}

/** Values of the numbers, without repeats. */
function distinct(values: readonly number[]): number[] {
  return [...new Set(values.filter((value) => Number.isFinite(value)))]
}

export interface DerivationOptions {
  /**
   * Numbers a shown derivation adds (a parameter description that names them, "converted at 1 ZAR
   * = 0.055 USD", "× 0.25 for one week"). They count only combined with a quoted number, and such a
   * pair's result may also be taken per another period ("R55.89 a year at 0.055, ÷ 12 for a month").
   */
  readonly shown?: ReadonlyArray<readonly number[]>
}

/**
 * Whether `value` comes from the quote's numbers (each number's readings in one list): as written,
 * per another period, converted at a SPEC §9 rate, or from a pair of different numbers.
 */
export function derivedFrom(value: number, quoted: ReadonlyArray<readonly number[]>, options: DerivationOptions = {}): boolean {
  if (scaledFrom(value, distinct(quoted.flat()), [...PERIOD_FACTORS, ...SPEC_RATE_FACTORS])) return true
  const shown = options.shown ?? []
  const pairFactors = shown.length > 0 ? PERIOD_FACTORS : []
  const partners = [...quoted, ...shown]
  for (const [index, first] of quoted.entries()) {
    for (const [otherIndex, second] of partners.entries()) {
      if (index === otherIndex) continue
      for (const a of first)
        for (const b of second) if (scaledFrom(value, [...pairResults(a, b), ...pairResults(b, a)], pairFactors)) return true
    }
  }
  return false
}
