// A document that claims no saving (a request for quotation, a tender, a grant proposal, a price
// list, a blank template): the calculator models what it does contain — a schedule of fees, a
// quantity at a rate, the cost per period — and says that the document states no saving. A
// contract value, ceiling, budget or award is named in the description and never becomes money saved.
import { TIMEFRAME_FACTORS, type TimeframePeriod } from '@valueproof/formula'
import type { RoledFigure } from './roles.ts'
import {
  PERIOD_CAMEL,
  countTerm,
  isPerPeriod,
  moneyMetric,
  periodFactor,
  rescaleNote,
  timeframeOf,
  type Design,
  type Names,
} from './story-kit.ts'
import { optionsFor, optionsTerm, readFeeRowFigures, rowOf, schedulePeriod, scheduleTerm, shareTerm, type FeeRows } from './story-fees.ts'
import { contractModel } from './story-contract.ts'
import { revenueShareModel } from './story-share.ts'
import { makeTerm, type DesignContext, type Term } from './terms.ts'
import { ENTITIES } from './vocabulary.ts'
import { CURRENCY_SYMBOLS } from './wording.ts'

/** What the story found to model, before it chose how. */
interface Found {
  readonly hourlyPrice: RoledFigure | undefined
  readonly hours: RoledFigure | undefined
  readonly unitPrice: RoledFigure | undefined
  readonly periodPrice: RoledFigure | undefined
  readonly anyPrice: RoledFigure | undefined
  readonly fees: FeeRows
}

/** One way of modelling the cost: its terms and how they combine. */
interface Model {
  readonly period: TimeframePeriod
  readonly terms: readonly Term[]
  readonly formula: (names: Names) => string
  readonly explain: (phrases: Names) => string
  readonly notes: readonly string[]
  /** What the result is, when it is not a cost ("Contract value per month"). */
  readonly result?: string
}

function findFigures(roled: readonly RoledFigure[], context: DesignContext): Found {
  const fees = readFeeRowFigures(roled, context)
  const money = (entry: RoledFigure): boolean => entry.figure.kind === 'money'
  // A document that claims nothing prices something: an amount on a fee or price row ("Single Gate
  // $920.00" in a quote reads without a price word) is what it costs, unless it is a ceiling.
  const onRow = (entry: RoledFigure): boolean => rowOf(fees, entry) !== undefined
  return {
    fees,
    hourlyPrice: roled.find(
      (entry) => (entry.role === 'price' || entry.role === 'baseline') && money(entry) && entry.figure.per === 'hour',
    ),
    hours: roled.find((entry) => entry.figure.kind === 'hours' && isPerPeriod(entry) && entry.role !== 'improvement'),
    unitPrice: roled.find(
      (entry) => entry.role === 'price' && money(entry) && entry.figure.perEntity !== undefined && entry.figure.per !== 'hour',
    ),
    periodPrice: roled.find(
      (entry) => entry.role === 'price' && money(entry) && isPerPeriod(entry) && entry.figure.perEntity === undefined,
    ),
    anyPrice:
      roled.find((entry) => entry.role === 'price' && money(entry)) ??
      roled.find((entry) => entry.role === 'baseline' && money(entry) && entry.figure.per !== 'hour' && onRow(entry)),
  }
}

/** Hours per period at an hourly rate: stated hours or an assumed 40, the stated rate (a rate card's first) or an assumed one. */
function hourTerms(found: Found, period: TimeframePeriod, context: DesignContext): Term[] {
  const { texts, currency } = context
  const noun = texts.periodNoun(period)
  const rateRow = rowOf(found.fees, found.hourlyPrice)
  const rate = {
    key: 'rate',
    role: 'price',
    name: 'hourlyRate',
    label: texts.say('Hourly rate', 'Timpris'),
    unit: texts.hourlyUnit(CURRENCY_SYMBOLS[currency]),
    quantity: 'money',
    assumption: 100,
    hourly: true,
    priority: 2,
  } as const
  return [
    makeTerm(
      {
        key: 'quantity',
        role: 'volume',
        name: `hoursPer${PERIOD_CAMEL[period]}`,
        label: texts.say(`Hours per ${noun}`, `Timmar per ${noun}`),
        unit: texts.hoursUnit(period),
        quantity: 'hours',
        assumption: 40,
        priority: 1,
        mustSlide: true,
      },
      found.hours?.figure,
      context,
    ),
    rateRow === undefined
      ? makeTerm(rate, found.hourlyPrice?.figure, context)
      : optionsTerm(rate, optionsFor(found.fees, rateRow), context),
  ]
}

