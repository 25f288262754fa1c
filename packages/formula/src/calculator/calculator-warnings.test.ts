import { describe, expect, it } from 'vitest'
import { validateCalculatorData, type CalculatorData, type CalculatorDataInput } from './calculator-data.ts'
import { calculatorWarnings, shareChecks } from './calculator-warnings.ts'

type ParameterInput = CalculatorDataInput['parameters'][number]

function valid(input: CalculatorDataInput): CalculatorData {
  const result = validateCalculatorData(input)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.calculatorData
}

const quoted = (quote: string) => ({ kind: 'description', quote }) as const
const assumed = { kind: 'assumption', note: 'An assumption: adjust it to the customer.' } as const
const PRICE_QUOTE = 'Our price is $4,900 per month.'

/** An office cleaning offer: the in-house cleaning it replaces, fewer sick days, and its price. */
function cleaning(overrides: Partial<CalculatorDataInput> = {}): CalculatorData {
  return valid({
    name: 'Office cleaning',
    formula: 'inHouseCostPerMonth * 12 + sickDaysPerYear * (sickDayReduction / 100) * costPerSickDay',
    parameters: [
      {
        name: 'inHouseCostPerMonth',
        label: 'In-house cleaning per month',
        unit: 'USD',
        min: 0,
        max: 20000,
        step: 100,
        defaultValue: 7500,
        source: quoted('$7,500 a month'),
      },
      {
        name: 'sickDaysPerYear',
        label: 'Sick days per year',
        min: 0,
        max: 2000,
        step: 10,
        defaultValue: 480,
        source: quoted('480 sick days a year'),
      },
      {
        name: 'sickDayReduction',
        label: 'Fewer sick days (%)',
        unit: '%',
        min: 0,
        max: 100,
        step: 1,
        defaultValue: 15,
        source: quoted('15% fewer sick days'),
      },
      {
        name: 'costPerSickDay',
        label: 'Cost of a sick day',
        unit: 'USD',
        min: 0,
        max: 1000,
        step: 10,
        defaultValue: 250,
        source: quoted('about $250'),
      },
      {
        name: 'pricePerMonth',
        label: 'Price per month',
        unit: 'USD',
        min: 0,
        max: 20000,
        step: 100,
        defaultValue: 4900,
        source: quoted(PRICE_QUOTE),
      },
    ],
    baseCurrency: 'USD',
    baseTimeframe: 'yearly',
    valueType: 'moneySaved',
    price: { amount: 58_800, period: 'year', formula: 'pricePerMonth * 12', source: quoted(PRICE_QUOTE) },
    ...overrides,
  })
}

/** Intl writes Swedish groups with no-break spaces. */
const spaced = (text: string | undefined) => text?.replace(/[\u00A0\u202F]/g, ' ')

const codes = (data: CalculatorData, values?: Record<string, number>) =>
  calculatorWarnings(data, values === undefined ? {} : { values }).map((warning) => warning.code)

