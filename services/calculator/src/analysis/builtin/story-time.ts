// Time saved (and capacity freed): the time the customer spends today, the reduction the text
// claims, valued at the customer's cost of an hour — never at the seller's rate.
import type { TimeframePeriod } from '@valueproof/formula'
import type { RoledFigure } from './roles.ts'
import {
  HOURS_CAP,
  PERIOD_CAMEL,
  capitalize,
  countTerm,
  fromFigureOf,
  hourlyCostTerm,
  isPerPeriod,
  pairTerm,
  peopleTerm,
  recurringPrice,
  timeframeOf,
  unitPriceOf,
  valueDesign,
  type Design,
  type Names,
} from './story-kit.ts'
import { makeTerm, type DesignContext, type Term } from './terms.ts'
import { ENTITIES, type EntityId } from './vocabulary.ts'

const isUnitEntity = (id: EntityId | 'thousand' | undefined): id is EntityId =>
  id !== undefined && id !== 'thousand' && ENTITIES[id].group !== 'staff'

/** The reduction claimed on time: a percentage, a "from X to Y" pair, or the time saved itself. */
export interface TimeClaim {
  readonly percent?: RoledFigure
  /** "from 12 to 4 minutes": the first figure (the baseline) and the second. */
  readonly from?: RoledFigure
  readonly to?: RoledFigure
  /** "saves 6 minutes per invoice", "saves 5 hours a week". */
  readonly saved?: RoledFigure
}

export function timeClaimOf(roled: readonly RoledFigure[]): TimeClaim {
  const to = roled.find(
    (entry) =>
      entry.role === 'improvement' && entry.target === 'time' && entry.figure.fromValue !== undefined && entry.figure.kind !== 'percent',
  )
  const from = to === undefined ? undefined : fromFigureOf(roled, to)
  const percent = roled.find(
    (entry) => entry.role === 'improvement' && entry.target === 'time' && entry.figure.kind === 'percent' && entry.direction === 'reduce',
  )
  const saved = roled.find(
    (entry) =>
      entry.role === 'improvement' &&
      entry.target === 'time' &&
      (entry.figure.kind === 'minutes' || entry.figure.kind === 'hours') &&
      entry.figure.fromValue === undefined,
  )
  return {
    ...(percent === undefined ? {} : { percent }),
    ...(from === undefined || to === undefined ? {} : { from, to }),
    ...(saved === undefined ? {} : { saved }),
  }
}

function reductionTerm(claim: TimeClaim, context: DesignContext, priority: number): Term {
  const { texts } = context
  const spec = {
    key: 'reduction',
    role: 'improvement' as const,
    name: 'timeReductionPercent',
    label: texts.say('Reduction in time spent', 'Minskad tidsåtgång'),
    unit: '%',
    quantity: 'percent' as const,
    assumption: 20,
    priority,
    mustSlide: true,
  }
  const { from, to } = claim
  if (from !== undefined && to !== undefined && from.figure.value > 0)
    return pairTerm(spec, from, to, ((from.figure.value - to.figure.value) / from.figure.value) * 100, context)
  return makeTerm(spec, claim.percent?.figure, context)
}

/** Units per period × time per unit: "1,200 invoices a month, 6 minutes each", "1 200 ärenden per år, 14 timmar var". */
function unitTerms(
  units: RoledFigure,
  perUnit: RoledFigure | undefined,
  claim: TimeClaim,
  context: DesignContext,
  period: TimeframePeriod,
): Term[] {
  const { texts } = context
  const entity = isUnitEntity(units.figure.entity) ? ENTITIES[units.figure.entity] : ENTITIES.item
  const timeFigure = claim.from?.figure.kind === 'minutes' ? claim.from : perUnit
  const inHours = timeFigure?.figure.kind === 'hours'
  return [
    countTerm({ key: 'units', entity, figure: units, period, context, assumption: 100, priority: 1 }),
    makeTerm(
      {
        key: 'minutes',
        role: 'baseline',
        name: `${inHours ? 'hours' : 'minutes'}Per${capitalize(entity.camel)}`,
        label: inHours
          ? texts.say(`Hours per ${entity.en.one} today`, `Timmar per ${entity.sv.one} i dag`)
          : texts.say(`Minutes per ${entity.en.one} today`, `Minuter per ${entity.sv.one} i dag`),
        unit: inHours ? texts.say('hours', 'timmar') : texts.minutesWord,
        quantity: inHours ? 'hours' : 'minutes',
        assumption: 10,
        priority: 3,
      },
      timeFigure?.figure,
      context,
    ),
  ]
}

