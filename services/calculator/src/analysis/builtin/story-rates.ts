// Stories about rates: losses avoided (fewer no-shows, less churn, fewer errors) and revenue from a
// lift (more revenue, a better conversion or close rate, more bookings). The claimed change acts
// on the customer's volume and is valued at what one occurrence is worth.
import type { TimeframePeriod } from '@valueproof/formula'
import type { RoledFigure, Target } from './roles.ts'
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
import { makeTerm, type DesignContext, type Term, type TermSpec } from './terms.ts'
import { ENTITIES } from './vocabulary.ts'

const first = (roled: readonly RoledFigure[], test: (entry: RoledFigure) => boolean): RoledFigure | undefined => roled.find(test)
const perPeriod = (entry: RoledFigure): boolean => entry.figure.per !== undefined && entry.figure.per !== 'hour'
const isTarget = (entry: RoledFigure, targets: readonly Target[]): boolean => entry.target !== undefined && targets.includes(entry.target)

/** The change of a rate: points (from X% to Y%, "+0.5 percentage points"), or a relative change of a stated rate. */
interface RateChange {
  readonly points?: Term
  readonly rate?: Term
  readonly relative?: Term
}

function rateChange(
  roled: readonly RoledFigure[],
  targets: readonly Target[],
  direction: 'reduce' | 'increase',
  context: DesignContext,
): RateChange {
  const { texts } = context
  const to = first(
    roled,
    (entry) =>
      entry.role === 'improvement' && isTarget(entry, targets) && entry.figure.kind === 'percent' && entry.figure.fromValue !== undefined,
  )
  const pointsSpec: TermSpec = {
    key: 'points',
    role: 'improvement',
    name: 'percentagePoints',
    label:
      direction === 'reduce'
        ? texts.say('Fewer, in percentage points', 'Minskning i procentenheter')
        : texts.say('Lift, in percentage points', 'Ökning i procentenheter'),
    unit: texts.say('percentage points', 'procentenheter'),
    quantity: 'percent',
    assumption: 1,
    priority: 2,
    mustSlide: true,
  }
  if (to?.figure.fromValue !== undefined) {
    const from = first(
      roled,
      (entry) => entry.figure.page === to.figure.page && entry.figure.end <= to.figure.start && entry.figure.value === to.figure.fromValue,
    )
    if (from !== undefined) {
      const value = Math.abs(to.figure.fromValue - to.figure.value)
      return {
        points: makeTerm(
          {
            ...pointsSpec,
            derived: { value, figures: [from.figure, to.figure], note: texts.fromToNote(from.figure.text, to.figure.text) },
          },
          undefined,
          context,
        ),
      }
    }
  }
  const points = first(roled, (entry) => entry.role === 'improvement' && isTarget(entry, targets) && entry.figure.flags.includes('points'))
  if (points !== undefined) return { points: makeTerm(pointsSpec, points.figure, context) }
  const rate = first(roled, (entry) => entry.role === 'baseline' && isTarget(entry, targets) && entry.figure.kind === 'percent')
  const relative = first(roled, (entry) => entry.role === 'improvement' && isTarget(entry, targets) && entry.figure.kind === 'percent')
  return {
    rate: makeTerm(
      {
        key: 'rate',
        role: 'baseline',
        name: 'ratePercent',
        label: direction === 'reduce' ? texts.say('Rate today', 'Andel i dag') : texts.say('Conversion rate today', 'Konvertering i dag'),
        unit: '%',
        quantity: 'percent',
        assumption: 10,
        priority: 3,
      },
      rate?.figure,
      context,
    ),
    relative: makeTerm(
      {
        key: 'relative',
        role: 'improvement',
        name: direction === 'reduce' ? 'reductionPercent' : 'increasePercent',
        label: direction === 'reduce' ? texts.say('Reduction', 'Minskning') : texts.say('Increase', 'Ökning'),
        unit: '%',
        quantity: 'percent',
        assumption: 20,
        priority: 2,
        mustSlide: true,
      },
      relative?.figure,
      context,
    ),
  }
}

