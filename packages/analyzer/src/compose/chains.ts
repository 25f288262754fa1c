// The chain search: which of the customer's figures, each multiplied or divided once, turn an
// effect into money per year. A depth-first search over the candidates keeps the chains whose unit
// is money per period and scores them: more stated figures, nearer the effect, fewer divisions,
// periods the text counts before calendar defaults.
import type { Unit } from '../model.ts'
import { moneyPerYear, multiply, openAtoms, type MutableUnit } from './units.ts'

export interface Candidate {
  readonly ref: number | string
  readonly unit: Unit
  /** How close to the effect it is written (0 same sentence … larger further away). */
  readonly distance: number
  /** How many figures lie between it and the effect: breaks ties between counts of one sentence. */
  readonly between?: number
  /** Whether it may be divided by (a rate such as miles per gallon), not only multiplied. */
  readonly divisible: boolean
  /** Already the chain of another stream (shared scale is fine, a shared cost or rate less so). */
  readonly claimed: number
  /** Money, so it must appear at most once and only multiplied. */
  readonly money: boolean
  /** An assumption: used only when the text leaves the chain open. */
  readonly assumed: boolean
  /** Written about what the effect changes ("gödselkostnad" for "sparar … av gödseln"). */
  readonly topical?: boolean
}

export interface Chain {
  readonly factors: ReadonlyArray<{ ref: number | string; exponent: 1 | -1 }>
  /** From the chain's unit to money per year (periods converted). */
  readonly yearFactor: number
  readonly score: number
  /** A noun the effect is implicitly per ("ställtiden … 4 omställningar per skift"). */
  readonly implicitPer?: string
}

const MAX_VISITS = 40_000
const MAX_LENGTH = 7

function scoreOf(used: ReadonlyArray<{ candidate: Candidate; exponent: 1 | -1 }>, defaults: number, implicit: boolean): number {
  let score = 0
  for (const { candidate, exponent } of used) {
    score += candidate.assumed ? -2.5 : 2 - Math.min(candidate.distance, 4) * 0.35 + (candidate.topical === true ? 0.8 : 0)
    score -= Math.min(candidate.between ?? 0, 20) * 0.001
    if (exponent === -1) score -= 1.2
    score -= candidate.claimed
  }
  return score - defaults * 0.6 - (implicit ? 0.8 : 0)
}

/**
 * Whether a unit closes as money per period, allowing one leftover noun the effect is implicitly
 * per (any noun, or only the nouns of a set).
 */
function closes(
  unit: MutableUnit,
  allowImplicit: boolean | ReadonlySet<string>,
): { yearFactor: number; defaults: number; implicitPer?: string; matched?: boolean } | undefined {
  const direct = moneyPerYear(unit)
  if (direct) return { yearFactor: direct.factor, defaults: direct.defaults }
  // "gödselkostnad 2 900 kr per hektar" with no period anywhere: a cost of the year, said so by a penalty.
  if (unit.money === 1 && Object.keys(unit).length === 1) return { yearFactor: 1, defaults: 2 }
  // "14,000 patients … a third come back … a visit averages €68": one thing counted and another
  // priced, one for one, when nothing else in the text relates them.
  const open = openAtoms(unit)
  const up = open.filter((atom) => unit[atom] === 1 && atom !== 'hour')
  const down = open.filter((atom) => unit[atom] === -1 && atom !== 'hour')
  if (open.length === 2 && up.length === 1 && down.length === 1) {
    const rest: MutableUnit = { ...unit }
    for (const atom of open) delete rest[atom]
    const matched = moneyPerYear(rest)
    if (matched) return { yearFactor: matched.factor, defaults: matched.defaults, matched: true }
  }
  if (allowImplicit === false) return undefined
  const [only] = open
  if (open.length !== 1 || only === undefined || only === 'hour' || unit[only] !== 1) return undefined
  if (allowImplicit !== true && !allowImplicit.has(only)) return undefined
  const rest: MutableUnit = { ...unit }
  delete rest[only]
  const closed = moneyPerYear(rest)
  return closed ? { yearFactor: closed.factor, defaults: closed.defaults, implicitPer: only } : undefined
}

/**
 * The best chain from `start` (the effect's own unit) through the candidates to money per year,
 * or undefined. `mustUse` lists atoms one of the factors must carry (a "faster" effect needs a time).
 */
export function bestChain(
  start: Unit,
  candidates: readonly Candidate[],
  options: { allowImplicit: boolean | ReadonlySet<string>; mustUse?: string },
): Chain | undefined {
  let best: Chain | undefined
  let visits = 0
  // The atoms the candidates from each index on can still cancel: a chain left with an atom none of
  // them has cannot close (but for the one noun an effect may implicitly be per).
  const reachable: Array<Set<string>> = []
  for (let index = candidates.length; index >= 0; index -= 1) {
    const atoms = new Set(reachable[index + 1] ?? [])
    for (const atom of Object.keys(candidates[index]?.unit ?? {})) atoms.add(atom)
    reachable[index] = atoms
  }
  const hopeless = (index: number, unit: MutableUnit): boolean => {
    const atoms = reachable[index] ?? new Set<string>()
    const stuck = openAtoms(unit).filter((atom) => !atoms.has(atom))
    // Two stuck nouns may still close as one-for-one ("accidents" counted, "claims" priced).
    if (stuck.length === 2 && stuck.some((atom) => unit[atom] === 1) && stuck.some((atom) => unit[atom] === -1)) return false
    // One stuck noun may still meet a priced one later (one-for-one) or be the effect's implicit per.
    return stuck.length > 1
  }
  const used: Array<{ candidate: Candidate; exponent: 1 | -1 }> = []
  const visit = (index: number, unit: MutableUnit, moneyUsed: boolean): void => {
    visits += 1
    if (visits > MAX_VISITS) return
    if (index === candidates.length || used.length >= MAX_LENGTH) {
      const closed = closes(unit, options.allowImplicit)
      if (!closed) return
      if (options.mustUse !== undefined && !used.some(({ candidate }) => (candidate.unit[options.mustUse ?? ''] ?? 0) !== 0)) return
      const score = scoreOf(used, closed.defaults, closed.implicitPer !== undefined) - (closed.matched === true ? 1.5 : 0)
      if (best === undefined || score > best.score) {
        best = {
          factors: used.map(({ candidate, exponent }) => ({ ref: candidate.ref, exponent })),
          yearFactor: closed.yearFactor,
          score,
          ...(closed.implicitPer !== undefined ? { implicitPer: closed.implicitPer } : {}),
        }
      }
      return
    }
    const candidate = candidates[index]
    if (candidate === undefined || hopeless(index, unit)) return
    // Taking it first: chains that use more of the text are found early and prune nothing needed.
    if (!(candidate.money && moneyUsed)) {
      used.push({ candidate, exponent: 1 })
      visit(index + 1, multiply(unit, candidate.unit, 1), moneyUsed || candidate.money)
      used.pop()
      if (candidate.divisible && !candidate.money) {
        used.push({ candidate, exponent: -1 })
        visit(index + 1, multiply(unit, candidate.unit, -1), moneyUsed)
        used.pop()
      }
    }
    visit(index + 1, unit, moneyUsed)
  }
  visit(0, { ...start }, (start.money ?? 0) !== 0)
  return best
}
