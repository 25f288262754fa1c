// The state one figure's unit is built in: its atoms, the periods and nouns it is per, its scale.
import type { Figure } from './figures-types.ts'
import type { Period } from './vocabulary.ts'

/** A figure in its page: the page's text, where the figure's sentence starts, and the page's figures. */
export interface FigureContext {
  readonly text: string
  readonly sentenceStart: number
  readonly figures: readonly Figure[]
  readonly index: number
}

export type MutableUnit = Record<string, number>

/** One figure's unit as it is read: the per-periods and per-nouns become atoms last, when all are known. */
export interface UnitReading {
  readonly unit: MutableUnit
  readonly periods: Set<Period>
  readonly perNouns: string[]
  scale: number
  noun: string | undefined
  nounText: string | undefined
}

export function addAtom(unit: MutableUnit, atom: string, exponent: number): void {
  const next = (unit[atom] ?? 0) + exponent
  if (next === 0) delete unit[atom]
  else unit[atom] = next
}

/** A period as a unit atom: hours are durations, the others calendar periods. */
export function periodAtom(period: Period): string {
  return period
}
