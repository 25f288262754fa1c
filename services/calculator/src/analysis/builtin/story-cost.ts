// Cost reduced (the customer's current cost × the reduction the text claims, or the saving it
// states) and price comparison (what the customer pays today against the seller's offer).
import type { TimeframePeriod } from '@valueproof/formula'
import type { RoledFigure } from './roles.ts'
import {
  HOURS_CAP,
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
  scaleOf,
  scaleTerm,
  timeframeOf,
  valueDesign,
  valueMetrics,
  type Design,
  type Names,
} from './story-kit.ts'
import { makeTerm, type DesignContext, type Term } from './terms.ts'
import { ENTITIES, type EntityId } from './vocabulary.ts'
import { CURRENCY_SYMBOLS } from './wording.ts'

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

/** A money figure priced per one counted thing ("$0.47 per mile"), not per period. */
const perUnitEntity = (entry: RoledFigure | undefined): EntityId | undefined => {
  const perEntity = entry?.figure.perEntity
  return perEntity === undefined || perEntity === 'thousand' || (entry !== undefined && isPerPeriod(entry)) ? undefined : perEntity
}

/** The customer's cost per unit today: stated, or the first of a "from $0.62 to $0.47 per mile" claim. */
function unitCostOf(roled: readonly RoledFigure[]): { readonly cost: RoledFigure; readonly entity: EntityId } | undefined {
  const to = roled.find((entry) => entry.role === 'improvement' && entry.figure.kind === 'money' && entry.figure.fromValue !== undefined)
  const from = to === undefined ? undefined : fromFigureOf(roled, to)
  if (to !== undefined && from !== undefined) {
    const entity = perUnitEntity(from) ?? perUnitEntity(to)
    if (entity !== undefined) return { cost: from, entity }
  }
  const cost = roled.find((entry) => entry.role === 'baseline' && entry.figure.kind === 'money' && perUnitEntity(entry) !== undefined)
  const entity = perUnitEntity(cost)
  return cost === undefined || entity === undefined ? undefined : { cost, entity }
}

interface PricedUnits {
  readonly unitCost: { readonly cost: RoledFigure; readonly entity: EntityId }
  readonly units: RoledFigure
}

/** The units the customer buys per period at a stated cost per unit ("2,000 miles per week" at "$0.60 per mile"). */
function unitsAtCost(roled: readonly RoledFigure[]): PricedUnits | undefined {
  const unitCost = unitCostOf(roled)
  if (unitCost === undefined) return undefined
  const units = roled.find(
    (entry) => entry.role === 'volume' && entry.figure.kind === 'count' && isPerPeriod(entry) && entry.figure.entity === unitCost.entity,
  )
  return units === undefined ? undefined : { unitCost, units }
}

/**
 * "Cuts inbound calls by 30%" where each call costs $5: fewer units at a stated unit cost is a cost
 * reduced, the claim its reduction. Undefined unless the text prices the claim's own units.
 */
