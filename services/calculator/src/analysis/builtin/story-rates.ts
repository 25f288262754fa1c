// Stories about rates: losses avoided (fewer no-shows, less churn, fewer errors) and revenue from a
// lift (more revenue, a better conversion or close rate, more bookings). The claimed change acts
// on the customer's volume and is valued at what one occurrence is worth.
import type { TimeframePeriod } from '@valueproof/formula'
import type { RoledFigure, Target } from './roles.ts'
import {
  PERIOD_CAMEL,
  capitalize,
  countTerm,
  fromFigureOf,
  isPerPeriod,
  pairTerm,
  periodFactor,
  recurringPrice,
  rescaleNote,
  timeframeOf,
  unitPriceOf,
  valueDesign,
  type Design,
  type Names,
} from './story-kit.ts'
import { makeTerm, type DesignContext, type Term, type TermSpec } from './terms.ts'
import { lossAmountStory } from './story-loss.ts'
import { ENTITIES } from './vocabulary.ts'

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
  const to = roled.find(
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
  const from = to === undefined ? undefined : fromFigureOf(roled, to)
  if (to !== undefined && from !== undefined)
    return { points: pairTerm(pointsSpec, from, to, Math.abs(from.figure.value - to.figure.value), context) }
  const points = roled.find((entry) => entry.role === 'improvement' && isTarget(entry, targets) && entry.figure.flags.includes('points'))
  if (points !== undefined) return { points: makeTerm(pointsSpec, points.figure, context) }
  const rate = roled.find((entry) => entry.role === 'baseline' && isTarget(entry, targets) && entry.figure.kind === 'percent')
  const relative = roled.find((entry) => entry.role === 'improvement' && isTarget(entry, targets) && entry.figure.kind === 'percent')
  // "raises orders by 8%", "cuts inbound calls by 30%": the claim acts on the counted volume itself, no rate between.
  const onVolume =
    rate === undefined &&
    relative !== undefined &&
    (direction === 'increase' ? relative.target !== 'conversion' : relative.target === 'volume')
  return {
    ...(onVolume ? {} : { rate: rateTerm(rate, direction, context) }),
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

function rateTerm(rate: RoledFigure | undefined, direction: 'reduce' | 'increase', context: DesignContext): Term {
  const { texts } = context
  return makeTerm(
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
  )
}

function volumeTerm(volume: RoledFigure | undefined, period: TimeframePeriod, context: DesignContext): Term {
  const id = volume?.figure.entity
  const entity = id === undefined ? undefined : ENTITIES[id]
  return countTerm({ key: 'volume', entity, figure: volume, period, context, assumption: 100, priority: 1, mustSlide: true })
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
  /** The counted volume, for a price per unit of it ("£2,500 per bid"). */
  volume?: RoledFigure | undefined
  roled?: readonly RoledFigure[]
}): Design {
  const { story, change, period, price, context } = props
  const perUnit = price === undefined && props.roled !== undefined ? unitPriceOf(props.roled, props.volume) : undefined
  const { texts } = context
  const terms = [...props.terms]
  let gross: (n: Names) => string
  let explain: (p: Names) => string
  if (change.points !== undefined) {
    terms.push(change.points)
    gross = (n) => `${n.volume} * ${n.points} / 100 * ${n.worth}`
    explain = (p) => `${p.volume} × ${p.points} × ${p.worth}`
  } else {
    const { rate } = change
    if (rate !== undefined) terms.push(rate)
    if (change.relative !== undefined) terms.push(change.relative)
    gross = (n) => `${n.volume}${rate === undefined ? '' : ` * ${n.rate} / 100`} * ${n.relative} / 100 * ${n.worth}`
    explain = (p) => `${p.volume}${rate === undefined ? '' : ` × ${p.rate}`} × ${p.relative} × ${p.worth}`
  }
  const noun = texts.periodNoun(period)
  const result =
    story === 'lossAvoided'
      ? texts.say(`Losses avoided per ${noun}`, `Undvikna förluster per ${noun}`)
      : texts.say(`Extra revenue per ${noun}`, `Ökade intäkter per ${noun}`)
  const valueType = story === 'lossAvoided' ? 'moneySaved' : 'moneyGained'
  return valueDesign({
    story,
    period,
    valueType,
    terms,
    result,
    gross,
    explain,
    price,
    context,
    ...(perUnit === undefined ? {} : { unitPrice: { figure: perUnit, unitsKey: 'volume' } }),
  })
}

const isVolumeCount = (entry: RoledFigure): boolean => entry.role === 'volume' && entry.figure.kind === 'count'
const moneyWorth = (entry: RoledFigure): boolean =>
  entry.figure.kind === 'money' &&
  !isPerPeriod(entry) &&
  entry.role !== 'price' &&
  entry.role !== 'contractValue' &&
  entry.figure.per !== 'hour'

/** "each worth $6,000 a year": what one customer is worth per period, the value a lost one takes with it. */
const worthPerPeriod = (entry: RoledFigure): boolean =>
  entry.figure.kind === 'money' &&
  isPerPeriod(entry) &&
  entry.figure.perEntity === undefined &&
  (entry.role === 'baseline' || entry.role === 'volume')

/** The change of a loss rate, or else a reduction claimed on the counted volume itself (never dropped for an assumed one). */
function lossChange(roled: readonly RoledFigure[], context: DesignContext): RateChange {
  const change = rateChange(roled, ['loss'], 'reduce', context)
  if (change.points !== undefined || (change.relative?.figures.length ?? 0) > 0) return change
  const onVolume = roled.some((entry) => entry.role === 'improvement' && entry.target === 'volume' && entry.direction === 'reduce')
  return onVolume ? rateChange(roled, ['volume'], 'reduce', context) : change
}

/** Losses avoided: volume × the loss rate's reduction × what one loss costs (or a stated loss amount × its reduction). */
export function lossStory(roled: readonly RoledFigure[], context: DesignContext): Design {
  const change = lossChange(roled, context)
  const amount = change.points === undefined ? lossAmountStory(roled, context) : undefined
  if (amount !== undefined) return amount
  const volume = roled.find((entry) => isVolumeCount(entry) && isPerPeriod(entry)) ?? roled.find(isVolumeCount)
  const perOne = roled.find((entry) => moneyWorth(entry) && (entry.role === 'baseline' || entry.role === 'volume'))
  // A customer base without a period ("600 customers") loses customers worth a period's revenue each.
  const yearly = volume !== undefined && !isPerPeriod(volume) ? roled.find(worthPerPeriod) : undefined
  const worth = perOne ?? yearly
  const period = timeframeOf(
    yearly !== undefined && perOne === undefined ? yearly.figure.per : volume?.figure.per,
    volume === undefined ? 'monthly' : 'yearly',
  )
  return rateDesign({
    story: 'lossAvoided',
    terms: [volumeTerm(volume, period, context), worthTerm(worth, ['What one loss costs', 'Vad en förlust kostar'], context)],
    change,
    period,
    price: recurringPrice(roled),
    context,
  })
}

/** Revenue from a lift: revenue × the uplift, or volume × the conversion change × the value of one. */
export function revenueStory(roled: readonly RoledFigure[], context: DesignContext): Design {
  const { texts } = context
  const price = recurringPrice(roled)
  const revenue = roled.find(
    (entry) => entry.role === 'volume' && entry.target === 'revenue' && entry.figure.kind === 'money' && isPerPeriod(entry),
  )
  const uplift = roled.find(
    (entry) =>
      entry.role === 'improvement' &&
      entry.direction === 'increase' &&
      entry.figure.kind === 'percent' &&
      !entry.figure.flags.includes('points') &&
      entry.figure.fromValue === undefined,
  )
  const conversion = roled.find((entry) => entry.target === 'conversion' && entry.figure.kind === 'percent')
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
    const result = texts.say(`Extra revenue per ${texts.periodNoun(period)}`, `Ökade intäkter per ${texts.periodNoun(period)}`)
    return valueDesign({
      story: 'revenueLift',
      period,
      valueType: 'moneyGained',
      terms: [revenueTerm, upliftTerm],
      result,
      gross: (n) => `${n.revenue} * ${n.uplift} / 100`,
      explain: (p) => `${p.revenue} × ${p.uplift}`,
      price,
      context,
    })
  }
  const worth =
    roled.find((entry) => moneyWorth(entry) && entry.role === 'volume') ??
    roled.find((entry) => moneyWorth(entry) && entry.role === 'baseline')
  const more = moreUnitsDesign(roled, worth, context)
  if (more !== undefined) return more
  const volume = roled.find((entry) => isVolumeCount(entry) && isPerPeriod(entry)) ?? roled.find(isVolumeCount)
  const period = timeframeOf(volume?.figure.per, 'monthly')
  return rateDesign({
    story: 'revenueLift',
    terms: [volumeTerm(volume, period, context), worthTerm(worth, ['Value of one deal', 'Värde per affär'], context)],
    change: rateChange(roled, ['conversion', 'revenue', 'volume'], 'increase', context),
    period,
    price,
    context,
    volume,
    roled,
  })
}