describe('calculatorWarnings', () => {
  it('finds nothing in a calculator a seller can stand behind', () => {
    // $90,000 + $18,000 a year against $58,800 a year.
    expect(calculatorWarnings(cleaning())).toEqual([])
  })

  it('flags a price above the value, with the 3-year figures, and judges the values it is given', () => {
    const data = cleaning()
    const [warning] = calculatorWarnings(data, { values: { inHouseCostPerMonth: 0 } })
    // $18,000 a year: $54,000 over 3 years against $176,400.
    expect(warning).toEqual({
      code: 'price_above_value',
      message: 'The price is more than the value: over 3 years it costs $176,400 and the value is $54,000, a net value of -$122,400.',
    })
    expect(codes(data, { inHouseCostPerMonth: 7500 })).toEqual([])
  })

  it('flags a negative value per year (and not also the price)', () => {
    const data = cleaning({ formula: 'sickDaysPerYear * (sickDayReduction / 100) * costPerSickDay - inHouseCostPerMonth * 12' })
    const warnings = calculatorWarnings(data)
    expect(warnings.map((warning) => warning.code)).toEqual(['negative_value'])
    expect(warnings[0]?.message).toBe(
      'At these figures the calculator shows a negative value: -$72,000 a year. Check the inputs before you share it.',
    )
  })

  it('flags the offer’s price inside the value: added, subtracted a second time, or used otherwise', () => {
    expect(calculatorWarnings(cleaning({ formula: 'inHouseCostPerMonth * 12 + pricePerMonth * 12' }))).toEqual([
      {
        code: 'cost_as_value',
        message: "'Price per month' is the offer's price, but the value formula counts it as value. Take it out of the formula.",
        inputs: ['pricePerMonth'],
      },
    ])
    const twice = calculatorWarnings(cleaning({ formula: 'inHouseCostPerMonth * 12 * 3 - pricePerMonth * 12' }))
    expect(twice.map((warning) => warning.code)).toEqual(['cost_as_value'])
    expect(twice[0]?.message).toContain('it is counted twice')
    const divided = calculatorWarnings(cleaning({ formula: 'inHouseCostPerMonth * 12 * 10 / pricePerMonth' }))
    expect(divided.find((warning) => warning.code === 'cost_as_value')?.message).toContain('the value formula uses it')
  })

  it('knows the price by its quote when the price has no formula', () => {
    const data = cleaning({
      formula: 'inHouseCostPerMonth * 12 + pricePerMonth * 12',
      price: { amount: 58_800, period: 'year', source: quoted(PRICE_QUOTE) },
    })
    expect(codes(data)).toEqual(['cost_as_value'])
    // The same passage, another figure: not the price.
    const other = cleaning({
      formula: 'inHouseCostPerMonth * 12 + pricePerMonth * 12',
      price: { amount: 30_000, period: 'year', source: quoted(PRICE_QUOTE) },
    })
    expect(codes(other)).toEqual([])
  })

  it('does not take a count the price is multiplied by for the price', () => {
    const data = valid({
      name: 'Site diary',
      formula: '(before - after) / 60 * managers * daysPerYear * hourlyCost',
      parameters: [
        { name: 'before', label: 'Minutes before', min: 0, max: 100, step: 1, defaultValue: 40, source: quoted('from 40 minutes') },
        { name: 'after', label: 'Minutes after', min: 0, max: 100, step: 1, defaultValue: 10, source: quoted('to 10 minutes') },
        {
          name: 'managers',
          label: 'Site managers',
          unit: 'people',
          min: 0,
          max: 100,
          step: 1,
          defaultValue: 14,
          source: quoted('14 site managers'),
        },
        { name: 'daysPerYear', label: 'Days a year', min: 0, max: 365, step: 1, defaultValue: 220, source: quoted('220 days a year') },
        {
          name: 'hourlyCost',
          label: 'Cost of an hour',
          unit: 'USD',
          min: 0,
          max: 200,
          step: 1,
          defaultValue: 65,
          source: quoted('$65/hour'),
        },
        {
          name: 'pricePerUser',
          label: 'Price per user per month',
          unit: 'USD',
          min: 0,
          max: 100,
          step: 1,
          defaultValue: 29,
          source: quoted('$29 per user per month'),
        },
      ],
      baseCurrency: 'USD',
      baseTimeframe: 'yearly',
      price: { amount: 4872, period: 'year', formula: 'pricePerUser * managers * 12', source: quoted('$29 per user per month') },
    })
    expect(calculatorWarnings(data)).toEqual([])
  })

  it('flags a value with no stated figure behind it; the price’s inputs and the seller’s own inputs do not count', () => {
    const people = { name: 'people', label: 'People affected', min: 0, max: 100, step: 1, defaultValue: 5 }
    const parameters = (first: ParameterInput) => [
      first,
      { name: 'hours', label: 'Hours saved per person a week', min: 0, max: 20, step: 1, defaultValue: 2, source: assumed },
      { name: 'weeks', label: 'Working weeks a year', min: 0, max: 52, step: 1, defaultValue: 46, source: assumed },
      { name: 'hourlyCost', label: 'Cost per working hour', min: 0, max: 200, step: 1, defaultValue: 50, source: assumed },
      {
        name: 'pricePerMonth',
        label: 'Price per month',
        unit: 'USD',
        min: 0,
        max: 5000,
        step: 10,
        defaultValue: 490,
        source: quoted('$490 a month'),
      },
    ]
    const calculator = (first: ParameterInput) =>
      valid({
        name: 'Assumed',
        formula: 'people * hours * weeks * hourlyCost',
        parameters: parameters(first),
        baseTimeframe: 'yearly',
        price: { amount: 5880, period: 'year', formula: 'pricePerMonth * 12', source: quoted('$490 a month') },
      })
    expect(codes(calculator({ ...people, source: assumed }))).toEqual(['all_assumed'])
    // The seller moved an assumed input to the prospect's figure: that figure is the seller's own.
    expect(codes(calculator({ ...people, source: assumed }), { people: 12 })).toEqual([])
    expect(codes(calculator({ ...people, source: quoted('5 people') }))).toEqual([])
    const own = calculator(people)
    expect(codes(own)).toEqual([])
  })

  it('judges a value calculator by its key metrics', () => {
    const data = valid({
      name: 'Value',
      formula: '',
      calculatorType: 'value',
      parameters: [],
      baseCurrency: 'SEK',
      language: 'sv',
      valueFields: [
        { name: 'saving', label: 'Besparing per år', defaultValue: 100_000, calculated: false, unit: 'SEK' },
        { name: 'pricePerMonth', label: 'Pris per månad', defaultValue: 12_500, calculated: false, unit: 'SEK' },
        { name: 'pricePerYear', label: 'Pris per år', calculated: true, formula: 'pricePerMonth * 12', unit: 'SEK' },
        {
          name: 'netValuePerYear',
          label: 'Nettovärde per år',
          calculated: true,
          formula: 'saving - pricePerYear',
          unit: 'SEK',
          highlight: true,
        },
      ],
    })
    const warnings = calculatorWarnings(data)
    expect(warnings.map((warning) => warning.code)).toEqual(['negative_value'])
    expect(spaced(warnings[0]?.message)).toBe(
      "'Nettovärde per år' är negativt med de här siffrorna: −50 000 kr. Kontrollera indata innan du delar den.",
    )
  })

  it('speaks the calculator’s language and writes money as the screen does', () => {
    const data = cleaning({ language: 'sv', baseCurrency: 'SEK', price: { amount: 588_000, period: 'year', source: { kind: 'entered' } } })
    const [warning] = calculatorWarnings(data)
    expect(spaced(warning?.message)).toBe(
      'Priset är högre än värdet: på 3 år kostar det 1 764 000 kr och värdet är 324 000 kr, ett nettovärde på −1 440 000 kr.',
    )
    const [onScreen] = calculatorWarnings(data, { display: { currency: 'USD', locale: 'en-US' } })
    expect(onScreen?.message).toContain('kostar det $169,344')
  })
})

