// Unit algebra: products of atoms with integer exponents. A chain of figures is money per year
// when, multiplied out, only money¹ and calendar periods summing to −1 remain; the periods then
// convert to a year (365 days, 52 weeks, 12 months, 4 quarters).
import { PERIOD_ATOMS, PERIODS_PER_YEAR, type PeriodAtom, type Unit } from '../model.ts'
import { nounAtom, SEASON_WORDS } from '../read/nouns.ts'

export type MutableUnit = Record<string, number>

export function multiply(left: Unit, right: Unit, exponent: 1 | -1 = 1): MutableUnit {
  const result: MutableUnit = { ...left }
  for (const [atom, power] of Object.entries(right)) {
    const next = (result[atom] ?? 0) + power * exponent
    if (next === 0) delete result[atom]
    else result[atom] = next
  }
  return result
}

const isPeriod = (atom: string): atom is PeriodAtom => (PERIOD_ATOMS as readonly string[]).includes(atom)

/**
 * Whether a unit is money per period, and the factor that makes it money per year; undefined
 * when anything but money¹ and periods (summing to −1) remains.
 */
export function moneyPerYear(unit: Unit): { factor: number; defaults: number } | undefined {
  let periods = 0
  let factor = 1
  let defaults = 0
  for (const [atom, power] of Object.entries(unit)) {
    if (atom === 'money') {
      if (power !== 1) return undefined
      continue
    }
    if (!isPeriod(atom)) return undefined
    periods += power
    // p^e = year^e × (periods of p per year)^(−e)
    factor *= PERIODS_PER_YEAR[atom] ** -power
    if (atom !== 'year') defaults += Math.abs(power)
  }
  if (periods !== -1 || unit.money !== 1) return undefined
  return { factor, defaults }
}

/** Atoms left over that are not money or periods (what still needs cancelling). */
export function openAtoms(unit: Unit): string[] {
  return Object.keys(unit).filter((atom) => atom !== 'money' && !isPeriod(atom))
}

/** A short text of a unit for the inspection report: "money·hour⁻¹". */
export function unitText(unit: Unit): string {
  const parts = Object.entries(unit).map(([atom, power]) => (power === 1 ? atom : `${atom}^${power}`))
  return parts.length === 0 ? '1' : parts.join('·')
}

/** A season ("per lot per season", "per säsong", "per vinter") comes round once a year: it is the year. */
const SEASONS = [...new Set([...SEASON_WORDS].map((word) => nounAtom(word).atom))]

/**
 * Derived units as their parts: a kWh is a kW for an hour, so "450 kW for 6,000 hours" meets
 * "$0.14/kWh"; and a season as the year it recurs in.
 */
export function expandDerived(unit: Unit): Unit {
  let result: Unit = unit
  for (const season of SEASONS) {
    const power = result[season]
    if (power === undefined) continue
    const rest: MutableUnit = { ...result }
    delete rest[season]
    result = multiply(rest, { year: power })
  }
  const power = result.kwh
  if (power === undefined) return result
  const rest: MutableUnit = { ...result }
  delete rest.kwh
  return multiply(rest, { 'n:kw': power, hour: power })
}
