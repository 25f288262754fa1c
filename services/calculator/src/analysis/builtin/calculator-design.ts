// Turns a chosen recipe and its figures into a calculator definition: three terms (parameter or
// constant), the formula, its explanation in the chosen language, and the value calculator's key
// metrics.
import {
  CURRENCIES,
  SLIDER_DEFAULTS,
  TIMEFRAME_FACTORS,
  conversionRate,
  convertCurrency,
  isSubscription,
  type CalculatorDataInput,
  type Currency,
  type ParameterSource,
  type TimeframePeriod,
  type ValueType,
} from '@valueproof/formula'
import { SLIDERS_PER_COMPLEXITY, type GenerationComplexity } from '../types.ts'
import type { DocumentReading, ScoredFigure } from './document-reading.ts'
import type { CurrencyCode } from './figures.ts'
import { quoteAround } from './quotes.ts'
import type { RecipeChoice, RecipeId, RoleId } from './recipes.ts'
import type { StatedAmount } from './stated-amounts.ts'
import { sliderRange, type QuantityKind, type SliderRange } from './slider-range.ts'
import { ENTITIES, SAVING_WORDS, type Entity, type EntityId, type Period } from './vocabulary.ts'
import { CURRENCY_SYMBOLS, formatAmount, formatNumber, type Texts } from './wording.ts'

export interface DesignContext {
  readonly texts: Texts
  /** The calculator's baseCurrency. */
  readonly currency: Currency
  readonly inputKind: 'document' | 'description'
  readonly reading: DocumentReading
}

export interface Term {
  readonly role: RoleId
  readonly name: string
  readonly label: string
  /** The label as it reads inside a sentence. */
  readonly phrase: string
  readonly unit: string
  readonly quantity: QuantityKind
  /** The default, in the base currency for money. */
  readonly value: number
  readonly range: SliderRange
  readonly figure: ScoredFigure | undefined
  readonly source: ParameterSource
  readonly description: string
  /** The value with its unit, for the explanation ("$150/hour", "5"). */
  readonly display: string
}

export interface Metric {
  readonly name: string
  readonly label: string
  readonly formula: string
  readonly unit?: string
  readonly prefix?: string
  readonly highlight: boolean
}

export interface Design {
  readonly recipe: RecipeId
  /** The period one formula result covers (the baseTimeframe). */
  readonly period: TimeframePeriod
  readonly valueType: ValueType
  readonly terms: readonly [Term, Term, Term]
  /** "Money saved per week". */
  readonly result: string
  readonly formula: (a: string, b: string, c: string) => string
  readonly explain: (a: string, b: string, c: string) => string
  readonly metrics: (a: string, b: string, c: string) => Metric[]
}

const TIMEFRAME_OF: Readonly<Record<Exclude<Period, 'hour'>, TimeframePeriod>> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
  year: 'yearly',
}
const PERIOD_CAMEL: Readonly<Record<TimeframePeriod, string>> = { daily: 'Day', weekly: 'Week', monthly: 'Month', yearly: 'Year' }
const HOURS_CAP: Readonly<Record<TimeframePeriod, number>> = { daily: 24, weekly: 168, monthly: 744, yearly: 8760 }
const ASSUMED_HOURS_SAVED: Readonly<Record<TimeframePeriod, number>> = { daily: 1, weekly: 5, monthly: 20, yearly: 240 }

