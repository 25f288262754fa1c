// Capacity freed, valued by what the freed time is used for when the text says so: "fill that time
// with appointments: two an hour at $110 each", "vilket ger 10 extra besök i veckan à 1 200 kr". The
// freed hours are then worth the work they make room for — not also an hourly cost on top (that
// would count the same time twice).
import type { TimeframePeriod } from '@valueproof/formula'
import type { RoledFigure } from './roles.ts'
import {
  HOURS_CAP,
  PERIOD_CAMEL,
  countTerm,
  isPerPeriod,
  peopleTerm,
  recurringPrice,
  timeframeOf,
  valueDesign,
  type Names,
  type Design,
} from './story-kit.ts'
import { makeTerm, type DesignContext, type Term } from './terms.ts'
import { ENTITIES } from './vocabulary.ts'

const isStaff = (entry: RoledFigure): boolean =>
  entry.figure.kind === 'count' && entry.figure.entity !== undefined && ENTITIES[entry.figure.entity].group === 'staff'

function worthTerm(worth: RoledFigure, context: DesignContext): Term {
  const { texts } = context
  return makeTerm(
    {
      key: 'worth',
      role: 'volume',
      name: 'valueOfEach',
      label: texts.say('Value of each', 'Värde per styck'),
      unit: texts.say('each', 'styck'),
      quantity: 'money',
      assumption: 100,
      priority: 3,
    },
    worth.figure,
    context,
  )
}

function freedTerm(freed: RoledFigure, period: TimeframePeriod, context: DesignContext): Term {
  const { texts } = context
  const noun = texts.periodNoun(period)
  return makeTerm(
    {
      key: 'hours',
      role: 'improvement',
      name: `hoursFreedPer${PERIOD_CAMEL[period]}`,
      label: texts.say(`Hours freed per ${noun} per person`, `Frigjorda timmar per ${noun} och person`),
      unit: texts.hoursUnit(period),
      quantity: 'hours',
      assumption: 5,
      hoursCap: HOURS_CAP[period],
      priority: 1,
    },
    freed.figure,
    context,
  )
}

/** Capacity freed and put to a stated use; undefined when the text does not say what the time becomes. */
export function capacityStory(roled: readonly RoledFigure[], context: DesignContext): Design | undefined {
  const { texts } = context
  const worth = roled.find(
    (entry) =>
      entry.figure.kind === 'money' &&
      !isPerPeriod(entry) &&
      entry.figure.per !== 'hour' &&
      entry.role !== 'price' &&
      entry.role !== 'contractValue',
  )
  if (worth === undefined) return undefined
  const extra = roled.find(
    (entry) => entry.role === 'improvement' && entry.direction === 'increase' && entry.figure.kind === 'count' && isPerPeriod(entry),
  )
  const freed = roled.find((entry) => entry.role === 'improvement' && entry.figure.kind === 'hours' && isPerPeriod(entry))
  const perHour = roled.find((entry) => entry.figure.kind === 'count' && entry.figure.per === 'hour')
  let terms: Term[]
  let period: TimeframePeriod
  let gross: (n: Names) => string
  let explain: (p: Names) => string
  if (extra !== undefined) {
    period = timeframeOf(extra.figure.per, 'weekly')
    const id = extra.figure.entity
    terms = [
      countTerm({
        key: 'extra',
        entity: id === undefined ? undefined : ENTITIES[id],
        figure: extra,
        period,
        context,
        assumption: 5,
        priority: 1,
        mustSlide: true,
      }),
      worthTerm(worth, context),
    ]
    gross = (n) => `${n.extra} * ${n.worth}`
    explain = (p) => `${p.extra} × ${p.worth}`
  } else if (freed !== undefined && perHour !== undefined) {
    period = timeframeOf(freed.figure.per, 'weekly')
    const people = roled.find((entry) => isStaff(entry) && entry.figure.per === undefined && entry.role === 'volume')
    terms = [
      freedTerm(freed, period, context),
      peopleTerm(people, context, 0),
      makeTerm(
        {
          key: 'perHour',
          role: 'volume',
          name: 'perHour',
          label: texts.say('How many in an hour', 'Antal per timme'),
          unit: texts.say('per hour', 'per timme'),
          quantity: 'count',
          assumption: 1,
          priority: 2,
        },
        perHour.figure,
        context,
      ),
      worthTerm(worth, context),
    ]
    gross = (n) => `${n.hours} * ${n.people} * ${n.perHour} * ${n.worth}`
    explain = (p) => `${p.hours} × ${p.people} × ${p.perHour} × ${p.worth}`
  } else {
    return undefined
  }
  const noun = texts.periodNoun(period)
  const result = texts.say(`Value of the capacity freed per ${noun}`, `Värdet av frigjord kapacitet per ${noun}`)
  const price = recurringPrice(roled)
  return valueDesign({ story: 'capacityFreed', period, valueType: 'moneyGained', terms, result, gross, explain, price, context })
}