describe('calculatorWarnings: hidden numbers', () => {
  it('flags a number in the formula that is not a unit conversion, once per number, in the calculator’s locale', () => {
    const data = cleaning({ formula: 'inHouseCostPerMonth * 12 * 0.85 + sickDaysPerYear * 0.15 * 250 + 0.85 * costPerSickDay / 60' })
    expect(calculatorWarnings(data)).toContainEqual({
      code: 'hidden_constant',
      message: 'The formula holds 0.85, 0.15 and 250 as fixed numbers the prospect cannot change. Make them inputs with their source.',
    })
  })

  it('accepts unit conversions, written rounded, and the wholes of a share', () => {
    const data = cleaning({
      formula:
        'inHouseCostPerMonth * 12 + sickDaysPerYear * (1 - sickDayReduction / 100) * costPerSickDay * 0.0328767 * 4.33 / 1000 * 10 * 3 - (100 - sickDayReduction)',
    })
    expect(codes(data)).not.toContain('hidden_constant')
  })
})

describe('shareChecks (issue 36)', () => {
  const assumedRate = (confirmed?: true) => ({ kind: 'assumption', note: 'A typical rate.', ...(confirmed ? { confirmed } : {}) }) as const

  it('names a result without a price and counts the assumptions the seller has not confirmed', () => {
    const data = cleaning({
      price: undefined,
      parameters: cleaning().parameters.map((parameter, index) => (index < 3 ? { ...parameter, source: assumedRate() } : parameter)),
    })
    expect(shareChecks(data)).toEqual([
      {
        code: 'no_price',
        message:
          'The calculator has no price: its ROI and payback are estimates that assume a cost, not your price. Enter the price before you share it.',
      },
      {
        code: 'unchecked_assumptions',
        message: '3 of 5 inputs are assumptions you have not confirmed. Check each figure, then confirm it or change it.',
        inputs: ['inHouseCostPerMonth', 'sickDaysPerYear', 'sickDayReduction'],
      },
    ])
  })

  it('drops a confirmed assumption from the count, and has nothing to say of a priced, sourced calculator', () => {
    const parameters = cleaning().parameters.map((parameter, index) =>
      index < 2 ? { ...parameter, source: assumedRate(index === 0 || undefined) } : parameter,
    )
    expect(shareChecks(cleaning({ parameters, language: 'sv' }))).toEqual([
      {
        code: 'unchecked_assumptions',
        message: '1 av 5 indata är ett antagande som du inte har bekräftat. Kontrollera varje siffra och bekräfta eller ändra den.',
        inputs: ['sickDaysPerYear'],
      },
    ])
    expect(shareChecks(cleaning())).toEqual([])
  })

  it('counts a confirmed assumption as the seller’s figure in “every input is an assumption”', () => {
    const data = (confirmed?: true) =>
      valid({
        name: 'Assumed',
        formula: 'hours * rate',
        parameters: [
          { name: 'hours', label: 'Hours', min: 0, max: 10, step: 1, defaultValue: 2, source: assumedRate(confirmed) },
          { name: 'rate', label: 'Rate', min: 0, max: 100, step: 1, defaultValue: 50, source: assumedRate() },
        ],
      })
    expect(codes(data())).toEqual(['all_assumed'])
    expect(codes(data(true))).toEqual([])
  })
})
