// What every ROI story shares: the design it produces (terms, formula, explanation, key metrics),
// periods and their conversions, and the terms most stories need (the customer's hourly cost, the
// number of people, the seller's price as the cost side).
import { TIMEFRAME_FACTORS, type Currency, type TimeframePeriod, type ValueType } from '@valueproof/formula'
import type { StoryId } from './analysis-report.ts'
import type { ScoredFigure } from './document-reading.ts'
import type { RoledFigure } from './roles.ts'
import { makeTerm, type DesignContext, type Term, type TermSpec } from './terms.ts'
import { ENTITIES, type Entity, type Period } from './vocabulary.ts'
import { CURRENCY_SYMBOLS, formatNumber } from './wording.ts'

export interface Metric {
  readonly name: string
  readonly label: string
  readonly formula: string
  readonly unit?: string
  readonly prefix?: string
  readonly highlight: boolean
}

/** Each term's formula text: its parameter name when it is a slider, else its value as a literal. */
export type Names = Readonly<Record<string, string>>

export interface Design {
  readonly story: StoryId
  /** The period one formula result covers (the baseTimeframe). */
  readonly period: TimeframePeriod
  readonly valueType: ValueType | undefined
  readonly terms: readonly Term[]
  /** "Money saved per week". */
  readonly result: string
  readonly formula: (names: Names) => string
  /** "Money saved per week = tickets per week × …" with the terms' phrases. */
  readonly explain: (phrases: Names) => string
  readonly metrics: (names: Names) => Metric[]
  /** Sentences for the calculator's description: what drives the result, what the text does not state. */
  readonly notes: readonly string[]
  readonly noValueClaim: boolean
  /** The seller's one-off price (setup, installation): outside the per-period result, the cost a payback is measured against. */
  readonly oneOff?: Term
  /** Figures the story reads as the seller's prices whatever their sentence suggested: the fee-table rows it models. */
  readonly priced?: readonly ScoredFigure[]
}

/** The story period a figure's period runs in: a quarter's figure is told per month, rescaled. */
export const TIMEFRAME_OF: Readonly<Record<Exclude<Period, 'hour'>, TimeframePeriod>> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
  quarter: 'monthly',
  year: 'yearly',
}
export const PERIOD_CAMEL: Readonly<Record<TimeframePeriod, string>> = { daily: 'Day', weekly: 'Week', monthly: 'Month', yearly: 'Year' }
export const HOURS_CAP: Readonly<Record<TimeframePeriod, number>> = { daily: 24, weekly: 168, monthly: 744, yearly: 8760 }

export function timeframeOf(period: Period | undefined, fallback: TimeframePeriod): TimeframePeriod {
  return period === undefined || period === 'hour' ? fallback : TIMEFRAME_OF[period]
}

/** How many of each period a year has: a stated figure is rescaled exactly (a month is 52/12 weeks). */
const PER_YEAR: Readonly<Record<TimeframePeriod, number>> = { daily: 365, weekly: 52, monthly: 12, yearly: 1 }
const PERIODS_PER_YEAR: Readonly<Record<Exclude<Period, 'hour'>, number>> = { day: 365, week: 52, month: 12, quarter: 4, year: 1 }

/** A per-`from` amount times this is the per-`to` amount. */
export function periodFactor(from: Period | undefined, to: TimeframePeriod): number {
  if (from === undefined || from === 'hour') return 1
  return PERIODS_PER_YEAR[from] / PER_YEAR[to]
}

export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

export function moneyMetric(currency: Currency): { readonly unit?: string; readonly prefix?: string } {
  return currency === 'SEK' ? { unit: CURRENCY_SYMBOLS.SEK } : { prefix: CURRENCY_SYMBOLS[currency] }
}

/** The note for a figure rescaled to the story's period ("$499 per month, as 0.25 of it per week"). */
export function rescaleNote(context: DesignContext, from: Period | undefined, to: TimeframePeriod): string | undefined {
  if (from === undefined || from === 'hour' || periodFactor(from, to) === 1) return undefined
  const { texts } = context
  const factor = periodFactor(from, to)
  const shown = factor >= 1 ? `× ${formatNumber(factor, texts.language)}` : `÷ ${formatNumber(1 / factor, texts.language)}`
  const fromNoun = from === 'quarter' ? texts.say('quarter', 'kvartal') : texts.periodNoun(TIMEFRAME_OF[from])
  return texts.rescaled(fromNoun, texts.periodNoun(to), shown)
}