/** The time spent per period per person today, or the time saved, in hours or as stated in minutes. */
function timeSpentTerm(props: {
  readonly saved: boolean
  readonly inMinutes: boolean
  readonly period: TimeframePeriod
  readonly figure: RoledFigure | undefined
  readonly context: DesignContext
}): Term {
  const { saved, inMinutes, period, context } = props
  const { texts } = context
  const noun = texts.periodNoun(period)
  const unit = inMinutes
    ? { en: 'Minutes', sv: 'Minuter', svLower: 'minuter', camel: 'minutes' }
    : { en: 'Hours', sv: 'Timmar', svLower: 'timmar', camel: 'hours' }
  return makeTerm(
    {
      key: 'hours',
      role: saved ? 'improvement' : 'baseline',
      name: `${unit.camel}${saved ? 'Saved' : ''}Per${PERIOD_CAMEL[period]}`,
      label: saved
        ? texts.say(`${unit.en} saved per ${noun} per person`, `Sparade ${unit.svLower} per ${noun} och person`)
        : texts.say(`${unit.en} spent per ${noun} per person today`, `${unit.sv} per ${noun} och person i dag`),
      unit: inMinutes ? texts.minutesWord : texts.hoursUnit(period),
      quantity: inMinutes ? 'minutes' : 'hours',
      assumption: inMinutes ? 20 : 5,
      ...(inMinutes ? {} : { hoursCap: HOURS_CAP[period] }),
      priority: 1,
    },
    props.figure?.figure,
    context,
  )
}

