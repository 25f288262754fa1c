// A one-off price of the seller's ("Installation is a one-off €9,000", "Uppstartsavgiften är 3 000
// kr"): it cannot be subtracted from a result per week or month, so it stays outside the formula —
// a value calculator shows it with the payback it buys, a slider calculator names it in its
// explanation. Either way the stated figure is not lost.
import { TIMEFRAME_FACTORS } from '@valueproof/formula'
import type { RoledFigure } from './roles.ts'
import type { Design, Metric, Names } from './story-kit.ts'
import { makeTerm, type DesignContext } from './terms.ts'

/** The seller's price stated once: no period, no unit, not a threshold. */
export function oneOffPrice(roled: readonly RoledFigure[]): RoledFigure | undefined {
  return roled.find(
    (entry) =>
      entry.role === 'price' &&
      entry.figure.kind === 'money' &&
      entry.figure.per === undefined &&
      entry.figure.perEntity === undefined &&
      !entry.figure.flags.includes('threshold'),
  )
}

/** The design with the text's one-off price attached, when it states one the design does not use already. */
export function withOneOff(design: Design, roled: readonly RoledFigure[], context: DesignContext): Design {
  if (design.oneOff !== undefined) return design
  const price = oneOffPrice(roled)
  if (price === undefined || design.terms.some((term) => term.figures.includes(price.figure))) return design
  const { texts } = context
  const oneOff = makeTerm(
    {
      key: 'oneOff',
      role: 'price',
      name: 'oneOffPrice',
      label: texts.say('One-off price', 'Engångspris'),
      unit: texts.say('once', 'en gång'),
      quantity: 'money',
      assumption: 0,
      priority: 9,
    },
    price.figure,
    context,
  )
  return { ...design, oneOff }
}

/** The payback in months of the one-off price, for a value calculator's key metrics. */
export function paybackMetric(design: Design, metrics: readonly Metric[], names: Names, context: DesignContext): Metric | undefined {
  // Only a value pays a price back: a no-claim calculator models costs, so it has no payback.
  if (design.oneOff === undefined || design.noValueClaim || !metrics.some((metric) => metric.name === 'valuePerPeriod')) return undefined
  const perMonth = TIMEFRAME_FACTORS[design.period].monthly
  const oneOff = names[design.oneOff.key] ?? '0'
  // Net of a recurring price when the design has one: the one-off is paid back by what is left.
  const net = metrics.some((metric) => metric.name === 'yearlyCost') ? ' - yearlyCost / 12' : ''
  return {
    name: 'paybackMonths',
    label: context.texts.say('Payback of the one-off price (months)', 'Återbetalningstid för engångspriset (månader)'),
    formula: `${oneOff} / (valuePerPeriod * ${perMonth}${net})`,
    unit: context.texts.say('months', 'månader'),
    highlight: false,
  }
}