function volumeTerm(volume: RoledFigure | undefined, period: TimeframePeriod, context: DesignContext): Term {
  const { texts } = context
  const noun = texts.periodNoun(period)
  const id = volume?.figure.entity
  const entity = id === undefined ? undefined : ENTITIES[id]
  const label =
    entity === undefined
      ? texts.say(`How many per ${noun}`, `Antal per ${noun}`)
      : texts.say(`${capitalize(entity.en.many)} per ${noun}`, `${capitalize(entity.sv.many)} per ${noun}`)
  const name = entity === undefined ? `volumePer${PERIOD_CAMEL[period]}` : `${entity.camel}sPer${PERIOD_CAMEL[period]}`
  return makeTerm(
    {
      key: 'volume',
      role: 'volume',
      name,
      label,
      unit: texts.perPeriod(period),
      quantity: 'count',
      assumption: 100,
      priority: 1,
      mustSlide: true,
    },
    volume?.figure,
    context,
  )
}

function worthTerm(worth: RoledFigure | undefined, label: [string, string], context: DesignContext): Term {
  return makeTerm(
    {
      key: 'worth',
      role: worth?.role ?? 'baseline',
      name: 'valueOfEach',
      label: context.texts.say(...label),
      unit: context.texts.say('each', 'styck'),
      quantity: 'money',
      assumption: 100,
      priority: 3,
    },
    worth?.figure,
    context,
  )
}