/** Time saved (or capacity freed) with its claim; undefined when the text states no time at all. */
export function timeStory(
  roled: readonly RoledFigure[],
  context: DesignContext,
  capacity: boolean,
  options: { readonly assume?: boolean } = {},
): Design | undefined {
  const { texts } = context
  const claim = timeClaimOf(roled)
  const hours = roled.find((entry) => entry.role === 'baseline' && entry.figure.kind === 'hours' && isPerPeriod(entry))
  const minutes = roled.find((entry) => entry.role === 'baseline' && entry.figure.kind === 'minutes')
  const units = roled.find(
    (entry) =>
      entry.role === 'volume' && entry.figure.kind === 'count' && entry.figure.per !== undefined && isUnitEntity(entry.figure.entity),
  )
  const people = roled.find(
    (entry) =>
      entry.role === 'volume' &&
      entry.figure.kind === 'count' &&
      entry.figure.per === undefined &&
      entry.figure.entity !== undefined &&
      ENTITIES[entry.figure.entity].group === 'staff',
  )
  const rate = roled.find((entry) => entry.role === 'baseline' && entry.figure.kind === 'money' && entry.figure.per === 'hour')
  const price = recurringPrice(roled)
  // "varje ärende tar i snitt 14 timmar": hours stated per unit, not per period.
  const hoursPerUnit = roled.find((entry) => entry.role === 'baseline' && entry.figure.kind === 'hours' && entry.figure.per === undefined)
  const perUnit = minutes ?? (units === undefined ? undefined : hoursPerUnit)
  const timeBased =
    units !== undefined && (perUnit !== undefined || claim.from?.figure.kind === 'minutes' || claim.saved?.figure.kind === 'minutes')
  if (!timeBased && hours === undefined && claim.saved === undefined && options.assume !== true) return undefined

  const period = timeframeOf(timeBased ? units.figure.per : (hours ?? claim.saved)?.figure.per, 'weekly')
  const noun = texts.periodNoun(period)
  const terms: Term[] = []
  let gross: (n: Names) => string
  let explain: (p: Names) => string
  if (timeBased && units !== undefined) {
    const savedMinutes =
      claim.saved?.figure.kind === 'minutes' && claim.percent === undefined && claim.from === undefined ? claim.saved : undefined
    if (savedMinutes !== undefined) {
      const [unitsTerm] = unitTerms(units, perUnit, claim, context, period)
      if (unitsTerm !== undefined) terms.push(unitsTerm)
      terms.push(
        makeTerm(
          {
            key: 'minutes',
            role: 'improvement',
            name: 'minutesSavedPerUnit',
            label: texts.say('Minutes saved on each', 'Sparade minuter per styck'),
            unit: texts.minutesWord,
            quantity: 'minutes',
            assumption: 5,
            priority: 2,
          },
          savedMinutes.figure,
          context,
        ),
      )
      gross = (n) => `${n.units} * ${n.minutes} / 60 * ${n.hourlyCost}`
      explain = (p) => `${p.units} × ${p.minutes} ÷ 60 × ${p.hourlyCost}`
    } else {
      const inHours = perUnit?.figure.kind === 'hours' && claim.from?.figure.kind !== 'minutes'
      const perUnitHours = (n: Names): string => (inHours ? `${n.minutes}` : `${n.minutes} / 60`)
      const perUnitSaid = (p: Names): string => (inHours ? `${p.minutes}` : `${p.minutes} ÷ 60`)
      terms.push(...unitTerms(units, perUnit, claim, context, period), reductionTerm(claim, context, 2))
      gross = (n) => `${n.units} * ${perUnitHours(n)} * ${n.reduction} / 100 * ${n.hourlyCost}`
      explain = (p) => `${p.units} × ${perUnitSaid(p)} × ${p.reduction} × ${p.hourlyCost}`
    }
  } else {
    const savedHours =
      hours === undefined ? claim.saved : claim.percent === undefined && claim.saved?.figure.kind === 'hours' ? claim.saved : undefined
    const base = savedHours ?? hours
    // "saves each driver 25 minutes a day": minutes per period stay minutes, turned into hours in the formula.
    const inMinutes = base?.figure.kind === 'minutes'
    terms.push(timeSpentTerm({ saved: savedHours !== undefined, inMinutes, period, figure: base, context }), peopleTerm(people, context, 0))
    const hoursOf = (n: Names): string => (inMinutes ? `${n.hours} / 60` : `${n.hours}`)
    const hoursSaid = (p: Names): string => (inMinutes ? `${p.hours} ÷ 60` : `${p.hours}`)
    if (savedHours === undefined) {
      terms.push(reductionTerm(claim, context, 2))
      gross = (n) => `${hoursOf(n)} * ${n.people} * ${n.reduction} / 100 * ${n.hourlyCost}`
      explain = (p) => `${hoursSaid(p)} × ${p.people} × ${p.reduction} × ${p.hourlyCost}`
    } else {
      gross = (n) => `${hoursOf(n)} * ${n.people} * ${n.hourlyCost}`
      explain = (p) => `${hoursSaid(p)} × ${p.people} × ${p.hourlyCost}`
    }
  }
  terms.push(hourlyCostTerm(rate, context, 3))
  const result = capacity
    ? texts.say(`Value of the time freed per ${noun}`, `Värdet av frigjord tid per ${noun}`)
    : texts.say(`Money saved per ${noun}`, `Besparing per ${noun}`)
  const story = capacity ? 'capacityFreed' : 'timeSaved'
  // "1,80 kr per faktura" on "2 500 fakturor per månad": the seller's price per unit is the cost side.
  const unitPrice = price === undefined && timeBased ? unitPriceOf(roled, units) : undefined
  // "Licences are $15 per user per month" for the people the time is saved for: the price is per seat.
  const perSeat =
    price !== undefined &&
    !timeBased &&
    price.figure.perEntity !== undefined &&
    price.figure.perEntity !== 'thousand' &&
    ENTITIES[price.figure.perEntity].group === 'user'

  return valueDesign({
    story,
    period,
    valueType: 'moneySaved',
    terms,
    result,
    gross,
    explain,
    price,
    context,
    ...(unitPrice === undefined ? {} : { unitPrice: { figure: unitPrice, unitsKey: 'units' } }),
    ...(perSeat ? { seatsKey: 'people' } : {}),
  })
}
