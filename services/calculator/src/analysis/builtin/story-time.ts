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

/** Units per period × minutes per unit: "1,200 invoices a month, 6 minutes each". */
function unitTerms(
  units: RoledFigure,
  minutes: RoledFigure | undefined,
  claim: TimeClaim,
  context: DesignContext,
  period: TimeframePeriod,
): Term[] {
  const { texts } = context
  const entity = isUnitEntity(units.figure.entity) ? ENTITIES[units.figure.entity] : ENTITIES.item
  const minutesFigure = claim.from?.figure.kind === 'minutes' ? claim.from : minutes
  return [
    countTerm({ key: 'units', entity, figure: units, period, context, assumption: 100, priority: 1 }),
    makeTerm(
      {
        key: 'minutes',
        role: 'baseline',
        name: `minutesPer${capitalize(entity.camel)}`,
        label: texts.say(`Minutes per ${entity.en.one} today`, `Minuter per ${entity.sv.one} i dag`),
        unit: texts.minutesWord,
        quantity: 'minutes',
        assumption: 10,
        priority: 3,
      },
      minutesFigure?.figure,
      context,
    ),
  ]
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
  const timeBased =
    units !== undefined && (minutes !== undefined || claim.from?.figure.kind === 'minutes' || claim.saved?.figure.kind === 'minutes')
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
      const [unitsTerm] = unitTerms(units, minutes, claim, context, period)
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
      terms.push(...unitTerms(units, minutes, claim, context, period), reductionTerm(claim, context, 2))
      gross = (n) => `${n.units} * ${n.minutes} / 60 * ${n.reduction} / 100 * ${n.hourlyCost}`
      explain = (p) => `${p.units} × ${p.minutes} ÷ 60 × ${p.reduction} × ${p.hourlyCost}`
    }
  } else {
    const savedHours =
      hours === undefined ? claim.saved : claim.percent === undefined && claim.saved?.figure.kind === 'hours' ? claim.saved : undefined
    const base = savedHours ?? hours
    terms.push(
      makeTerm(
        {
          key: 'hours',
          role: savedHours === undefined ? 'baseline' : 'improvement',
          name: savedHours === undefined ? `hoursPer${PERIOD_CAMEL[period]}` : `hoursSavedPer${PERIOD_CAMEL[period]}`,
          label:
            savedHours === undefined
              ? texts.say(`Hours spent per ${noun} per person today`, `Timmar per ${noun} och person i dag`)
              : texts.say(`Hours saved per ${noun} per person`, `Sparade timmar per ${noun} och person`),
          unit: texts.hoursUnit(period),
          quantity: 'hours',
          assumption: 5,
          hoursCap: HOURS_CAP[period],
          priority: 1,
        },
        base?.figure,
        context,
      ),
      peopleTerm(people, context, 0),
    )
    if (savedHours === undefined) {
      terms.push(reductionTerm(claim, context, 2))
      gross = (n) => `${n.hours} * ${n.people} * ${n.reduction} / 100 * ${n.hourlyCost}`
      explain = (p) => `${p.hours} × ${p.people} × ${p.reduction} × ${p.hourlyCost}`
    } else {
      gross = (n) => `${n.hours} * ${n.people} * ${n.hourlyCost}`
      explain = (p) => `${p.hours} × ${p.people} × ${p.hourlyCost}`
    }
  }
  terms.push(hourlyCostTerm(rate, context, 3))
  const result = capacity
    ? texts.say(`Value of the time freed per ${noun}`, `Värdet av frigjord tid per ${noun}`)
    : texts.say(`Money saved per ${noun}`, `Besparing per ${noun}`)
  const story = capacity ? 'capacityFreed' : 'timeSaved'
  return valueDesign({ story, period, valueType: 'moneySaved', terms, result, gross, explain, price, context })
}