/** The customer's cost of an hour of work: stated (never the seller's rate) or assumed. */
export function hourlyCostTerm(figure: RoledFigure | undefined, context: DesignContext, priority: number): Term {
  const { texts } = context
  return makeTerm(
    {
      key: 'hourlyCost',
      role: 'baseline',
      name: 'hourlyCost',
      label: texts.say('Cost of an hour of work', 'Kostnad per arbetstimme'),
      unit: texts.hourlyUnit(CURRENCY_SYMBOLS[context.currency]),
      quantity: 'money',
      assumption: 50,
      hourly: true,
      priority,
    },
    figure?.figure,
    context,
  )
}

/** How many people (or teams) the stated per-person figure applies to; assumed 1, a visible slider. */
export function peopleTerm(figure: RoledFigure | undefined, context: DesignContext, priority: number): Term {
  const { texts } = context
  return makeTerm(
    {
      key: 'people',
      role: 'volume',
      name: 'numberOfPeople',
      label: texts.say('Number of people', 'Antal personer'),
      unit: texts.say('people', 'personer'),
      quantity: 'people',
      assumption: 1,
      priority,
      mustSlide: true,
    },
    figure?.figure,
    context,
  )
}

/** The seller's recurring price in the story's period: the cost side of a net value. */
export function priceTerm(figure: RoledFigure, period: TimeframePeriod, context: DesignContext, priority: number): Term {
  const { texts } = context
  const from = figure.figure.per
  const note = rescaleNote(context, from, period)
  return makeTerm(
    {
      key: 'price',
      role: 'price',
      name: `pricePer${PERIOD_CAMEL[period]}`,
      label: texts.say(`Price per ${texts.periodNoun(period)}`, `Pris per ${texts.periodNoun(period)}`),
      unit: texts.perPeriod(period),
      quantity: 'money',
      assumption: 0,
      priority,
      scale: periodFactor(from, period),
      ...(note === undefined ? {} : { scaleNote: note }),
    },
    figure.figure,
    context,
  )
}

/** A recurring price (per period) can be subtracted from the value; a one-off price cannot. */
export function recurringPrice(roled: readonly RoledFigure[]): RoledFigure | undefined {
  return roled.find(
    (entry) => entry.role === 'price' && entry.figure.kind === 'money' && entry.figure.per !== undefined && entry.figure.per !== 'hour',
  )
}

/** The value per period and per year, and net of a recurring price with ROI and payback when there is one. */
export function valueMetrics(props: {
  readonly period: TimeframePeriod
  readonly currency: Currency
  readonly context: DesignContext
  readonly label: string
  readonly gross: string
  readonly price?: string
}): Metric[] {
  const { texts } = props.context
  const money = moneyMetric(props.currency)
  const yearlyFactor = TIMEFRAME_FACTORS[props.period].yearly
  const metrics: Metric[] = [
    { name: 'valuePerPeriod', label: props.label, formula: props.gross, ...money, highlight: props.period === 'yearly' },
  ]
  if (props.period !== 'yearly')
    metrics.push({
      name: 'yearlyValue',
      label: texts.say('Yearly value', 'Årligt värde'),
      formula: `valuePerPeriod * ${yearlyFactor}`,
      ...money,
      highlight: props.price === undefined,
    })
  if (props.price !== undefined) {
    metrics.push(
      {
        name: 'yearlyCost',
        label: texts.say('Yearly price', 'Årligt pris'),
        formula: `${props.price} * ${yearlyFactor}`,
        ...money,
        highlight: false,
      },
      {
        name: 'netYearlyValue',
        label: texts.say('Net value per year', 'Nettovärde per år'),
        formula: `valuePerPeriod * ${yearlyFactor} - yearlyCost`,
        ...money,
        highlight: true,
      },
      {
        name: 'roiPercent',
        label: 'ROI',
        formula: `(valuePerPeriod * ${yearlyFactor} - yearlyCost) / yearlyCost * 100`,
        unit: '%',
        highlight: false,
      },
    )
  }
  return metrics
}

