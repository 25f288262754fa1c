// Figures that belong together: a range whose low end the scanner left as a bare number ("25 till 35
// timmar"), and a ratio's later level paired with the multiplier before it ("at 2.6x ROAS … 3.4x").
import type { Quantity } from '../model.ts'
import { unicodeWords } from './word-boundary.ts'

/** A bare number and a joining word before a figure: "25 to 35 hours", "mellan 25 och 35 timmar", "25 till 35 timmar". */
const RANGE_LEAD = unicodeWords(
  /(?<!\b(?:from|från|of|av)\s+)(?<![\d.,]\s?)(\d+(?:[.,]\d+)?)\s*(?:to|till|–|—|-|(?<=\b(?:between|mellan)\s+\d+(?:[.,]\d+)?\s*)(?:and|och))\s*$/iu,
)

/**
 * "25 till 35 timmar per anbud", "between 20 and 30 minutes": a number the scanner left bare before a
 * figure it joins is the range's low end; the figure becomes the range (its midpoint, its ends).
 */
export function readBareRanges(quantities: Quantity[], from: number, text: string): void {
  for (let index = from; index < quantities.length; index += 1) {
    const quantity = quantities[index]
    if (quantity === undefined || quantity.kind === 'percent' || quantity.kind === 'multiplier') continue
    if (quantity.relation !== undefined || quantity.flags.has('range')) continue
    const windowStart = Math.max(0, quantity.start - 24)
    const lead = RANGE_LEAD.exec(text.slice(windowStart, quantity.start))
    const low = lead?.[1] === undefined ? undefined : Number(lead[1].replace(',', '.'))
    if (lead === null || low === undefined || !(low > 0 && low < quantity.value)) continue
    const lowStart = windowStart + lead.index
    if (quantities.some((other) => other !== quantity && other.start < quantity.start && other.end > lowStart)) continue
    quantities[index] = asRange(quantity, low)
  }
}

/** A figure read as the top of a range from `low`: its midpoint, both ends kept. */
export function asRange(quantity: Quantity, low: number): Quantity {
  return { ...quantity, low, high: quantity.value, value: (low + quantity.value) / 2, flags: new Set([...quantity.flags, 'range']) }
}

/** "at 2.6x ROAS … returns 3.4x": a later level of a ratio and the multiplier before it are a before→after pair. */
export function pairMultiplierLevels(quantities: Quantity[], from: number): void {
  for (let index = from; index < quantities.length; index += 1) {
    const after = quantities[index]
    if (after?.kind !== 'multiplier' || !after.flags.has('level')) continue
    const before = quantities
      .slice(from)
      .filter((other) => other.kind === 'multiplier' && other.end <= after.start && other.relation?.kind === 'times')
      .pop()
    if (before === undefined) continue
    quantities[before.index] = { ...before, relation: { kind: 'from', to: after.index } }
    quantities[index] = { ...after, relation: { kind: 'to', from: before.index } }
  }
}
