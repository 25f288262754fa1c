// Cost reduced (the customer's current cost × the reduction the text claims, or the saving it
// states) and price comparison (what the customer pays today against the seller's offer).
import type { TimeframePeriod } from '@valueproof/formula'
import type { RoledFigure } from './roles.ts'
import {
  PERIOD_CAMEL,
  capitalize,
  countTerm,
  fromFigureOf,
  isPerPeriod,
  pairTerm,
  periodFactor,
  priceTerm,
  recurringPrice,
  rescaleNote,
  timeframeOf,
  valueDesign,
  valueMetrics,
  type Design,
  type Names,
} from './story-kit.ts'
import { makeTerm, type DesignContext, type Term } from './terms.ts'
import { ENTITIES } from './vocabulary.ts'

/** The reduction claimed on cost: a percentage or a "from X to Y" pair of amounts or percentages. */
function costReductionTerm(roled: readonly RoledFigure[], context: DesignContext, priority: number): Term {
  const { texts } = context
  const spec = {
    key: 'reduction',
    role: 'improvement' as const,
    name: 'costReductionPercent',
    label: texts.say('Reduction in cost', 'Minskad kostnad'),
    unit: '%',
    quantity: 'percent' as const,
    assumption: 10,
    priority,
    mustSlide: true,
  }
  const to = roled.find((entry) => entry.role === 'improvement' && entry.target === 'cost' && entry.figure.fromValue !== undefined)
  const from = to === undefined ? undefined : fromFigureOf(roled, to)
  if (to !== undefined && from !== undefined && from.figure.value > 0)
    return pairTerm(spec, from, to, ((from.figure.value - to.figure.value) / from.figure.value) * 100, context)
  const percent = roled.find(
    (entry) => entry.role === 'improvement' && entry.target === 'cost' && entry.figure.kind === 'percent' && entry.direction === 'reduce',
  )
  return makeTerm(spec, percent?.figure, context)
}

function costTerm(cost: RoledFigure | undefined, period: TimeframePeriod, context: DesignContext): Term {
  const { texts } = context
  const note = rescaleNote(context, cost?.figure.per, period)
  return makeTerm(
    {
      key: 'cost',
      role: 'baseline',
      name: `currentCostPer${PERIOD_CAMEL[period]}`,
      label: texts.say(`Current cost per ${texts.periodNoun(period)}`, `Nuvarande kostnad per ${texts.periodNoun(period)}`),
      unit: texts.perPeriod(period),
      quantity: 'money',
      assumption: 1000,
      priority: 1,
      scale: periodFactor(cost?.figure.per, period),
      ...(note === undefined ? {} : { scaleNote: note }),
    },
    cost?.figure,
    context,
  )
}

/** Cost reduced; undefined when the text states no cost of the customer's to reduce. */
export function costStory(
  roled: readonly RoledFigure[],
  context: DesignContext,
  options: { readonly assume?: boolean } = {},
): Design | undefined {
  const { texts } = context
  const unitCost = roled.find(
    (entry) =>
      entry.role === 'baseline' &&
      entry.figure.kind === 'money' &&
      entry.figure.perEntity !== undefined &&
      entry.figure.perEntity !== 'thousand' &&
      !isPerPeriod(entry),
  )
  const units =
    unitCost === undefined
      ? undefined
      : roled.find(
          (entry) =>
            entry.role === 'volume' &&
            entry.figure.kind === 'count' &&
            isPerPeriod(entry) &&
            entry.figure.entity === unitCost.figure.perEntity,
        )
  const cost = roled.find(
    (entry) => entry.role === 'baseline' && entry.figure.kind === 'money' && isPerPeriod(entry) && entry.figure.perEntity === undefined,
  )
  const saving = roled.find(
    (entry) => entry.role === 'improvement' && entry.target === 'cost' && entry.figure.kind === 'money' && isPerPeriod(entry),
  )
  const price = recurringPrice(roled)
  const terms: Term[] = []
  let gross: (n: Names) => string
  let explain: (p: Names) => string
  let period: TimeframePeriod
  if (
    unitCost !== undefined &&
    units !== undefined &&
    unitCost.figure.perEntity !== undefined &&
    unitCost.figure.perEntity !== 'thousand'
  ) {
    const entity = ENTITIES[unitCost.figure.perEntity]
    period = timeframeOf(units.figure.per, 'monthly')
    terms.push(
      countTerm({ key: 'units', entity, figure: units, period, context, assumption: 100, priority: 1 }),
      makeTerm(
        {
          key: 'unitCost',
          role: 'baseline',
          name: `costPer${capitalize(entity.camel)}`,
          label: texts.say(`Cost per ${entity.en.one} today`, `Kostnad per ${entity.sv.one} i dag`),
          unit: texts.say(`per ${entity.en.one}`, `per ${entity.sv.one}`),
          quantity: 'money',
          assumption: 1,
          priority: 3,
        },
        unitCost.figure,
        context,
      ),
      costReductionTerm(roled, context, 2),
    )
    gross = (n) => `${n.units} * ${n.unitCost} * ${n.reduction} / 100`
    explain = (p) => `${p.units} × ${p.unitCost} × ${p.reduction}`
  } else if (cost !== undefined || (saving === undefined && options.assume === true)) {
    period = timeframeOf(cost?.figure.per, 'monthly')
    terms.push(costTerm(cost, period, context), costReductionTerm(roled, context, 2))
    gross = (n) => `${n.cost} * ${n.reduction} / 100`
    explain = (p) => `${p.cost} × ${p.reduction}`
  } else if (saving !== undefined) {
    period = timeframeOf(saving.figure.per, 'monthly')
    terms.push(
      makeTerm(
        {
          key: 'saving',
          role: 'improvement',
          name: `savingPer${PERIOD_CAMEL[period]}`,
          label: texts.say(`Saving per ${texts.periodNoun(period)}`, `Besparing per ${texts.periodNoun(period)}`),
          unit: texts.perPeriod(period),
          quantity: 'money',
          assumption: 100,
          priority: 1,
        },
        saving.figure,
        context,
      ),
    )
    gross = (n) => `${n.saving}`
    explain = (p) => `${p.saving}`
  } else {
    return undefined
  }
  const result = texts.say(`Money saved per ${texts.periodNoun(period)}`, `Besparing per ${texts.periodNoun(period)}`)
  return valueDesign({ story: 'costReduced', period, valueType: 'moneySaved', terms, result, gross, explain, price, context })
}

/** Price comparison: the customer's current spend per period against the seller's recurring price. */
export function priceComparisonStory(roled: readonly RoledFigure[], context: DesignContext): Design | undefined {
  const { texts, currency } = context
  const price = recurringPrice(roled)
  const spend = roled.find(
    (entry) => entry.role === 'baseline' && entry.figure.kind === 'money' && isPerPeriod(entry) && entry.figure.perEntity === undefined,
  )
  if (price === undefined || spend === undefined) return undefined
  const period = timeframeOf(spend.figure.per, 'monthly')
  const terms = [costTerm(spend, period, context), priceTerm(price, period, context, 2)]
  const result = texts.say(`Money saved per ${texts.periodNoun(period)}`, `Besparing per ${texts.periodNoun(period)}`)
  return {
    story: 'priceComparison',
    period,
    valueType: 'moneySaved',
    terms,
    result,
    formula: (n) => `${n.cost} - ${n.price}`,
    explain: (p) => `${result} = ${p.cost} − ${p.price}.`,
    metrics: (n) => valueMetrics({ period, currency, context, label: result, gross: `${n.cost} - ${n.price}` }),
    notes: [],
    noValueClaim: false,
  }
}
