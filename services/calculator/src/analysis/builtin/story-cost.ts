// Cost reduced (the customer's current cost × the reduction the text claims, or the saving it
// states) and price comparison (what the customer pays today against the seller's offer).
import type { TimeframePeriod } from '@valueproof/formula'
import type { RoledFigure } from './roles.ts'
import {
  PERIOD_CAMEL,
  capitalize,
  periodFactor,
  priceTerm,
  recurringPrice,
  rescaleNote,
  timeframeOf,
  valueMetrics,
  type Design,
} from './story-kit.ts'
import { makeTerm, type DesignContext, type Term } from './terms.ts'
import { ENTITIES } from './vocabulary.ts'

const first = (roled: readonly RoledFigure[], test: (entry: RoledFigure) => boolean): RoledFigure | undefined => roled.find(test)

const perPeriod = (entry: RoledFigure): boolean => entry.figure.per !== undefined && entry.figure.per !== 'hour'

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
  const to = first(roled, (entry) => entry.role === 'improvement' && entry.target === 'cost' && entry.figure.fromValue !== undefined)
  if (to?.figure.fromValue !== undefined && to.figure.fromValue > 0) {
    const from = first(
      roled,
      (entry) => entry.figure.page === to.figure.page && entry.figure.end <= to.figure.start && entry.figure.value === to.figure.fromValue,
    )
    const value = ((to.figure.fromValue - to.figure.value) / to.figure.fromValue) * 100
    if (from !== undefined)
      return makeTerm(
        { ...spec, derived: { value, figures: [from.figure, to.figure], note: texts.fromToNote(from.figure.text, to.figure.text) } },
        undefined,
        context,
      )
  }
  const percent = first(
    roled,
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
  const { texts, currency } = context
  const unitCost = first(
    roled,
    (entry) =>
      entry.role === 'baseline' &&
      entry.figure.kind === 'money' &&
      entry.figure.perEntity !== undefined &&
      entry.figure.perEntity !== 'thousand' &&
      !perPeriod(entry),
  )
  const units =
    unitCost === undefined
      ? undefined
      : first(
          roled,
          (entry) =>
            entry.role === 'volume' &&
            entry.figure.kind === 'count' &&
            perPeriod(entry) &&
            entry.figure.entity === unitCost.figure.perEntity,
        )
  const cost = first(
    roled,
    (entry) => entry.role === 'baseline' && entry.figure.kind === 'money' && perPeriod(entry) && entry.figure.perEntity === undefined,
  )
  const saving = first(
    roled,
    (entry) => entry.role === 'improvement' && entry.target === 'cost' && entry.figure.kind === 'money' && perPeriod(entry),
  )
  const price = recurringPrice(roled)
  const terms: Term[] = []
  let gross: (n: Record<string, string>) => string
  let explain: (p: Record<string, string>) => string
  let period: TimeframePeriod
  if (
    unitCost !== undefined &&
    units !== undefined &&
    unitCost.figure.perEntity !== undefined &&
    unitCost.figure.perEntity !== 'thousand'
  ) {
    const entity = ENTITIES[unitCost.figure.perEntity]
    period = timeframeOf(units.figure.per, 'monthly')
    const noun = texts.periodNoun(period)
    terms.push(
      makeTerm(
        {
          key: 'units',
          role: 'volume',
          name: `${entity.camel}sPer${PERIOD_CAMEL[period]}`,
          label: texts.say(`${capitalize(entity.en.many)} per ${noun}`, `${capitalize(entity.sv.many)} per ${noun}`),
          unit: texts.perPeriod(period),
          quantity: 'count',
          assumption: 100,
          priority: 1,
        },
        units.figure,
        context,
      ),
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
  if (price !== undefined) terms.push(priceTerm(price, period, context, 4))
  const result = texts.say(`Money saved per ${texts.periodNoun(period)}`, `Besparing per ${texts.periodNoun(period)}`)
  return {
    story: 'costReduced',
    period,
    valueType: 'moneySaved',
    terms,
    result,
    formula: (n) => (price === undefined ? gross(n) : `${gross(n)} - ${n.price}`),
    explain: (p) => `${result} = ${explain(p)}${price === undefined ? '' : ` − ${p.price}`}.`,
    metrics: (n) =>
      valueMetrics({
        period,
        currency,
        context,
        label: result,
        gross: gross(n),
        ...(price === undefined ? {} : { price: n.price ?? '0' }),
      }),
    notes: [],
    noValueClaim: false,
  }
}

/** Price comparison: the customer's current spend per period against the seller's recurring price. */
export function priceComparisonStory(roled: readonly RoledFigure[], context: DesignContext): Design | undefined {
  const { texts, currency } = context
  const price = recurringPrice(roled)
  const spend = first(
    roled,
    (entry) => entry.role === 'baseline' && entry.figure.kind === 'money' && perPeriod(entry) && entry.figure.perEntity === undefined,
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