export function fewerUnitsStory(claim: RoledFigure, roled: readonly RoledFigure[], context: DesignContext): Design | undefined {
  const priced = unitsAtCost(roled)
  if (priced === undefined || claim.figure.kind !== 'percent' || claim.direction !== 'reduce') return undefined
  return costStory(
    roled.map((entry) => (entry === claim ? { ...entry, target: 'cost' as const } : entry)),
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
  const priced = unitsAtCost(roled)
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
  if (priced !== undefined) {
    const { unitCost, units } = priced
    const entity = ENTITIES[unitCost.entity]
    const scale = scaleOf(roled, units)
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
        unitCost.cost.figure,
        context,
      ),
      costReductionTerm(roled, context, 2),
      ...(scale === undefined ? [] : [scaleTerm(scale, context, 0)]),
    )
    gross = (n) => `${n.units} * ${n.unitCost} * ${n.reduction} / 100${scale === undefined ? '' : ` * ${n.scale}`}`
    explain = (p) => `${p.units} × ${p.unitCost} × ${p.reduction}${scale === undefined ? '' : ` × ${p.scale}`}`
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

/**
 * A price comparison's design: the saving per period is `formula`; the key metrics value `today`
 * (what the customer pays now) net of `offer` (the seller's price) when both are given, or the
 * saving itself.
 */
function comparisonDesign(props: {
  readonly period: TimeframePeriod
  readonly terms: readonly Term[]
  readonly formula: (names: Names) => string
  readonly explain: (phrases: Names) => string
  readonly sides?: { readonly today: (names: Names) => string; readonly offer: (names: Names) => string }
  readonly context: DesignContext
}): Design {
  const { period, formula, sides, context } = props
  const { texts, currency } = context
  const result = texts.say(`Money saved per ${texts.periodNoun(period)}`, `Besparing per ${texts.periodNoun(period)}`)
  return {
    story: 'priceComparison',
    period,
    valueType: 'moneySaved',
    terms: props.terms,
    result,
    formula,
    explain: (p) => `${result} = ${props.explain(p)}.`,
    metrics: (n) =>
      valueMetrics({
        period,
        currency,
        context,
        label: result,
        ...(sides === undefined ? { gross: formula(n) } : { gross: sides.today(n), price: sides.offer(n) }),
      }),
    notes: [],
    noValueClaim: false,
  }
}

/** "$0.15 per mile instead of the $0.24 per mile you pay", "0,35 kr i stället för 0,95 kr": units × (today's unit cost − the offer's). */
function unitPriceComparison(roled: readonly RoledFigure[], context: DesignContext): Design | undefined {
  const { texts } = context
  const offer = roled.find((entry) => entry.role === 'price' && entry.figure.kind === 'money' && perUnitEntity(entry) !== undefined)
  const entity = perUnitEntity(offer)
  if (offer === undefined || entity === undefined) return undefined
  // Today's cost per unit: priced per the same unit, or "instead of the 0,95 kr you pay today" for one.
  const today = roled.find(
    (entry) =>
      entry.role === 'baseline' &&
      entry.figure.kind === 'money' &&
      entry.figure.per === undefined &&
      (perUnitEntity(entry) === entity ||
        (entry.figure.perEntity === undefined && /\b(?:instead of|i stället för|istället för)\b/iu.test(entry.clause))),
  )
  const units = roled.find(
    (entry) => entry.role === 'volume' && entry.figure.kind === 'count' && isPerPeriod(entry) && entry.figure.entity === entity,
  )
  if (today === undefined || units === undefined) return undefined
  const noun = ENTITIES[entity]
  const period = timeframeOf(units.figure.per, 'monthly')
  const unitPrice = (key: string, name: string, label: [string, string], figure: RoledFigure, role: 'baseline' | 'price'): Term =>
    makeTerm(
      {
        key,
        role,
        name,
        label: texts.say(...label),
        unit: texts.say(`per ${noun.en.one}`, `per ${noun.sv.one}`),
        quantity: 'money',
        assumption: 1,
        priority: role === 'price' ? 3 : 2,
      },
      figure.figure,
      context,
    )
  const terms = [
    countTerm({ key: 'units', entity: noun, figure: units, period, context, assumption: 100, priority: 1 }),
    unitPrice(
      'today',
      `costPer${capitalize(noun.camel)}Today`,
      [`Cost per ${noun.en.one} today`, `Kostnad per ${noun.sv.one} i dag`],
      today,
      'baseline',
    ),
    unitPrice(
      'offer',
      `pricePer${capitalize(noun.camel)}`,
      [`Our price per ${noun.en.one}`, `Vårt pris per ${noun.sv.one}`],
      offer,
      'price',
    ),
  ]
  return comparisonDesign({
    period,
    terms,
    formula: (n) => `${n.units} * (${n.today} - ${n.offer})`,
    explain: (p) => `${p.units} × (${p.today} − ${p.offer})`,
    context,
  })
}

/** Price comparison: the customer's current spend per period against the seller's recurring price. */
export function priceComparisonStory(roled: readonly RoledFigure[], context: DesignContext): Design | undefined {
  const price = recurringPrice(roled)
  const spend = roled.find(
    (entry) => entry.role === 'baseline' && entry.figure.kind === 'money' && isPerPeriod(entry) && entry.figure.perEntity === undefined,
  )
  if (price === undefined || spend === undefined) return unitPriceComparison(roled, context)
  const period = timeframeOf(spend.figure.per, 'monthly')
  const terms = [costTerm(spend, period, context), priceTerm(price, period, context, 2)]
  return comparisonDesign({
    period,
    terms,
    formula: (n) => `${n.cost} - ${n.price}`,
    explain: (p) => `${p.cost} − ${p.price}`,
    context,
  })
}

/**
 * Work handed over: "the 30 hours a month your manager spends … I need about 12 hours … I charge $65
 * an hour; your manager's time costs $55": today's hours at the customer's cost against the seller's
 * hours at the seller's rate. Undefined unless the text states all four.
 */
export function handOverStory(roled: readonly RoledFigure[], context: DesignContext): Design | undefined {
  const { texts, currency } = context
  const rate = roled.find((entry) => entry.role === 'price' && entry.figure.kind === 'money' && entry.figure.per === 'hour')
  const cost = roled.find((entry) => entry.role === 'baseline' && entry.figure.kind === 'money' && entry.figure.per === 'hour')
  const today = roled.find((entry) => entry.role === 'baseline' && entry.figure.kind === 'hours' && isPerPeriod(entry))
  const theirs = roled.find(
    (entry) =>
      entry !== today &&
      entry.figure.kind === 'hours' &&
      !isPerPeriod(entry) &&
      (today === undefined || entry.figure.start > today.figure.start),
  )
  if (rate === undefined || cost === undefined || today === undefined || theirs === undefined) return undefined
  const period = timeframeOf(today.figure.per, 'monthly')
  const noun = texts.periodNoun(period)
  const symbol = CURRENCY_SYMBOLS[currency]
  const hoursTerm = (key: string, name: string, label: [string, string], figure: RoledFigure, priority: number): Term =>
    makeTerm(
      {
        key,
        role: 'baseline',
        name,
        label: texts.say(...label),
        unit: texts.hoursUnit(period),
        quantity: 'hours',
        assumption: 10,
        hoursCap: HOURS_CAP[period],
        priority,
      },
      figure.figure,
      context,
    )
  const rateTerm = (
    key: string,
    name: string,
    label: [string, string],
    figure: RoledFigure,
    role: 'baseline' | 'price',
    priority: number,
  ): Term =>
    makeTerm(
      {
        key,
        role,
        name,
        label: texts.say(...label),
        unit: texts.hourlyUnit(symbol),
        quantity: 'money',
        assumption: 50,
        hourly: true,
        priority,
      },
      figure.figure,
      context,
    )
  const terms = [
    hoursTerm('today', `hoursPer${PERIOD_CAMEL[period]}Today`, [`Hours spent per ${noun} today`, `Timmar per ${noun} i dag`], today, 1),
    rateTerm('cost', 'hourlyCostToday', ['Cost of an hour today', 'Kostnad per timme i dag'], cost, 'baseline', 3),
    hoursTerm('theirs', `ourHoursPer${PERIOD_CAMEL[period]}`, [`Our hours per ${noun}`, `Våra timmar per ${noun}`], theirs, 2),
    rateTerm('rate', 'ourHourlyRate', ['Our hourly rate', 'Vårt timpris'], rate, 'price', 4),
  ]
  return comparisonDesign({
    period,
    terms,
    formula: (n) => `${n.today} * ${n.cost} - ${n.theirs} * ${n.rate}`,
    explain: (p) => `${p.today} × ${p.cost} − ${p.theirs} × ${p.rate}`,
    sides: { today: (n) => `${n.today} * ${n.cost}`, offer: (n) => `${n.theirs} * ${n.rate}` },
    context,
  })
}