function timeframeOf(period: Period | undefined, fallback: TimeframePeriod): TimeframePeriod {
  return period === undefined || period === 'hour' ? fallback : TIMEFRAME_OF[period]
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
const uncapitalize = (text: string): string => (/^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text)

function isFixedRateCurrency(code: CurrencyCode): code is Currency {
  return (CURRENCIES as readonly string[]).includes(code)
}

/** Whole units from 100 up, cents from 1, three significant digits below. */
function roundMoney(value: number): number {
  if (value >= 100) return Math.round(value)
  if (value >= 1) return Math.round(value * 100) / 100
  return Number(value.toPrecision(3))
}

/** An assumed amount in another currency: two significant digits (50 USD → 520 SEK, 47 EUR). */
function roundAssumption(value: number): number {
  return Number(value.toPrecision(2))
}

interface TermSpec {
  readonly role: RoleId
  readonly name: string
  readonly label: string
  readonly unit: string
  readonly quantity: QuantityKind
  /** The assumed default when no figure backs the term; money in USD. */
  readonly assumption: number
  readonly hourly?: boolean
  readonly hoursCap?: number
  readonly notes?: readonly string[]
  /** A stated amount over several years: the figure is divided by them (one year's share). */
  readonly divideBy?: number
  /** Page-text offsets the quote should also cover when they fit (where the text states those years). */
  readonly quoteAlso?: { readonly start: number; readonly end: number }
}

/** The quote may be stretched to cover `quoteAlso` while it leaves room for context. */
const STRETCHED_QUOTE = 160

function pageText(reading: DocumentReading, page: number): string {
  return reading.pages.find((candidate) => candidate.page === page)?.text ?? ''
}

function makeTerm(spec: TermSpec, figure: ScoredFigure | undefined, context: DesignContext): Term {
  const { texts, currency, inputKind, reading } = context
  const language = texts.language
  const notes: string[] = []
  let value: number
  if (figure === undefined) {
    value = spec.quantity === 'money' ? roundAssumption(convertCurrency(spec.assumption, 'USD', currency)) : spec.assumption
  } else if (spec.quantity === 'money') {
    const code = figure.currency ?? 'USD'
    const divisor = spec.divideBy ?? 1
    if (isFixedRateCurrency(code)) {
      value = roundMoney(convertCurrency(figure.value, code, currency) / divisor)
      if (code !== currency)
        notes.push(texts.converted(`${formatNumber(figure.value, language)} ${code}`, currency, conversionRate(code, currency)))
    } else {
      value = roundMoney(figure.value / divisor)
      notes.push(texts.unconverted(code, currency))
    }
  } else {
    value = figure.value
  }
  if (figure?.low !== undefined && figure.high !== undefined) {
    notes.push(texts.rangeMidpoint(formatNumber(figure.low, language), formatNumber(figure.high, language)))
  }
  notes.push(...(spec.notes ?? []))

  let source: ParameterSource
  let origin: string
  if (figure === undefined) {
    source = { kind: 'assumption', note: texts.assumptionNote(inputKind) }
    origin = texts.assumptionDescription(inputKind)
  } else {
    const also = spec.quoteAlso
    const start = also === undefined ? figure.start : Math.min(figure.start, also.start)
    const end = also === undefined ? figure.end : Math.max(figure.end, also.end)
    const stretch = end - start <= STRETCHED_QUOTE
    const quote = quoteAround(pageText(reading, figure.page), stretch ? start : figure.start, stretch ? end : figure.end)
    source = inputKind === 'document' ? { kind: 'document', quote, page: figure.page } : { kind: 'description', quote }
    origin = inputKind === 'document' ? texts.fromDocument(figure.page) : texts.fromDescription
  }

  const range = sliderRange(spec.quantity, value, spec.hoursCap === undefined ? {} : { hoursPerPeriodCap: spec.hoursCap })
  const number = formatNumber(value, language)
  let display: string
  switch (spec.quantity) {
    case 'money':
      display = `${formatAmount(value, currency, language)}${spec.hourly === true ? texts.say('/hour', '/timme') : ''}`
      break
    case 'hours':
      display = `${number} ${texts.hoursWord}`
      break
    case 'minutes':
      display = `${number} ${texts.minutesWord}`
      break
    case 'percent':
      display = language === 'sv' ? `${number} %` : `${number}%`
      break
    case 'count':
    case 'people':
      display = number
      break
  }
  return {
    role: spec.role,
    name: spec.name,
    label: spec.label,
    phrase: uncapitalize(spec.label),
    unit: spec.unit,
    quantity: spec.quantity,
    value,
    range,
    figure,
    source,
    description: [origin, ...notes].join(' '),
    display,
  }
}

function moneyMetric(currency: Currency): { readonly unit?: string; readonly prefix?: string } {
  return currency === 'SEK' ? { unit: CURRENCY_SYMBOLS.SEK } : { prefix: CURRENCY_SYMBOLS[currency] }
}

function entityOf(id: EntityId | 'thousand' | undefined, fallback: EntityId): Entity {
  return id === undefined || id === 'thousand' ? ENTITIES[fallback] : ENTITIES[id]
}

function hourlyRateSpec(context: DesignContext): TermSpec {
  const { texts } = context
  return {
    role: 'hourlyRate',
    name: 'hourlyRate',
    label: texts.say('Hourly rate', 'Timpris'),
    unit: texts.hourlyUnit(CURRENCY_SYMBOLS[context.currency]),
    quantity: 'money',
    assumption: 50,
    hourly: true,
  }
}

/** Shared shapes of the key metrics: the period's value, the yearly value and one more figure. */
function periodMetrics(props: {
  readonly period: TimeframePeriod
  readonly currency: Currency
  readonly valueName: string
  readonly valueLabel: string
  readonly valueFormula: string
  readonly yearlyName: string
  readonly yearlyLabel: string
  readonly extra?: Metric
  readonly extraFirst?: boolean
}): Metric[] {
  const money = moneyMetric(props.currency)
  const factor = TIMEFRAME_FACTORS[props.period].yearly
  const yearly = props.period === 'yearly'
  const metrics: Metric[] = [{ name: props.valueName, label: props.valueLabel, formula: props.valueFormula, ...money, highlight: yearly }]
  if (!yearly)
    metrics.push({ name: props.yearlyName, label: props.yearlyLabel, formula: `${props.valueName} * ${factor}`, ...money, highlight: true })
  if (props.extra !== undefined) {
    if (props.extraFirst === true) metrics.unshift(props.extra)
    else metrics.push(props.extra)
  }
  return metrics
}

function timeSavings(choice: RecipeChoice, context: DesignContext): Design {
  const { texts, currency } = context
  const hours = choice.picks.get('hours')
  const rate = choice.picks.get('hourlyRate')
  const people = choice.picks.get('people')
  const period = timeframeOf(hours?.per, 'weekly')
  const noun = texts.periodNoun(period)
  const P = PERIOD_CAMEL[period]
  const saved = hours === undefined || SAVING_WORDS.countIn(hours.words) > 0
  const hoursEntity = hours?.perEntity
  const peopleEntity = entityOf(
    people?.entity ??
      (hoursEntity !== undefined && hoursEntity !== 'thousand' && ['staff', 'user'].includes(ENTITIES[hoursEntity].group)
        ? hoursEntity
        : undefined),
    'person',
  )
  const perPersonNote = hours !== undefined && hours.perEntity === undefined ? [texts.perPersonReading] : []
  const terms: [Term, Term, Term] = [
    makeTerm(
      {
        role: 'hours',
        name: saved ? `hoursSavedPer${P}` : `hoursPer${P}`,
        label: saved
          ? texts.say(`Hours saved per ${noun} per person`, `Sparade timmar per ${noun} och person`)
          : texts.say(`Hours per ${noun} per person`, `Timmar per ${noun} och person`),
        unit: texts.hoursUnit(period),
        quantity: 'hours',
        assumption: ASSUMED_HOURS_SAVED[period],
        hoursCap: HOURS_CAP[period],
        notes: perPersonNote,
      },
      hours,
      context,
    ),
    makeTerm(hourlyRateSpec(context), rate, context),
    makeTerm(
      {
        role: 'people',
        name: `numberOf${capitalize(peopleEntity.en.many)}`,
        label: texts.say(`Number of ${peopleEntity.en.many}`, `Antal ${peopleEntity.sv.many}`),
        unit: texts.many(peopleEntity),
        quantity: 'people',
        assumption: 5,
      },
      people,
      context,
    ),
  ]
  const result = saved
    ? texts.say(`Money saved per ${noun}`, `Besparing per ${noun}`)
    : texts.say(`Value of the hours per ${noun}`, `Värdet av timmarna per ${noun}`)
  return {
    recipe: 'timeSavings',
    period,
    valueType: 'moneySaved',
    terms,
    result,
    formula: (a, b, c) => `${a} * ${b} * ${c}`,
    explain: (a, b, c) => `${result} = ${a} × ${b} × ${c}.`,
    metrics: (a, b, c) =>
      periodMetrics({
        period,
        currency,
        valueName: saved ? `savingsPer${P}` : `valuePer${P}`,
        valueLabel: result,
        valueFormula: `${a} * ${b} * ${c}`,
        yearlyName: saved ? 'yearlySavings' : 'yearlyValue',
        yearlyLabel: saved ? texts.say('Yearly savings', 'Årlig besparing') : texts.say('Yearly value', 'Årligt värde'),
        extra: {
          name: saved ? 'teamHoursSavedPerYear' : 'teamHoursPerYear',
          label: saved ? texts.say('Hours saved per year', 'Sparade timmar per år') : texts.say('Hours per year', 'Timmar per år'),
          formula: `${a} * ${c} * ${TIMEFRAME_FACTORS[period].yearly}`,
          unit: texts.hoursWord,
          highlight: true,
        },
      }),
  }
}

function volumeTime(choice: RecipeChoice, context: DesignContext): Design {
  const { texts, currency } = context
  const units = choice.picks.get('units')
  const minutes = choice.picks.get('minutesPerUnit')
  const rate = choice.picks.get('hourlyRate')
  const period = timeframeOf(units?.per, 'monthly')
  const noun = texts.periodNoun(period)
  const P = PERIOD_CAMEL[period]
  const entity = entityOf(units?.entity ?? minutes?.perEntity, 'document')
  const terms: [Term, Term, Term] = [
    makeTerm(
      {
        role: 'units',
        name: `${entity.en.many}Per${P}`,
        label: texts.say(`${capitalize(entity.en.many)} per ${noun}`, `${capitalize(entity.sv.many)} per ${noun}`),
        unit: texts.many(entity),
        quantity: 'count',
        assumption: 200,
      },
      units,
      context,
    ),
    makeTerm(
      {
        role: 'minutesPerUnit',
        name: `minutesSavedPer${capitalize(entity.en.one)}`,
        label: texts.say(`Minutes saved per ${entity.en.one}`, `Sparade minuter per ${entity.sv.one}`),
        unit: texts.minutesWord,
        quantity: 'minutes',
        assumption: 10,
      },
      minutes,
      context,
    ),
    makeTerm(hourlyRateSpec(context), rate, context),
  ]
  const result = texts.say(`Money saved per ${noun}`, `Besparing per ${noun}`)
  return {
    recipe: 'volumeTime',
    period,
    valueType: 'moneySaved',
    terms,
    result,
    formula: (a, b, c) => `${a} * ${b} / 60 * ${c}`,
    explain: (a, b, c) => `${result} = ${a} × ${b} ÷ 60 × ${c}.`,
    metrics: (a, b, c) =>
      periodMetrics({
        period,
        currency,
        valueName: `savingsPer${P}`,
        valueLabel: result,
        valueFormula: `hoursSavedPer${P} * ${c}`,
        yearlyName: 'yearlySavings',
        yearlyLabel: texts.say('Yearly savings', 'Årlig besparing'),
        extraFirst: true,
        extra: {
          name: `hoursSavedPer${P}`,
          label: texts.say(`Hours saved per ${noun}`, `Sparade timmar per ${noun}`),
          formula: `${a} * ${b} / 60`,
          unit: texts.hoursWord,
          highlight: true,
        },
      }),
  }
}

function revenueUplift(choice: RecipeChoice, context: DesignContext): Design {
  const { texts, currency, reading } = context
  const revenue = choice.picks.get('revenue')
  const uplift = choice.picks.get('uplift')
  const keep = choice.picks.get('keep')
  const period = timeframeOf(revenue?.per, 'monthly')
  const noun = texts.periodNoun(period)
  const P = PERIOD_CAMEL[period]
  const share = keep !== undefined || reading.revenueShare
  const terms: [Term, Term, Term] = [
    makeTerm(
      {
        role: 'revenue',
        name: `revenuePer${P}`,
        label: texts.say(`Revenue per ${noun}`, `Intäkter per ${noun}`),
        unit: CURRENCY_SYMBOLS[currency],
        quantity: 'money',
        assumption: 50_000,
      },
      revenue,
      context,
    ),
    makeTerm(
      {
        role: 'uplift',
        name: 'revenueIncreasePercent',
        label: texts.say('Revenue increase (%)', 'Ökning av intäkterna (%)'),
        unit: '%',
        quantity: 'percent',
        assumption: 10,
      },
      uplift,
      context,
    ),
    makeTerm(
      share
        ? {
            role: 'keep',
            name: 'yourSharePercent',
            label: texts.say('Your share of the added revenue (%)', 'Er andel av de ökade intäkterna (%)'),
            unit: '%',
            quantity: 'percent',
            assumption: 50,
          }
        : {
            role: 'keep',
            name: 'grossMarginPercent',
            label: texts.say('Gross margin (%)', 'Bruttomarginal (%)'),
            unit: '%',
            quantity: 'percent',
            assumption: 40,
          },
      keep,
      context,
    ),
  ]
  const result = share
    ? texts.say(`Your added revenue per ${noun}`, `Era ökade intäkter per ${noun}`)
    : texts.say(`Added gross profit per ${noun}`, `Ökad bruttovinst per ${noun}`)
  return {
    recipe: 'revenueUplift',
    period,
    valueType: 'moneyGained',
    terms,
    result,
    formula: (a, b, c) => `${a} * ${b} / 100 * ${c} / 100`,
    explain: (a, b, c) => `${result} = ${a} × ${b} × ${c}.`,
    metrics: (a, b, c) =>
      periodMetrics({
        period,
        currency,
        valueName: `gainPer${P}`,
        valueLabel: result,
        valueFormula: `addedRevenuePer${P} * ${c} / 100`,
        yearlyName: 'yearlyGain',
        yearlyLabel: share
          ? texts.say('Your added revenue per year', 'Era ökade intäkter per år')
          : texts.say('Added gross profit per year', 'Ökad bruttovinst per år'),
        extraFirst: true,
        extra: {
          name: `addedRevenuePer${P}`,
          label: texts.say(`Added revenue per ${noun}`, `Ökade intäkter per ${noun}`),
          formula: `${a} * ${b} / 100`,
          ...moneyMetric(currency),
          highlight: period !== 'yearly',
        },
      }),
  }
}

function audienceConversion(choice: RecipeChoice, context: DesignContext): Design {
  const { texts, currency } = context
  const audience = choice.picks.get('audience')
  const conversion = choice.picks.get('conversion')
  const deal = choice.picks.get('dealValue')
  const period = timeframeOf(audience?.per, 'yearly')
  const noun = texts.periodNoun(period)
  const P = PERIOD_CAMEL[period]
  const entity = entityOf(audience?.entity, 'lead')
  const terms: [Term, Term, Term] = [
    makeTerm(
      {
        role: 'audience',
        name: `${entity.en.many}Per${P}`,
        label: texts.say(`${capitalize(entity.en.many)} per ${noun}`, `${capitalize(entity.sv.many)} per ${noun}`),
        unit: texts.many(entity),
        quantity: 'count',
        assumption: 500,
      },
      audience,
      context,
    ),
    makeTerm(
      {
        role: 'conversion',
        name: 'conversionRatePercent',
        label: texts.say('Share who become customers (%)', 'Andel som blir kunder (%)'),
        unit: '%',
        quantity: 'percent',
        assumption: 2,
      },
      conversion,
      context,
    ),
    makeTerm(
      {
        role: 'dealValue',
        name: 'averageDealValue',
        label: texts.say('Average value per new customer', 'Genomsnittligt värde per ny kund'),
        unit: CURRENCY_SYMBOLS[currency],
        quantity: 'money',
        assumption: 2_000,
      },
      deal,
      context,
    ),
  ]
  const result = texts.say(`Revenue from new customers per ${noun}`, `Intäkter från nya kunder per ${noun}`)
  return {
    recipe: 'audienceConversion',
    period,
    valueType: 'moneyGained',
    terms,
    result,
    formula: (a, b, c) => `${a} * ${b} / 100 * ${c}`,
    explain: (a, b, c) => `${result} = ${a} × ${b} × ${c}.`,
    metrics: (a, b, c) => [
      {
        name: `newCustomersPer${P}`,
        label: texts.say(`New customers per ${noun}`, `Nya kunder per ${noun}`),
        formula: `${a} * ${b} / 100`,
        unit: texts.say('customers', 'kunder'),
        highlight: true,
      },
      { name: 'revenueFromNewCustomers', label: result, formula: `newCustomersPer${P} * ${c}`, ...moneyMetric(currency), highlight: true },
    ],
  }
}

function unitValue(choice: RecipeChoice, context: DesignContext): Design {
  const { texts, currency } = context
  const price = choice.picks.get('unitPrice')
  const quantity = choice.picks.get('quantity')
  const groups = choice.picks.get('groups')
  const symbol = CURRENCY_SYMBOLS[currency]
  const teams: TermSpec = {
    role: 'groups',
    name: 'numberOfTeams',
    label: texts.say('Number of teams or sites', 'Antal team eller enheter'),
    unit: texts.say('teams', 'team'),
    quantity: 'people',
    assumption: 1,
  }
  if (price?.perEntity === 'thousand') {
    const terms: [Term, Term, Term] = [
      makeTerm(
        {
          role: 'quantity',
          name: 'impressionsPerCampaign',
          label: texts.say('Impressions per campaign', 'Visningar per kampanj'),
          unit: texts.say('impressions', 'visningar'),
          quantity: 'count',
          assumption: 100_000,
        },
        quantity,
        context,
      ),
      makeTerm(
        {
          role: 'unitPrice',
          name: 'cpm',
          label: texts.say('Price per 1,000 impressions (CPM)', 'Pris per 1 000 visningar (CPM)'),
          unit: symbol,
          quantity: 'money',
          assumption: 20,
        },
        price,
        context,
      ),
      makeTerm(
        {
          role: 'groups',
          name: 'campaignsPerMonth',
          label: texts.say('Campaigns per month', 'Kampanjer per månad'),
          unit: texts.say('campaigns', 'kampanjer'),
          quantity: 'people',
          assumption: 1,
        },
        groups,
        context,
      ),
    ]
    const result = texts.say('Media value per month', 'Medievärde per månad')
    return {
      recipe: 'unitValue',
      period: 'monthly',
      valueType: 'moneyGained',
      terms,
      result,
      formula: (a, b, c) => `${a} / 1000 * ${b} * ${c}`,
      explain: (a, b, c) => `${result} = ${a} ÷ ${texts.say('1,000', '1 000')} × ${b} × ${c}.`,
      metrics: (a, b, c) =>
        periodMetrics({
          period: 'monthly',
          currency,
          valueName: 'mediaValuePerMonth',
          valueLabel: result,
          valueFormula: `${a} / 1000 * ${b} * ${c}`,
          yearlyName: 'yearlyMediaValue',
          yearlyLabel: texts.say('Media value per year', 'Medievärde per år'),
          extra: {
            name: 'impressionsPerMonth',
            label: texts.say('Impressions per month', 'Visningar per månad'),
            formula: `${a} * ${c}`,
            unit: texts.say('impressions', 'visningar'),
            highlight: false,
          },
        }),
    }
  }
  const entity = entityOf(price?.perEntity, 'item')
  const stock = price?.per !== undefined
  const period = timeframeOf(price?.per ?? quantity?.per, 'monthly')
  const noun = texts.periodNoun(period)
  const P = PERIOD_CAMEL[period]
  const terms: [Term, Term, Term] = [
    makeTerm(
      stock
        ? {
            role: 'quantity',
            name: `numberOf${capitalize(entity.en.many)}`,
            label: texts.say(`Number of ${entity.en.many}`, `Antal ${entity.sv.many}`),
            unit: texts.many(entity),
            quantity: 'count',
            assumption: 100,
          }
        : {
            role: 'quantity',
            name: `${entity.en.many}Per${P}`,
            label: texts.say(`${capitalize(entity.en.many)} per ${noun}`, `${capitalize(entity.sv.many)} per ${noun}`),
            unit: texts.many(entity),
            quantity: 'count',
            assumption: 100,
          },
      quantity,
      context,
    ),
    makeTerm(
      {
        role: 'unitPrice',
        name: stock ? `pricePer${capitalize(entity.en.one)}Per${P}` : `pricePer${capitalize(entity.en.one)}`,
        label: stock
          ? texts.say(`Price per ${entity.en.one} per ${noun}`, `Pris per ${entity.sv.one} och ${noun}`)
          : texts.say(`Price per ${entity.en.one}`, `Pris per ${entity.sv.one}`),
        unit: symbol,
        quantity: 'money',
        assumption: 20,
      },
      price,
      context,
    ),
    makeTerm(teams, groups, context),
  ]
  const result = texts.say(`Value per ${noun}`, `Värde per ${noun}`)
  return {
    recipe: 'unitValue',
    period,
    valueType: 'moneyGained',
    terms,
    result,
    formula: (a, b, c) => `${a} * ${b} * ${c}`,
    explain: (a, b, c) => `${result} = ${a} × ${b} × ${c}.`,
    metrics: (a, b, c) =>
      periodMetrics({
        period,
        currency,
        valueName: `valuePer${P}`,
        valueLabel: result,
        valueFormula: `${a} * ${b} * ${c}`,
        yearlyName: 'yearlyValue',
        yearlyLabel: texts.say('Yearly value', 'Årligt värde'),
        extra: {
          name: `total${capitalize(entity.en.many)}`,
          label: texts.say(`Total ${entity.en.many}`, `Totalt antal ${entity.sv.many}`),
          formula: `${a} * ${c}`,
          unit: texts.many(entity),
          highlight: false,
        },
      }),
  }
}

/** How a stated amount becomes a cost per period: its own period, a share of its years, or the total as a year's cost. */
function statedCostSpec(
  stated: StatedAmount,
  period: TimeframePeriod,
  context: DesignContext,
): Pick<TermSpec, 'notes' | 'divideBy' | 'quoteAlso'> {
  const { texts } = context
  // As the text writes it, without a sentence's full stop ("2 500 000 kr.").
  const amount = stated.figure.text.replace(/\s+/g, ' ').replace(/\.$/, '')
  if (stated.figure.per !== undefined) return {}
  if (stated.span !== undefined) {
    const { span } = stated
    const count = formatNumber(span.count, texts.language)
    const unit =
      span.unit === 'year'
        ? texts.say(span.count === 1 ? 'year' : 'years', 'år')
        : texts.say(span.count === 1 ? 'month' : 'months', span.count === 1 ? 'månad' : 'månader')
    return {
      notes: [texts.statedOverYears(amount, `${count} ${unit}`, formatNumber(span.years, texts.language))],
      divideBy: span.years,
      quoteAlso: { start: span.start, end: span.end },
    }
  }
  return { notes: [texts.statedTotal(amount, texts.periodNoun(period))] }
}

function costReduction(choice: RecipeChoice, context: DesignContext): Design {
  const { texts, currency } = context
  const cost = choice.picks.get('currentCost')
  const reduction = choice.picks.get('reduction')
  const groups = choice.picks.get('groups')
  const stated = choice.stated !== undefined && choice.stated.figure === cost ? choice.stated : undefined
  // A stated total without a period of its own is a yearly cost (a share of its years, or the total).
  const period = stated !== undefined && cost?.per === undefined ? 'yearly' : timeframeOf(cost?.per, 'monthly')
  const noun = texts.periodNoun(period)
  const P = PERIOD_CAMEL[period]
  const costSpec: TermSpec =
    stated === undefined
      ? {
          role: 'currentCost',
          name: `currentCostPer${P}`,
          label: texts.say(`Current cost per ${noun}`, `Nuvarande kostnad per ${noun}`),
          unit: CURRENCY_SYMBOLS[currency],
          quantity: 'money',
          assumption: 10_000,
        }
      : {
          role: 'currentCost',
          name: `costPer${P}`,
          label: texts.say(`Cost per ${noun}`, `Kostnad per ${noun}`),
          unit: CURRENCY_SYMBOLS[currency],
          quantity: 'money',
          assumption: 10_000,
          ...statedCostSpec(stated, period, context),
        }
  const terms: [Term, Term, Term] = [
    makeTerm(costSpec, cost, context),
    makeTerm(
      {
        role: 'reduction',
        name: 'costReductionPercent',
        label: texts.say('Cost reduction (%)', 'Kostnadsminskning (%)'),
        unit: '%',
        quantity: 'percent',
        assumption: 15,
      },
      reduction,
      context,
    ),
    makeTerm(
      {
        role: 'groups',
        name: 'numberOfTeams',
        label: texts.say('Number of teams or sites', 'Antal team eller enheter'),
        unit: texts.say('teams', 'team'),
        quantity: 'people',
        assumption: 1,
      },
      groups,
      context,
    ),
  ]
  const result = texts.say(`Money saved per ${noun}`, `Besparing per ${noun}`)
  return {
    recipe: 'costReduction',
    period,
    valueType: 'moneySaved',
    terms,
    result,
    formula: (a, b, c) => `${a} * ${b} / 100 * ${c}`,
    explain: (a, b, c) => `${result} = ${a} × ${b} × ${c}.`,
    metrics: (a, b, c) =>
      periodMetrics({
        period,
        currency,
        valueName: `savingsPer${P}`,
        valueLabel: result,
        valueFormula: `${a} * ${b} / 100 * ${c}`,
        yearlyName: 'yearlySavings',
        yearlyLabel: texts.say('Yearly savings', 'Årlig besparing'),
        extra: {
          name: `costAfterReductionPer${P}`,
          label: texts.say(`Cost after the reduction per ${noun}`, `Kostnad efter minskningen per ${noun}`),
          formula: `${a} * ${c} - savingsPer${P}`,
          ...moneyMetric(currency),
          highlight: false,
        },
      }),
  }
}

export function designFor(choice: RecipeChoice, context: DesignContext): Design {
  switch (choice.recipe) {
    case 'timeSavings':
      return timeSavings(choice, context)
    case 'volumeTime':
      return volumeTime(choice, context)
    case 'revenueUplift':
      return revenueUplift(choice, context)
    case 'audienceConversion':
      return audienceConversion(choice, context)
    case 'unitValue':
      return unitValue(choice, context)
    case 'costReduction':
      return costReduction(choice, context)
  }
}

/** A number as formula text ("1563", "0.173"). */
function literal(value: number): string {
  const text = String(value)
  return text.includes('e') ? value.toFixed(0) : text
}

function explanationFor(design: Design, sliders: ReadonlySet<number>, context: DesignContext, valueCalculator: boolean): string {
  const { texts, inputKind } = context
  const [first, second, third] = design.terms
  const sentences: string[] = []
  if (valueCalculator) {
    const [a, b, c] = design.terms.map((term) => term.name) as [string, string, string]
    const highlighted = design
      .metrics(a, b, c)
      .filter((metric) => metric.highlight)
      .map((metric) => uncapitalize(metric.label))
    sentences.push(`${texts.keyMetrics}: ${highlighted.join(', ')}.`)
  }
  sentences.push(design.explain(first.phrase, second.phrase, third.phrase))
  const constants = design.terms.filter((_, index) => !sliders.has(index))
  if (constants.length > 0) {
    const listed = constants.map((term) => {
      const origin =
        term.figure === undefined
          ? texts.assumed
          : inputKind === 'document'
            ? texts.constantFromDocument(term.figure.page)
            : texts.constantFromDescription
      return `${term.phrase} = ${term.display} (${origin})`
    })
    sentences.push(`${texts.heldConstant}: ${listed.join(', ')}.`)
  }
  const sliderTerms = design.terms.filter((_, index) => sliders.has(index))
  const backed = sliderTerms.filter((term) => term.figure !== undefined)
  if (backed.length > 0) {
    const listed = backed.map((term) =>
      inputKind === 'document' && term.figure !== undefined ? `${term.phrase} (${texts.pageShort(term.figure.page)})` : term.phrase,
    )
    sentences.push(`${texts.takenFrom(inputKind)}: ${listed.join(', ')}.`)
  }
  const assumed = sliderTerms.filter((term) => term.figure === undefined)
  if (assumed.length > 0) sentences.push(`${texts.assumptionsToAdjust}: ${assumed.map((term) => term.phrase).join(', ')}.`)
  let explanation = sentences.join(' ')
  // SPEC §9: "per month" in the explanation makes the result monthly; say it only when it is.
  if (design.period !== 'monthly' && isSubscription(explanation)) {
    explanation = explanation
      .replace(/per(\s+)month/gi, 'a$1month')
      .replace(/per(\s+)månad/gi, 'i$1månaden')
      .replace(/subscription/gi, 'plan')
  }
  return explanation
}

export interface AssembleProps {
  readonly design: Design
  readonly complexity: GenerationComplexity
  readonly name: string
  readonly description: string
  readonly context: DesignContext
}

/** Which terms become parameters: backed by the text first, then in formula order. */
export function sliderIndexes(design: Design, complexity: Exclude<GenerationComplexity, 'value'>): Set<number> {
  const order = [0, 1, 2].sort((a, b) => {
    const backedA = design.terms[a]?.figure === undefined ? 1 : 0
    const backedB = design.terms[b]?.figure === undefined ? 1 : 0
    return backedA - backedB || a - b
  })
  return new Set(order.slice(0, SLIDERS_PER_COMPLEXITY[complexity]))
}

/** The calculator definition (before validation) for one complexity. */
export function assembleCalculator(props: AssembleProps): CalculatorDataInput {
  const { design, complexity, name, description, context } = props
  const valueCalculator = complexity === 'value'
  const sliders = valueCalculator ? new Set([0, 1, 2]) : sliderIndexes(design, complexity)
  const write = (index: number): string => {
    const term = design.terms[index]
    if (term === undefined) return '0'
    return sliders.has(index) ? term.name : literal(term.value)
  }
  const parameters = design.terms
    .filter((_, index) => sliders.has(index))
    .map((term) => ({
      name: term.name,
      label: term.label,
      description: term.description,
      unit: term.unit,
      type: valueCalculator ? ('number' as const) : ('slider' as const),
      min: term.range.min,
      max: term.range.max,
      step: term.range.step > 0 ? term.range.step : SLIDER_DEFAULTS.step,
      defaultValue: term.value,
      source: term.source,
    }))
  const [a, b, c] = [write(0), write(1), write(2)]
  return {
    name,
    description,
    formula: design.formula(a, b, c),
    explanation: explanationFor(design, sliders, context, valueCalculator),
    parameters,
    baseCurrency: context.currency,
    baseTimeframe: design.period,
    valueType: design.valueType,
    complexity,
    calculatorType: valueCalculator ? 'value' : 'standard',
    valueFields: valueCalculator
      ? design.metrics(a, b, c).map((metric) => ({
          name: metric.name,
          label: metric.label,
          calculated: true,
          formula: metric.formula,
          unit: metric.unit ?? null,
          prefix: metric.prefix ?? null,
          highlight: metric.highlight,
        }))
      : [],
  }
}
