// Losses avoided stated as an amount rather than a rate: "loses R 1.8 million a year to tampering,
// and our rollout cuts that by 60%", "a line loses 30 hours a month to unplanned stops, and an hour
// of downtime costs $2,000" with "10–20% less unplanned downtime". The value is the reduction on the
// stated loss, never the loss itself.
import type { TimeframePeriod } from '@valueproof/formula'
import type { RoledFigure } from './roles.ts'
import {
  HOURS_CAP,
  PERIOD_CAMEL,
  isPerPeriod,
  periodFactor,
  recurringPrice,
  rescaleNote,
  timeframeOf,
  valueDesign,
  type Design,
  type Names,
} from './story-kit.ts'
import { makeTerm, type DesignContext, type Term } from './terms.ts'
import { CURRENCY_SYMBOLS } from './wording.ts'

/** "each worth $6,000 a year", "per customer": an amount per one, not the loss of the whole. */
const PER_ONE = /\b(?:each|every|per (?:customer|client|unit|visit|booking)|var|vardera|styck|i snitt betalar)\b/iu

function reductionTerm(reduction: RoledFigure | undefined, context: DesignContext): Term {
  const { texts } = context
  return makeTerm(
    {
      key: 'reduction',
      role: 'improvement',
      name: 'lossReductionPercent',
      label: texts.say('Reduction in losses', 'Minskade förluster'),
      unit: '%',
      quantity: 'percent',
      assumption: 20,
      priority: 2,
      mustSlide: true,
    },
    reduction?.figure,
    context,
  )
}

function amountTerm(amount: RoledFigure, period: TimeframePeriod, context: DesignContext): Term {
  const { texts } = context
  const note = rescaleNote(context, amount.figure.per, period)
  return makeTerm(
    {
      key: 'amount',
      role: 'baseline',
      name: `lossPer${PERIOD_CAMEL[period]}`,
      label: texts.say(`Losses per ${texts.periodNoun(period)} today`, `Förluster per ${texts.periodNoun(period)} i dag`),
      unit: texts.perPeriod(period),
      quantity: 'money',
      assumption: 1000,
      priority: 1,
      scale: periodFactor(amount.figure.per, period),
      ...(note === undefined ? {} : { scaleNote: note }),
    },
    amount.figure,
    context,
  )
}

/** Hours lost per period × what an hour of the loss costs. */
function hoursTerms(hours: RoledFigure, hourly: RoledFigure, period: TimeframePeriod, context: DesignContext): Term[] {
  const { texts } = context
  return [
    makeTerm(
      {
        key: 'hours',
        role: 'baseline',
        name: `hoursLostPer${PERIOD_CAMEL[period]}`,
        label: texts.say(`Hours lost per ${texts.periodNoun(period)} today`, `Förlorade timmar per ${texts.periodNoun(period)} i dag`),
        unit: texts.hoursUnit(period),
        quantity: 'hours',
        assumption: 10,
        hoursCap: HOURS_CAP[period],
        priority: 1,
      },
      hours.figure,
      context,
    ),
    makeTerm(
      {
        key: 'hourly',
        role: 'baseline',
        name: 'costOfAnHourLost',
        label: texts.say('What an hour lost costs', 'Vad en förlorad timme kostar'),
        unit: texts.hourlyUnit(CURRENCY_SYMBOLS[context.currency]),
        quantity: 'money',
        assumption: 100,
        hourly: true,
        priority: 3,
      },
      hourly.figure,
      context,
    ),
  ]
}

/** A loss stated as an amount (or hours at a cost) with a relative reduction; undefined otherwise. */
export function lossAmountStory(roled: readonly RoledFigure[], context: DesignContext): Design | undefined {
  const reduction = roled.find(
    (entry) =>
      entry.role === 'improvement' &&
      entry.direction === 'reduce' &&
      entry.figure.kind === 'percent' &&
      entry.figure.fromValue === undefined &&
      !entry.figure.flags.includes('points'),
  )
  if (reduction === undefined) return undefined
  const amount = roled.find(
    (entry) =>
      entry.role === 'baseline' &&
      entry.figure.kind === 'money' &&
      isPerPeriod(entry) &&
      entry.figure.perEntity === undefined &&
      !PER_ONE.test(entry.clause),
  )
  const hours = roled.find((entry) => entry.role === 'baseline' && entry.figure.kind === 'hours' && isPerPeriod(entry))
  const hourly = roled.find((entry) => entry.role === 'baseline' && entry.figure.kind === 'money' && entry.figure.per === 'hour')
  const { texts } = context
  let terms: Term[]
  let period: TimeframePeriod
  let gross: (n: Names) => string
  let explain: (p: Names) => string
  if (amount !== undefined) {
    period = timeframeOf(amount.figure.per, 'yearly')
    terms = [amountTerm(amount, period, context), reductionTerm(reduction, context)]
    gross = (n) => `${n.amount} * ${n.reduction} / 100`
    explain = (p) => `${p.amount} × ${p.reduction}`
  } else if (hours !== undefined && hourly !== undefined) {
    period = timeframeOf(hours.figure.per, 'monthly')
    terms = [...hoursTerms(hours, hourly, period, context), reductionTerm(reduction, context)]
    gross = (n) => `${n.hours} * ${n.hourly} * ${n.reduction} / 100`
    explain = (p) => `${p.hours} × ${p.hourly} × ${p.reduction}`
  } else {
    return undefined
  }
  const result = texts.say(`Losses avoided per ${texts.periodNoun(period)}`, `Undvikna förluster per ${texts.periodNoun(period)}`)
  const price = recurringPrice(roled)
  return valueDesign({ story: 'lossAvoided', period, valueType: 'moneySaved', terms, result, gross, explain, price, context })
}