/** A figure stated for a period ("per month", "a week"), not per hour. */
export const isPerPeriod = (entry: RoledFigure): boolean => entry.figure.per !== undefined && entry.figure.per !== 'hour'

/** The first figure of the "from X to Y" pair whose second figure is `to` (the reader links them). */
export function fromFigureOf(roled: readonly RoledFigure[], to: RoledFigure): RoledFigure | undefined {
  const fromValue = to.figure.fromValue
  if (fromValue === undefined) return undefined
  return roled.find(
    (entry) => entry.figure.page === to.figure.page && entry.figure.end <= to.figure.start && entry.figure.value === fromValue,
  )
}

/** A term derived from a "from X to Y" pair, saying so. */
export function pairTerm(spec: TermSpec, from: RoledFigure, to: RoledFigure, value: number, context: DesignContext): Term {
  const note = context.texts.fromToNote(from.figure.text, to.figure.text)
  return makeTerm({ ...spec, derived: { value, figures: [from.figure, to.figure], note } }, undefined, context)
}

/** "Tickets per week": how many of `entity` the customer handles per period (generic without one). */
export function countTerm(props: {
  readonly key: string
  readonly entity: Entity | undefined
  readonly figure: RoledFigure | undefined
  readonly period: TimeframePeriod
  readonly context: DesignContext
  readonly assumption: number
  readonly priority: number
  readonly mustSlide?: boolean
}): Term {
  const { entity, period, context } = props
  const { texts } = context
  const noun = texts.periodNoun(period)
  const note = rescaleNote(context, props.figure?.figure.per, period)
  return makeTerm(
    {
      key: props.key,
      role: 'volume',
      name: entity === undefined ? `volumePer${PERIOD_CAMEL[period]}` : `${entity.camel}sPer${PERIOD_CAMEL[period]}`,
      label:
        entity === undefined
          ? texts.say(`How many per ${noun}`, `Antal per ${noun}`)
          : texts.say(`${capitalize(entity.en.many)} per ${noun}`, `${capitalize(entity.sv.many)} per ${noun}`),
      unit: texts.perPeriod(period),
      quantity: 'count',
      assumption: props.assumption,
      priority: props.priority,
      ...(props.mustSlide === true ? { mustSlide: true } : {}),
      // "300 säljmöten per kvartal" in a story told per month: rescaled, and the note says so.
      ...(note === undefined ? {} : { scale: periodFactor(props.figure?.figure.per, period), scaleNote: note }),
    },
    props.figure?.figure,
    context,
  )
}

/**
 * The design of a story whose value is `gross`, net of the seller's recurring price when the text
 * states one (the price becomes the last term, the cost side of the key metrics).
 */
export function valueDesign(props: {
  readonly story: StoryId
  readonly period: TimeframePeriod
  readonly valueType: ValueType
  readonly terms: readonly Term[]
  readonly result: string
  readonly gross: (names: Names) => string
  readonly explain: (phrases: Names) => string
  readonly price: RoledFigure | undefined
  readonly context: DesignContext
  /** "£2,500 per bid" on "40 bids a year": the seller's price per unit, times the term `unitsKey` counts. */
  readonly unitPrice?: { readonly figure: RoledFigure; readonly unitsKey: string }
  /** "$15 per user per month" for "12 agents": the recurring price is per seat, times the term `seatsKey` counts. */
  readonly seatsKey?: string
}): Design {
  const { period, result, gross, explain, context, unitPrice, seatsKey } = props
  const price = props.price
  const terms = [...props.terms]
  if (price !== undefined) terms.push(priceTerm(price, period, context, 4))
  else if (unitPrice !== undefined) terms.push(unitPriceTerm(unitPrice.figure, context))
  const seats = (n: Names, times: string): string => (seatsKey === undefined ? '' : ` ${times} ${n[seatsKey] ?? '1'}`)
  const cost = (n: Names): string | undefined =>
    price !== undefined
      ? `${n.price ?? '0'}${seats(n, '*')}`
      : unitPrice !== undefined
        ? `${n[unitPrice.unitsKey] ?? '0'} * ${n.unitPrice}`
        : undefined
  const costSaid = (p: Names): string | undefined =>
    price !== undefined
      ? `${p.price ?? ''}${seats(p, '×')}`
      : unitPrice !== undefined
        ? `${p[unitPrice.unitsKey] ?? ''} × ${p.unitPrice}`
        : undefined
  return {
    story: props.story,
    period,
    valueType: props.valueType,
    terms,
    result,
    formula: (n) => {
      const side = cost(n)
      return side === undefined ? gross(n) : `${gross(n)} - ${side}`
    },
    explain: (p) => {
      const side = costSaid(p)
      return `${result} = ${explain(p)}${side === undefined ? '' : ` − ${side}`}.`
    },
    metrics: (n) => {
      const side = cost(n)
      return valueMetrics({
        period,
        currency: context.currency,
        context,
        label: result,
        gross: gross(n),
        ...(side === undefined ? {} : { price: side }),
      })
    },
    notes: [],
    noValueClaim: false,
  }
}