function rateDesign(props: {
  story: 'lossAvoided' | 'revenueLift'
  terms: Term[]
  change: RateChange
  period: TimeframePeriod
  price: RoledFigure | undefined
  context: DesignContext
}): Design {
  const { story, change, period, price, context } = props
  const { texts, currency } = context
  const terms = [...props.terms]
  let gross: (n: Record<string, string>) => string
  let explain: (p: Record<string, string>) => string
  if (change.points !== undefined) {
    terms.push(change.points)
    gross = (n) => `${n.volume} * ${n.points} / 100 * ${n.worth}`
    explain = (p) => `${p.volume} × ${p.points} × ${p.worth}`
  } else {
    if (change.rate !== undefined) terms.push(change.rate)
    if (change.relative !== undefined) terms.push(change.relative)
    gross = (n) => `${n.volume} * ${n.rate} / 100 * ${n.relative} / 100 * ${n.worth}`
    explain = (p) => `${p.volume} × ${p.rate} × ${p.relative} × ${p.worth}`
  }
  if (price !== undefined) terms.push(priceTerm(price, period, context, 4))
  const noun = texts.periodNoun(period)
  const result =
    story === 'lossAvoided'
      ? texts.say(`Losses avoided per ${noun}`, `Undvikna förluster per ${noun}`)
      : texts.say(`Extra revenue per ${noun}`, `Ökade intäkter per ${noun}`)
  return {
    story,
    period,
    valueType: story === 'lossAvoided' ? 'moneySaved' : 'moneyGained',
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

const countPerPeriod = (entry: RoledFigure): boolean => entry.role === 'volume' && entry.figure.kind === 'count'
const moneyWorth = (entry: RoledFigure): boolean =>
  entry.figure.kind === 'money' &&
  !perPeriod(entry) &&
  entry.role !== 'price' &&
  entry.role !== 'contractValue' &&
  entry.figure.per !== 'hour'

/** Losses avoided: volume × the loss rate's reduction × what one loss costs. */
export function lossStory(roled: readonly RoledFigure[], context: DesignContext): Design {
  const volume = first(roled, (entry) => countPerPeriod(entry) && perPeriod(entry)) ?? first(roled, countPerPeriod)
  const period = timeframeOf(volume?.figure.per, volume === undefined ? 'monthly' : 'yearly')
  const worth = first(roled, (entry) => moneyWorth(entry) && (entry.role === 'baseline' || entry.role === 'volume'))
  return rateDesign({
    story: 'lossAvoided',
    terms: [volumeTerm(volume, period, context), worthTerm(worth, ['What one loss costs', 'Vad en förlust kostar'], context)],
    change: rateChange(roled, ['loss'], 'reduce', context),
    period,
    price: recurringPrice(roled),
    context,
  })
}

/** Revenue from a lift: revenue × the uplift, or volume × the conversion change × the value of one. */
export function revenueStory(roled: readonly RoledFigure[], context: DesignContext): Design {
  const { texts, currency } = context
  const price = recurringPrice(roled)
  const revenue = first(
    roled,
    (entry) => entry.role === 'volume' && entry.target === 'revenue' && entry.figure.kind === 'money' && perPeriod(entry),
  )
  const uplift = first(
    roled,
    (entry) =>
      entry.role === 'improvement' &&
      entry.direction === 'increase' &&
      entry.figure.kind === 'percent' &&
      !entry.figure.flags.includes('points') &&
      entry.figure.fromValue === undefined,
  )
  const conversion = first(roled, (entry) => entry.target === 'conversion' && entry.figure.kind === 'percent')
  if (revenue !== undefined && uplift !== undefined && conversion === undefined) {
    const period = timeframeOf(revenue.figure.per, 'monthly')
    const note = rescaleNote(context, revenue.figure.per, period)
    const revenueTerm = makeTerm(
      {
        key: 'revenue',
        role: 'volume',
        name: `revenuePer${PERIOD_CAMEL[period]}`,
        label: texts.say(`Revenue per ${texts.periodNoun(period)}`, `Intäkter per ${texts.periodNoun(period)}`),
        unit: texts.perPeriod(period),
        quantity: 'money',
        assumption: 10000,
        priority: 1,
        scale: periodFactor(revenue.figure.per, period),
        ...(note === undefined ? {} : { scaleNote: note }),
      },
      revenue.figure,
      context,
    )
    const upliftTerm = makeTerm(
      {
        key: 'uplift',
        role: 'improvement',
        name: 'upliftPercent',
        label: texts.say('Revenue increase', 'Ökade intäkter'),
        unit: '%',
        quantity: 'percent',
        assumption: 5,
        priority: 2,
      },
      uplift.figure,
      context,
    )
    const terms = [revenueTerm, upliftTerm, ...(price === undefined ? [] : [priceTerm(price, period, context, 4)])]
    const result = texts.say(`Extra revenue per ${texts.periodNoun(period)}`, `Ökade intäkter per ${texts.periodNoun(period)}`)
    const gross = (n: Record<string, string>): string => `${n.revenue} * ${n.uplift} / 100`
    return {
      story: 'revenueLift',
      period,
      valueType: 'moneyGained',
      terms,
      result,
      formula: (n) => (price === undefined ? gross(n) : `${gross(n)} - ${n.price}`),
      explain: (p) => `${result} = ${p.revenue} × ${p.uplift}${price === undefined ? '' : ` − ${p.price}`}.`,
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
  const volume = first(roled, (entry) => countPerPeriod(entry) && perPeriod(entry)) ?? first(roled, countPerPeriod)
  const period = timeframeOf(volume?.figure.per, 'monthly')
  const worth =
    first(roled, (entry) => moneyWorth(entry) && entry.role === 'volume') ??
    first(roled, (entry) => moneyWorth(entry) && entry.role === 'baseline')
  return rateDesign({
    story: 'revenueLift',
    terms: [volumeTerm(volume, period, context), worthTerm(worth, ['Value of one deal', 'Värde per affär'], context)],
    change: rateChange(roled, ['conversion', 'revenue', 'volume'], 'increase', context),
    period,
    price,
    context,
  })
}
