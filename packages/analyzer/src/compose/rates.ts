// Two rates of the same unit written against each other ("agency hours at $78/h, while its own
// bank staff cost $46/h"): the offer moves work from the dearer to the cheaper, so what it saves on
// each moved unit is the difference.
import type { Factor, RoledQuantity } from '../model.ts'
import { moneyPerYear } from './units.ts'
import type { StreamContext } from './streams.ts'

/** Words that set two rates against each other: the offer moves work from the dearer to the cheaper. */
const AGAINST =
  /\b(?:while|whereas|instead\s+of|compared\s+(?:to|with)|versus|vs\.?|own\s+(?:staff|employees|team)|in-house|medan|i\s+stället\s+för|istället\s+för|jämfört\s+med|egen\s+personal|egna\s+(?:medarbetare|anställda))\b/iu

const unitKey = (entry: RoledQuantity): string => JSON.stringify(Object.entries(entry.quantity.unit).sort())

/** A rate of the same unit as `entry`, cheaper or dearer, written against it and in no chain yet. */
function rateAgainst(
  entry: RoledQuantity,
  cheaper: boolean,
  factors: readonly Factor[],
  context: StreamContext,
  claims: ReadonlyMap<number | string, number>,
): RoledQuantity | undefined {
  const value = context.valueOf(entry.quantity.index)
  return context.roled.find(
    (other) =>
      other !== entry &&
      other.role.role === 'baseline' &&
      other.quantity.kind === 'money' &&
      !claims.has(other.quantity.index) &&
      !factors.some((used) => used.ref === other.quantity.index) &&
      unitKey(other) === unitKey(entry) &&
      context.valueOf(other.quantity.index) < value === cheaper &&
      context.valueOf(other.quantity.index) !== value &&
      Math.abs(other.quantity.sentenceIndex - entry.quantity.sentenceIndex) <= 1 &&
      AGAINST.test(other.quantity.sentence + entry.quantity.sentence),
  )
}

/**
 * "agency hours at $78/h, while its own bank staff cost $46/h": a rate in the chain with a cheaper
 * rate of the same unit, written against it and used nowhere else, is worth the difference. A
 * spend in the chain written at the dearer rate ("SEK 24M a year on agency nurses at SEK 1,150 an
 * hour, while own staff cost SEK 520 an hour") keeps the difference's share of it: × (dearer − cheaper) / dearer.
 */
export function withCheaperRates(
  factors: readonly Factor[],
  context: StreamContext,
  claims: ReadonlyMap<number | string, number>,
): Factor[] {
  const mapped = factors.map((factor) => {
    const entry = typeof factor.ref === 'number' ? context.roled[factor.ref] : undefined
    if (entry === undefined || entry.quantity.kind !== 'money' || factor.exponent !== 1) return factor
    const cheaper = rateAgainst(entry, true, factors, context, claims)
    if (cheaper !== undefined) return { ...factor, minus: cheaper.quantity.index }
    // The chain took the cheaper of the two: the difference is the same.
    const dearer = rateAgainst(entry, false, factors, context, claims)
    return dearer === undefined ? factor : { ...factor, ref: dearer.quantity.index, minus: entry.quantity.index }
  })
  if (mapped.some((factor) => factor.minus !== undefined)) return mapped
  return [...mapped, ...spendAtDearerRate(mapped, context, claims)]
}

/** The dearer-rate factors for a spend a period in the chain written at a rate set against a cheaper one. */
function spendAtDearerRate(factors: readonly Factor[], context: StreamContext, claims: ReadonlyMap<number | string, number>): Factor[] {
  for (const factor of factors) {
    const spend = typeof factor.ref === 'number' ? context.roled[factor.ref] : undefined
    if (spend === undefined || spend.quantity.kind !== 'money' || factor.exponent !== 1) continue
    if (moneyPerYear(spend.quantity.unit) === undefined) continue
    for (const rate of context.roled) {
      if (rate.role.role !== 'baseline' || rate.quantity.kind !== 'money' || rate.quantity.sentenceIndex !== spend.quantity.sentenceIndex)
        continue
      if (rate === spend || claims.has(rate.quantity.index) || moneyPerYear(rate.quantity.unit) !== undefined) continue
      if (factors.some((used) => used.ref === rate.quantity.index)) continue
      const cheaper = rateAgainst(rate, true, factors, context, claims)
      if (cheaper === undefined) continue
      return [
        { ref: rate.quantity.index, exponent: 1, minus: cheaper.quantity.index },
        { ref: rate.quantity.index, exponent: -1 },
      ]
    }
  }
  return []
}