/** A schedule of recurring fees (one per service), the share of it taken, and any hourly work at the stated rates. */
function scheduleModel(found: Found, context: DesignContext): Model {
  const { schedule } = found.fees
  const period = schedulePeriod(schedule)
  const hourly = found.hourlyPrice !== undefined || found.hours !== undefined
  const fees = scheduleTerm(schedule, period, context, 9)
  return {
    period,
    // With hourly work the stated rate takes the second slider (a smaller calculator quotes it); the
    // share, assumed at 100%, then slides from three sliders up.
    terms: [shareTerm(context, hourly ? 3 : 0, !hourly), ...(hourly ? hourTerms(found, period, context) : []), fees.term],
    formula: (n) => `${n.fees} * ${n.share} / 100${hourly ? ` + ${n.quantity} * ${n.rate}` : ''}`,
    explain: (p) => `${p.fees} × ${p.share}${hourly ? ` + ${p.quantity} × ${p.rate}` : ''}`,
    // Every row of the schedule is listed in the explanation, with the constant they add up to.
    notes: [],
  }
}

const product: Pick<Model, 'formula' | 'explain'> = {
  formula: (n) => `${n.quantity} * ${n.rate}`,
  explain: (p) => `${p.quantity} × ${p.rate}`,
}

function hoursModel(found: Found, context: DesignContext): Model {
  const period = timeframeOf(found.hours?.figure.per ?? found.periodPrice?.figure.per, 'monthly')
  return { period, terms: hourTerms(found, period, context), ...product, notes: [] }
}

/** A price per unit ("per page", "per seat") times the units per period, stated or assumed. */
function unitModel(found: Found, roled: readonly RoledFigure[], context: DesignContext): Model | undefined {
  const { unitPrice } = found
  const perEntity = unitPrice?.figure.perEntity
  if (unitPrice === undefined || perEntity === undefined || perEntity === 'thousand') return undefined
  const { texts } = context
  const entity = ENTITIES[perEntity]
  const units = roled.find((entry) => entry.figure.kind === 'count' && entry.figure.entity === perEntity)
  const period = timeframeOf(units?.figure.per, 'monthly')
  const spec = {
    key: 'rate',
    role: 'price',
    name: `pricePer${entity.camel.charAt(0).toUpperCase()}${entity.camel.slice(1)}`,
    label: texts.say(`Price per ${entity.en.one}`, `Pris per ${entity.sv.one}`),
    unit: texts.say(`per ${entity.en.one}`, `per ${entity.sv.one}`),
    quantity: 'money',
    assumption: 10,
    priority: 2,
  } as const
  const row = rowOf(found.fees, unitPrice)
  return {
    period,
    terms: [
      countTerm({ key: 'quantity', entity, figure: units, period, context, assumption: 10, priority: 1, mustSlide: true }),
      row === undefined ? makeTerm(spec, unitPrice.figure, context) : optionsTerm(spec, optionsFor(found.fees, row), context),
    ],
    ...product,
    notes: [],
  }
}

/** A rate per thousand (a CPM rate card): thousands per month, assumed, at the listed rate. */
function perThousandModel(options: ReturnType<typeof optionsFor>, context: DesignContext): Model {
  const { texts } = context
  const pages = new Set(options.map(({ row }) => row.page))
  const impressions = context.reading.pages.some((page) => pages.has(page.page) && /CPM|impression|visning/iu.test(page.text))
  return {
    period: 'monthly',
    terms: [
      makeTerm(
        {
          key: 'quantity',
          role: 'volume',
          name: 'thousandsPerMonth',
          label: impressions
            ? texts.say('Impressions per month (thousands)', 'Visningar per månad (tusental)')
            : texts.say('Thousands per month', 'Tusental per månad'),
          unit: impressions ? texts.say('thousand impressions', 'tusen visningar') : texts.say('thousand', 'tusen'),
          quantity: 'count',
          assumption: 100,
          priority: 1,
          mustSlide: true,
        },
        undefined,
        context,
      ),
      optionsTerm(
        {
          key: 'rate',
          role: 'price',
          name: 'pricePerThousand',
          label: impressions
            ? texts.say('Price per thousand (CPM)', 'Pris per tusen (CPM)')
            : texts.say('Price per thousand', 'Pris per tusen'),
          unit: texts.say('per thousand', 'per tusen'),
          quantity: 'money',
          assumption: 10,
          priority: 2,
        },
        options,
        context,
      ),
    ],
    ...product,
    notes: [],
  }
}

/**
 * A price: per period ("$499 per month") that period's cost; without one ("Gold $7,500", "Single
 * Gate $920.00") the price of one, bought as many times a year as the slider says. A price list's
 * other rows priced alike are its options.
 */
