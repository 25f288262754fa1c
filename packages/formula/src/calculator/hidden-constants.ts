// An assumption is an input the seller and the prospect can change, never a number hidden in a
// formula (issue 35). The only numbers a formula may write are unit conversions — minutes in an
// hour, months, weeks and days in a year, days in a week, hours in a day, days in a month, weeks in
// a month, and the scales ten (a Swedish mil is 10 km), percent and thousands — and what two
// periods give together (12/365 for "a year per day", 52/12): computed, not listed, so any
// conversion between two periods passes. The scales stand alone: combined with a period they would
// let a round share through (30/100 = 0.3 is what a hidden 30 % looks like). A conversion is a
// factor or a divisor; a number added or subtracted is never one (except 0, 1 and 100, the wholes
// of "1 − share" and "100 − percent"). Both the honesty checker and the seller's warnings use this.
import { numberLiterals } from '../formula/terms.ts'
import { parse } from '../formula/parser.ts'
import type { CalculatorData } from './calculator-data.ts'

/** Periods and their parts: minutes an hour, months, weeks and days a year, days a week, hours a day, days a month, weeks a month. */
const PERIOD_CONVERSIONS: readonly number[] = [60, 12, 52, 365, 7, 24, 30, 4]
/** Scales: tens, percent, thousands. */
const SCALES: readonly number[] = [10, 100, 1000]
/** Every unit conversion a formula's factor may be built from. */
export const UNIT_CONVERSIONS: readonly number[] = [...PERIOD_CONVERSIONS, ...SCALES]

/** What a summand may be: nothing, the whole of a share, the whole of a percentage. */
const WHOLES: readonly number[] = [0, 1, 100]

/** Each conversion, two periods together (× or ÷, either way round), 1 and 3 (the price horizon's years), computed once. */
const CONVERSION_VALUES: readonly number[] = (() => {
  const values = new Set<number>([1, 3])
  for (const first of UNIT_CONVERSIONS) {
    values.add(first)
    values.add(1 / first)
  }
  for (const first of PERIOD_CONVERSIONS) {
    for (const second of PERIOD_CONVERSIONS) {
      values.add(first * second)
      values.add(first / second)
      values.add(1 / (first * second))
    }
  }
  return [...values]
})()

/** Half a unit of the last digit a number is written with: 4.33 → 0.005, 0.0328767 → 0.00000005. */
function halfLastPlace(value: number): number {
  const magnitude = Math.abs(value)
  if (magnitude === 0) return 0
  let place = 10 ** Math.floor(Math.log10(magnitude))
  while (place > 1e-9 && Math.abs(magnitude / place - Math.round(magnitude / place)) > 1e-9) place /= 10
  return place / 2
}

/** The literal is the conversion written to its last digit (4.33 for 52/12, 0.0328767 for 12/365), off by at most 1 %. */
function writtenAs(literal: number, conversion: number): boolean {
  const tolerance = Math.max(Math.min(halfLastPlace(literal), 0.01 * conversion), 1e-9 * conversion)
  return Math.abs(literal - conversion) <= tolerance
}

/** Whether a factor of a formula is a unit conversion, as written. */
export function isUnitConversion(value: number): boolean {
  return value === 0 || CONVERSION_VALUES.some((conversion) => writtenAs(value, conversion))
}

export interface HiddenConstant {
  /** 'formula', 'price.formula' or 'valueFields[2].formula'. */
  readonly path: string
  readonly value: number
  /** The formula as written. */
  readonly formula: string
}

function hiddenIn(path: string, formula: string | undefined): HiddenConstant[] {
  if (formula === undefined || formula.trim() === '') return []
  const parsed = parse(formula)
  if (!parsed.ok) return []
  return numberLiterals(parsed.tree)
    .filter((literal) => (literal.factor ? !isUnitConversion(literal.value) : !WHOLES.includes(literal.value)))
    .map((literal) => ({ path, value: literal.value, formula }))
}

/** The numbers a calculator's formulas hold that are not unit conversions. */
export function hiddenConstants(data: Pick<CalculatorData, 'formula' | 'price' | 'valueFields'>): HiddenConstant[] {
  return [
    ...hiddenIn('formula', data.formula),
    ...hiddenIn('price.formula', data.price?.formula),
    ...data.valueFields.flatMap((field, index) => (field.calculated ? hiddenIn(`valueFields[${index}].formula`, field.formula) : [])),
  ]
}