/** The seller's price per unit ("£2,500 per bid"): the cost side when the value counts those units. */
function unitPriceTerm(figure: RoledFigure, context: DesignContext): Term {
  const { texts } = context
  const id = figure.figure.perEntity
  const entity = id === undefined || id === 'thousand' ? undefined : ENTITIES[id]
  return makeTerm(
    {
      key: 'unitPrice',
      role: 'price',
      name: entity === undefined ? 'priceEach' : `pricePer${capitalize(entity.camel)}`,
      label:
        entity === undefined
          ? texts.say('Our price for each', 'Vårt pris per styck')
          : texts.say(`Our price per ${entity.en.one}`, `Vårt pris per ${entity.sv.one}`),
      unit: entity === undefined ? texts.say('each', 'styck') : texts.say(`per ${entity.en.one}`, `per ${entity.sv.one}`),
      quantity: 'money',
      assumption: 0,
      priority: 4,
    },
    figure.figure,
    context,
  )
}

/** The seller's price per one of what `units` counts, when the text states one. */
export function unitPriceOf(roled: readonly RoledFigure[], units: RoledFigure | undefined): RoledFigure | undefined {
  const entity = units?.figure.entity
  if (entity === undefined) return undefined
  return roled.find(
    (entry) => entry.role === 'price' && entry.figure.kind === 'money' && entry.figure.perEntity === entity && !isPerPeriod(entry),
  )
}

/** "Your 25 trucks drive 9,000 miles a month each", "era 8 arbetsledare … 6 timmar per vecka var". */
const EACH = /\b(?:each|every|apiece|per (?:person|head)|var|vardera|per person|styck)\b/iu

/**
 * The count a per-one figure is multiplied by: a volume without a period (trucks, people) in the
 * sentence of `perOne` when that sentence says "each"/"var", or whose own sentence says "each of
 * your 6 lawyers". Undefined when the text states no such scale (then nothing is multiplied).
 */
export function scaleOf(roled: readonly RoledFigure[], perOne: RoledFigure): RoledFigure | undefined {
  const counts = roled.filter(
    (entry) =>
      entry !== perOne &&
      entry.role === 'volume' &&
      entry.figure.kind === 'count' &&
      entry.figure.per === undefined &&
      entry.figure.entity !== perOne.figure.entity &&
      !entry.figure.flags.includes('threshold'),
  )
  return (
    counts.find((entry) => entry.clause === perOne.clause && EACH.test(perOne.clause)) ??
    counts.find((entry) => /\beach of\b|\bvar och en av\b/iu.test(entry.clause) && entry.figure.page === perOne.figure.page)
  )
}

/** A slider or constant for the scale `scaleOf` found: "Number of vehicles". */
export function scaleTerm(scale: RoledFigure, context: DesignContext, priority: number): Term {
  const { texts } = context
  const id = scale.figure.entity
  const entity = id === undefined ? undefined : ENTITIES[id]
  return makeTerm(
    {
      key: 'scale',
      role: 'volume',
      name: entity === undefined ? 'howMany' : `numberOf${capitalize(entity.camel)}s`,
      label: entity === undefined ? texts.say('How many', 'Antal') : texts.say(`Number of ${entity.en.many}`, `Antal ${entity.sv.many}`),
      unit: entity === undefined ? '' : texts.say(entity.en.many, entity.sv.many),
      quantity: entity?.group === 'staff' ? 'people' : 'count',
      assumption: 1,
      priority,
    },
    scale.figure,
    context,
  )
}