/** "doubles the qualified meetings, from 20 to 40 a month; one in five turns into a deal worth $12,000": extra units × the rate they convert at × worth. */
function moreUnitsDesign(roled: readonly RoledFigure[], worth: RoledFigure | undefined, context: DesignContext): Design | undefined {
  const to = roled.find(
    (entry) =>
      entry.role === 'improvement' &&
      entry.figure.kind === 'count' &&
      entry.figure.fromValue !== undefined &&
      entry.figure.value > entry.figure.fromValue,
  )
  const from = to === undefined ? undefined : fromFigureOf(roled, to)
  if (to === undefined || from === undefined) return undefined
  const { texts } = context
  const period = timeframeOf(to.figure.per ?? from.figure.per, 'monthly')
  const id = to.figure.entity ?? from.figure.entity
  const entity = id === undefined ? undefined : ENTITIES[id]
  const noun = texts.periodNoun(period)
  // "doubles … from 20 to 40": the word states the same change as the pair, so it is its source too.
  const sameClaim = roled.filter(
    (entry) => entry.role === 'improvement' && entry.figure.flags.includes('wordFraction') && entry.clause === to.clause,
  )
  const extra = makeTerm(
    {
      key: 'volume',
      role: 'improvement',
      name: entity === undefined ? `extraPer${PERIOD_CAMEL[period]}` : `extra${capitalize(entity.camel)}sPer${PERIOD_CAMEL[period]}`,
      label:
        entity === undefined
          ? texts.say(`Extra per ${noun}`, `Fler per ${noun}`)
          : texts.say(`Extra ${entity.en.many} per ${noun}`, `Fler ${entity.sv.many} per ${noun}`),
      unit: texts.perPeriod(period),
      quantity: 'count',
      assumption: 5,
      priority: 1,
      mustSlide: true,
      derived: {
        value: to.figure.value - from.figure.value,
        figures: [from.figure, to.figure, ...sameClaim.map((entry) => entry.figure)],
        note: texts.fromToNote(from.figure.text, to.figure.text),
      },
    },
    undefined,
    context,
  )
  const rate = roled.find((entry) => entry.role === 'baseline' && entry.figure.kind === 'percent')
  const terms = [extra, rateTerm(rate, 'increase', context), worthTerm(worth, ['Value of one deal', 'Värde per affär'], context)]
  const result = texts.say(`Extra revenue per ${noun}`, `Ökade intäkter per ${noun}`)
  return valueDesign({
    story: 'revenueLift',
    period,
    valueType: 'moneyGained',
    terms,
    result,
    gross: (n) => `${n.volume} * ${n.rate} / 100 * ${n.worth}`,
    explain: (p) => `${p.volume} × ${p.rate} × ${p.worth}`,
    price: recurringPrice(roled),
    context,
  })
}
