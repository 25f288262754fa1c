// The numbers a text states, read on purpose independently of the analyzer's own reader, and
// leniently: an ambiguous "12,500" gives both 12500 and 12.5, "40 900" gives 40900, 40 and 900.
// The evaluation uses them only to ask "could this default have come from the text?", where a
// false yes costs little and a false no would blame the analyzer for an honest figure.
import { CURRENCY_RATES } from '@valueproof/formula'

/** Relative difference under which two values are the same figure (a third read as 33 or 33.33). */
export const VALUE_TOLERANCE = 0.015

export function sameValue(a: number, b: number, tolerance = VALUE_TOLERANCE): boolean {
  if (a === b) return true
  return Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b))
}

const NUMBER = /\d+(?:[ \u00a0\u202f.,'’´]\d+)*/g
const SEPARATOR = /[ \u00a0\u202f.,'’´]/
const MULTIPLIER = /^\s?(billion|bn|miljarder|miljard|million|millions|miljoner|miljon|mn|mio|m|thousand|tusen|k|tkr)(?![\p{L}])/iu
const MULTIPLIERS: Readonly<Record<string, number>> = {
  billion: 1e9,
  bn: 1e9,
  miljarder: 1e9,
  miljard: 1e9,
  million: 1e6,
  millions: 1e6,
  miljoner: 1e6,
  miljon: 1e6,
  mn: 1e6,
  mio: 1e6,
  m: 1e6,
  thousand: 1e3,
  tusen: 1e3,
  k: 1e3,
  tkr: 1e3,
}

/** Words that state a number: "halves" (50% or ×0.5), "a third", "doubles", "tolv". */
const WORD_VALUES: ReadonlyMap<string, readonly number[]> = new Map<string, readonly number[]>([
  ...['half', 'halves', 'halve', 'halved', 'halving', 'hälften', 'halverar', 'halvera', 'halveras', 'halverad'].map(
    (word) => [word, [50, 0.5]] as const,
  ),
  ...['third', 'tredjedel', 'tredjedelar'].map((word) => [word, [100 / 3, 1 / 3]] as const),
  ...['quarter', 'fjärdedel', 'fjärdedelar'].map((word) => [word, [25, 0.25]] as const),
  ...['double', 'doubles', 'doubled', 'doubling', 'dubbelt', 'dubblar', 'fördubblar', 'fördubbla'].map((word) => [word, [2, 100]] as const),
  ...['triple', 'triples', 'tredubblar'].map((word) => [word, [3, 200]] as const),
  ...(
    [
      ['one', 1],
      ['two', 2],
      ['three', 3],
      ['four', 4],
      ['five', 5],
      ['six', 6],
      ['seven', 7],
      ['eight', 8],
      ['nine', 9],
      ['ten', 10],
      ['eleven', 11],
      ['twelve', 12],
      ['fifteen', 15],
      ['twenty', 20],
      ['thirty', 30],
      ['fifty', 50],
      ['hundred', 100],
      ['en', 1],
      ['ett', 1],
      ['två', 2],
      ['tre', 3],
      ['fyra', 4],
      ['fem', 5],
      ['sex', 6],
      ['sju', 7],
      ['åtta', 8],
      ['nio', 9],
      ['tio', 10],
      ['elva', 11],
      ['tolv', 12],
      ['femton', 15],
      ['tjugo', 20],
      ['trettio', 30],
      ['femtio', 50],
      ['hundra', 100],
    ] as const
  ).map(([word, value]) => [word, [value]] as const),
])
/** "one in five", "en av fem", "var femte" (1/5). */
const ONE_IN = /\b(?:one|en|ett) (?:in|out of|av|på) (\p{L}+|\d+)/giu

function digitsReadings(token: string): number[] {
  const groups = token.split(SEPARATOR)
  const separators = [...token.matchAll(new RegExp(SEPARATOR.source, 'g'))].map((match) => match[0])
  const readings: number[] = []
  if (groups.length === 1) return [Number(token)]
  if (groups.slice(1).every((group) => group.length === 3)) readings.push(Number(groups.join('')))
  const last = separators.at(-1)
  if (last === '.' || last === ',') {
    readings.push(Number(`${groups.slice(0, -1).join('')}.${groups.at(-1) ?? ''}`))
  }
  // A PDF may space out a cell's digits ("5 0 %"): spaces alone may join any groups.
  if (separators.every((separator) => /\s/.test(separator))) readings.push(Number(groups.join('')))
  // Figures set side by side ("40 900") are also two figures.
  if (separators.some((separator) => /\s/.test(separator))) {
    for (const part of token.split(/[ \u00a0\u202f]/)) if (part !== token) readings.push(...digitsReadings(part))
  }
  return readings.filter((value) => Number.isFinite(value))
}

/** Every number the text states, in every reading its format allows. */
export function statedNumbers(text: string): number[] {
  const values: number[] = []
  for (const match of text.matchAll(NUMBER)) {
    const readings = digitsReadings(match[0])
    values.push(...readings)
    const multiplier = MULTIPLIER.exec(text.slice(match.index + match[0].length))
    const factor = multiplier === null ? undefined : MULTIPLIERS[multiplier[1]?.toLowerCase() ?? '']
    if (factor !== undefined) values.push(...readings.map((value) => value * factor))
  }
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) values.push(...(WORD_VALUES.get(word) ?? []))
  for (const match of text.matchAll(ONE_IN)) {
    const of = match[1]?.toLowerCase() ?? ''
    const denominator = Number.isFinite(Number(of)) ? Number(of) : WORD_VALUES.get(of)?.[0]
    if (denominator !== undefined && denominator > 0) values.push(100 / denominator, 1 / denominator)
  }
  return [...new Set(values)]
}

/**
 * What a stated figure may become without anyone inventing anything: a percentage as a fraction,
 * minutes as hours, a period as another (week, month, year, working days, a 2- or 3-year total),
 * thousands.
 */
const UNIT_FACTORS = [1, 100, 60, 12, 52, 365, 7, 30, 250, 5, 52 / 12, 3, 2, 1000, 24, 36]

/** Fixed rates between the calculator currencies (SPEC §9), in both directions. */
const SPEC_RATES = Object.values(CURRENCY_RATES.rates).flatMap((row) => Object.values(row))

/** Approximate rates of the other stated currencies to USD: order-of-magnitude checks only, never shown. */
export const REFERENCE_RATES_TO_USD = {
  AUD: 0.65,
  ZAR: 0.055,
  INR: 0.012,
  GBP: 1.27,
  NOK: 0.094,
  DKK: 0.146,
  CAD: 0.72,
  NZD: 0.58,
  CHF: 1.2,
  JPY: 0.0066,
} as const
/** How far a calculator's own named rate may differ from the reference rate. */
export const REFERENCE_RATE_SLACK = 0.3

function conversions(value: number): number[] {
  const results: number[] = []
  for (const factor of UNIT_FACTORS) results.push(value * factor, value / factor)
  for (const rate of SPEC_RATES) results.push(value * rate, (value * rate) / 12, value * rate * 12)
  return results
}

function nearReferenceRate(value: number, stated: number): boolean {
  return Object.values(REFERENCE_RATES_TO_USD).some((rate) =>
    SPEC_RATES.some((spec) => {
      const expected = stated * rate * spec
      return Math.abs(value - expected) <= REFERENCE_RATE_SLACK * Math.abs(expected)
    }),
  )
}

const FOREIGN_CURRENCY = /\b(?:AUD|ZAR|INR|GBP|NOK|DKK|CAD|NZD|CHF|JPY)\b|A\$|C\$|NZ\$|₹|£|¥|(?:^|[^\p{L}])R ?\d/u

/** The text states amounts in a currency without a fixed rate, which a calculator may convert at its own rate. */
export function statesForeignCurrency(text: string): boolean {
  return FOREIGN_CURRENCY.test(text)
}

/**
 * `value` is one of `numbers`, converted at most once (unit, period, fixed rate), or when the text
 * states a foreign currency, near a conversion at a reference rate.
 */
export function amongNumbers(value: number, numbers: readonly number[], foreignCurrency = false): boolean {
  return numbers.some(
    (number) =>
      conversions(number).some((candidate) => sameValue(value, candidate)) || (foreignCurrency && nearReferenceRate(value, number)),
  )
}

/**
 * `value` derives from two of `numbers` (a difference "from 18% to 7%", a relative change, a product
 * "12 agents × 6 hours", a quotient), converted at most once.
 */
export function derivedFrom(value: number, numbers: readonly number[]): boolean {
  for (const a of numbers) {
    for (const b of numbers) {
      if (a === b) continue
      const pair = [a - b, a + b, a * b, b === 0 ? Number.NaN : a / b, a === 0 ? Number.NaN : (a - b) / a]
      if (pair.some((candidate) => Number.isFinite(candidate) && conversions(candidate).some((near) => sameValue(value, near)))) return true
    }
  }
  return false
}
