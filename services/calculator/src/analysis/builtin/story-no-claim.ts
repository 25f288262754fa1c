// A document that claims no saving (a request for quotation, a tender, a grant proposal, a price
// list, a blank template): the calculator models what it does contain — a quantity at a rate, the
// cost per period — and says that the document states no saving. A contract value, ceiling, budget
// or award is named in the description and never becomes money saved.
import { TIMEFRAME_FACTORS } from '@valueproof/formula'
import { readFeeRows } from './fee-tables.ts'
import type { RoledFigure } from './roles.ts'
import { PERIOD_CAMEL, countTerm, isPerPeriod, moneyMetric, periodFactor, rescaleNote, timeframeOf, type Design } from './story-kit.ts'
import { makeTerm, type DesignContext, type Term } from './terms.ts'
import { ENTITIES } from './vocabulary.ts'

export function noClaimStory(roled: readonly RoledFigure[], context: DesignContext): Design {
  const { texts, currency } = context
  const hourlyPrice = roled.find(
    (entry) => (entry.role === 'price' || entry.role === 'baseline') && entry.figure.kind === 'money' && entry.figure.per === 'hour',
  )
  const hours = roled.find((entry) => entry.figure.kind === 'hours' && isPerPeriod(entry) && entry.role !== 'improvement')
  const unitPrice = roled.find(
    (entry) =>
      entry.role === 'price' && entry.figure.kind === 'money' && entry.figure.perEntity !== undefined && entry.figure.per !== 'hour',
  )
  const periodPrice = roled.find(
    (entry) => entry.role === 'price' && entry.figure.kind === 'money' && isPerPeriod(entry) && entry.figure.perEntity === undefined,
  )
  // A document that claims nothing prices something: an amount on a fee or price row ("Single Gate
  // $920.00" in a quote reads without a price word) is what it costs, unless it is a ceiling.
  const rows = readFeeRows(context.reading.pages, context.reading.scan)
  const onRow = (entry: RoledFigure): boolean =>
    rows.some((row) => row.page === entry.figure.page && row.figure.start === entry.figure.start)
  const anyPrice =
    roled.find((entry) => entry.role === 'price' && entry.figure.kind === 'money') ??
    roled.find((entry) => entry.role === 'baseline' && entry.figure.kind === 'money' && entry.figure.per !== 'hour' && onRow(entry))
  const terms: Term[] = []
  const useHours =
    hourlyPrice !== undefined || hours !== undefined || (unitPrice === undefined && periodPrice === undefined && anyPrice === undefined)
  let period = timeframeOf(hours?.figure.per ?? periodPrice?.figure.per, 'monthly')
  const noun = (): string => texts.periodNoun(period)
  let formula: (n: Record<string, string>) => string
  let explain: (p: Record<string, string>) => string
  if (useHours) {
    terms.push(
      makeTerm(
        {
          key: 'quantity',
          role: 'volume',
          name: `hoursPer${PERIOD_CAMEL[period]}`,
          label: texts.say(`Hours per ${noun()}`, `Timmar per ${noun()}`),
          unit: texts.hoursUnit(period),
          quantity: 'hours',
          assumption: 40,
          priority: 1,
          mustSlide: true,
        },
        hours?.figure,
        context,
      ),
      makeTerm(
        {
          key: 'rate',
          role: 'price',
          name: 'hourlyRate',
          label: texts.say('Hourly rate', 'Timpris'),
          unit: texts.hourlyUnit(currency === 'SEK' ? 'kr' : currency === 'EUR' ? '€' : '$'),
          quantity: 'money',
          assumption: 100,
          hourly: true,
          priority: 2,
        },
        hourlyPrice?.figure,
        context,
      ),
    )
    formula = (n) => `${n.quantity} * ${n.rate}`
    explain = (p) => `${p.quantity} × ${p.rate}`
  } else if (unitPrice !== undefined && unitPrice.figure.perEntity !== undefined && unitPrice.figure.perEntity !== 'thousand') {
    const entity = ENTITIES[unitPrice.figure.perEntity]
    const units = roled.find((entry) => entry.figure.kind === 'count' && entry.figure.entity === unitPrice.figure.perEntity)
    period = timeframeOf(units?.figure.per, 'monthly')
    terms.push(
      countTerm({ key: 'quantity', entity, figure: units, period, context, assumption: 10, priority: 1, mustSlide: true }),
      makeTerm(
        {
          key: 'rate',
          role: 'price',
          name: `pricePer${entity.camel.charAt(0).toUpperCase()}${entity.camel.slice(1)}`,
          label: texts.say(`Price per ${entity.en.one}`, `Pris per ${entity.sv.one}`),
          unit: texts.say(`per ${entity.en.one}`, `per ${entity.sv.one}`),
          quantity: 'money',
          assumption: 10,
          priority: 2,
        },
        unitPrice.figure,
        context,
      ),
    )
    formula = (n) => `${n.quantity} * ${n.rate}`
    explain = (p) => `${p.quantity} × ${p.rate}`
  } else {
    const price = periodPrice ?? anyPrice
    // A price per period is that period's cost; a price without one ("Gold $7,500", "Single Gate
    // $920.00") is the price of one, bought as many times per period as the slider says.
    const recurring = price !== undefined && isPerPeriod(price)
    const note = price === undefined ? undefined : rescaleNote(context, price.figure.per, period)
    terms.push(
      makeTerm(
        {
          key: 'rate',
          role: 'price',
          name: recurring ? `pricePer${PERIOD_CAMEL[period]}` : 'priceEach',
          label: recurring ? texts.say(`Price per ${noun()}`, `Pris per ${noun()}`) : texts.say('Price of one', 'Pris per styck'),
          unit: recurring ? texts.perPeriod(period) : texts.say('each', 'styck'),
          quantity: 'money',
          assumption: 100,
          priority: 1,
          scale: periodFactor(price?.figure.per, period),
          ...(note === undefined ? {} : { scaleNote: note }),
        },
        price?.figure,
        context,
      ),
      makeTerm(
        {
          key: 'quantity',
          role: 'volume',
          name: recurring ? 'quantity' : `quantityPer${PERIOD_CAMEL[period]}`,
          label: recurring ? texts.say('How many', 'Antal') : texts.say(`How many per ${noun()}`, `Antal per ${noun()}`),
          unit: texts.say('pcs', 'st'),
          quantity: 'count',
          assumption: 1,
          priority: 0,
          mustSlide: true,
        },
        undefined,
        context,
      ),
    )
    formula = (n) => `${n.quantity} * ${n.rate}`
    explain = (p) => `${p.quantity} × ${p.rate}`
  }
  const result = texts.say(`Cost per ${noun()}`, `Kostnad per ${noun()}`)
  const notes = [texts.noClaimNote(context.inputKind)]
  const contract = roled.find((entry) => entry.role === 'contractValue' && entry.figure.kind === 'money')
  if (contract !== undefined) notes.push(texts.contractValueNote(contract.figure.text.trim(), contract.figure.page))
  const money = moneyMetric(currency)
  return {
    story: 'noValueClaim',
    period,
    valueType: undefined,
    terms,
    result,
    formula,
    explain: (p) => `${result} = ${explain(p)}.`,
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
    notes,
    noValueClaim: true,
  }
}