function priceModel(found: Found, context: DesignContext): Model {
  const { texts } = context
  const { fees } = found
  const price = found.periodPrice ?? found.anyPrice
  const listed = rowOf(fees, price) ?? (fees.priceList ? fees.rows.find(({ row }) => row.period !== 'hour') : undefined)
  const options = optionsFor(fees, listed)
  if (listed?.row.perEntity === 'thousand') return perThousandModel(options, context)
  const figure = listed?.entry ?? price
  const recurring = figure !== undefined && isPerPeriod(figure)
  const period: TimeframePeriod = recurring ? timeframeOf(figure.figure.per, 'monthly') : 'yearly'
  const note = figure === undefined ? undefined : rescaleNote(context, figure.figure.per, period)
  const noun = texts.periodNoun(period)
  const spec = {
    key: 'rate',
    role: 'price',
    name: recurring ? `pricePer${PERIOD_CAMEL[period]}` : 'priceEach',
    label: recurring ? texts.say(`Price per ${noun}`, `Pris per ${noun}`) : texts.say('Price of one', 'Pris per styck'),
    unit: recurring ? texts.perPeriod(period) : texts.say('each', 'styck'),
    quantity: 'money',
    assumption: 100,
    priority: 1,
    scale: periodFactor(figure?.figure.per, period),
    ...(note === undefined ? {} : { scaleNote: note }),
  } as const
  return {
    period,
    terms: [
      options.length > 1 ? optionsTerm(spec, options, context) : makeTerm(spec, figure?.figure, context),
      makeTerm(
        {
          key: 'quantity',
          role: 'volume',
          name: recurring ? 'quantity' : `quantityPer${PERIOD_CAMEL[period]}`,
          label: recurring ? texts.say('How many', 'Antal') : texts.say(`How many per ${noun}`, `Antal per ${noun}`),
          unit: texts.say('pcs', 'st'),
          quantity: 'count',
          assumption: 1,
          priority: 0,
          mustSlide: true,
        },
        undefined,
        context,
      ),
    ],
    ...product,
    notes: [],
  }
}

function modelOf(found: Found, roled: readonly RoledFigure[], context: DesignContext): Model {
  if (found.fees.schedule.length > 0) return scheduleModel(found, context)
  const share = revenueShareModel(roled, context)
  if (share !== undefined) return { ...share, notes: [] }
  // A contract value or budget with nothing priced per hour, unit or period: what it comes to over its term.
  const priced = found.hourlyPrice !== undefined || found.unitPrice !== undefined || found.periodPrice !== undefined
  const contract = priced || found.fees.rows.length > 0 ? undefined : contractModel(roled, context)
  if (contract !== undefined) return { ...contract, notes: [] }
  const useHours =
    found.hourlyPrice !== undefined ||
    found.hours !== undefined ||
    (found.unitPrice === undefined && found.periodPrice === undefined && found.anyPrice === undefined && found.fees.rows.length === 0)
  if (useHours) return hoursModel(found, context)
  return unitModel(found, roled, context) ?? priceModel(found, context)
}

export function noClaimStory(roled: readonly RoledFigure[], context: DesignContext): Design {
  const { texts, currency } = context
  const found = findFigures(roled, context)
  const model = modelOf(found, roled, context)
  const { period, formula } = model
  const result = model.result ?? texts.say(`Cost per ${texts.periodNoun(period)}`, `Kostnad per ${texts.periodNoun(period)}`)
  const notes = [texts.noClaimNote(context.inputKind)]
  // A listed price the roles took for a contract value ("Gold … $7,500" on a price list) is an option, not a ceiling.
  const listed = new Set(model.terms.flatMap((term) => term.figures))
  const contract = roled.find((entry) => entry.role === 'contractValue' && entry.figure.kind === 'money' && !listed.has(entry.figure))
  if (contract !== undefined) notes.push(texts.contractValueNote(contract.figure.text.trim(), contract.figure.page, context.inputKind))
  const money = moneyMetric(currency)
  return {
    story: 'noValueClaim',
    period,
    valueType: undefined,
    terms: model.terms,
    result,
    formula,
    explain: (p) => `${result} = ${model.explain(p)}.`,
    metrics: (n) => [
      { name: 'costPerPeriod', label: result, formula: formula(n), ...money, highlight: period === 'yearly' },
      ...(period === 'yearly'
        ? []
        : [
            {
              name: 'yearlyCost',
              label: texts.say('Cost per year', 'Kostnad per år'),
              formula: `costPerPeriod * ${TIMEFRAME_FACTORS[period].yearly}`,
              ...money,
              highlight: true,
            },
          ]),
    ],
    notes: [...notes, ...model.notes],
    noValueClaim: true,
    // A row of a fee or rate table prices something, whatever role its line's words suggested.
    priced: found.fees.rows.map(({ entry }) => entry.figure),
  }
}
