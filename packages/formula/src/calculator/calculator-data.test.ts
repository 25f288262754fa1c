import { describe, expect, it } from 'vitest'
import { calculatorDataSchema, validateCalculatorData, type CalculatorData, type CalculatorProblem } from './calculator-data.ts'

const minimal = {
  name: 'Reporting automation',
  formula: 'hoursSaved * hourlyRate',
  parameters: [
    { name: 'hoursSaved', label: 'Hours saved per day', defaultValue: 3 },
    { name: 'hourlyRate', label: 'Hourly rate', unit: '$', min: 10, max: 200, step: 5, defaultValue: 60 },
  ],
}

/** `expect.stringContaining`, typed: vitest declares its asymmetric matchers as answering `any`. */
const containing = (text: string): unknown => expect.stringContaining(text)

function valid(input: unknown): CalculatorData {
  const result = validateCalculatorData(input)
  if (!result.ok) throw new Error(`expected a valid definition: ${JSON.stringify(result.problems)}`)
  return result.calculatorData
}

function problems(input: unknown): CalculatorProblem[] {
  const result = validateCalculatorData(input)
  if (result.ok) throw new Error('expected problems')
  return result.problems
}

describe('SPEC §3 calculatorData defaults', () => {
  it('gives parameters the stored defaults: min 0, max 1,000,000, step 1,000', () => {
    const [hoursSaved] = valid(minimal).parameters
    expect(hoursSaved).toMatchObject({ min: 0, max: 1_000_000, step: 1_000, type: 'slider' })
  })

  it('keeps the values that are given', () => {
    const [, hourlyRate] = valid(minimal).parameters
    expect(hourlyRate).toMatchObject({ min: 10, max: 200, step: 5, defaultValue: 60, unit: '$' })
  })

  it("defaults 'baseCurrency … default USD', 'baseTimeframe … default daily', 'calculatorType … default standard'", () => {
    expect(valid(minimal)).toMatchObject({ baseCurrency: 'USD', baseTimeframe: 'daily', calculatorType: 'standard', valueFields: [] })
  })

  it('lists the four timeframes with the base timeframe’s multipliers when none are stored', () => {
    expect(valid(minimal).timeframes.map(({ period, multiplier }) => [period, multiplier])).toEqual([
      ['daily', 1],
      ['weekly', 7],
      ['monthly', 30],
      ['yearly', 365],
    ])
    expect(valid({ ...minimal, baseTimeframe: 'yearly' }).timeframes.find((timeframe) => timeframe.period === 'monthly')?.multiplier).toBe(
      1 / 12,
    )
  })

  it('reads null as not given, as generated definitions often carry it', () => {
    const data = valid({
      ...minimal,
      formula: 'hoursSaved * 60',
      valueType: null,
      complexity: null,
      parameters: [{ name: 'hoursSaved', label: 'Hours', unit: null, min: null, defaultValue: null }],
    })
    expect(data.valueType).toBeUndefined()
    expect(data.parameters[0]).toMatchObject({ min: 0, unit: undefined, defaultValue: undefined })
  })

  it('accepts every field of SPEC §3', () => {
    const full = valid({
      ...minimal,
      description: 'Saves time on weekly reports',
      explanation: 'Hours saved times the hourly rate',
      perUnitValue: 60,
      calculatedValues: { daily: 180, weekly: 1_260, monthly: 5_400, yearly: 65_700 },
      baseCurrency: 'SEK',
      baseTimeframe: 'weekly',
      timeframes: [{ period: 'weekly', multiplier: 1, display: true }],
      valueType: 'moneySaved',
      complexity: 'balanced',
      calculatorType: 'ai-calculated',
      valueFields: [
        {
          name: 'savings',
          label: 'Savings',
          calculated: true,
          formula: 'hoursSaved * hourlyRate',
          unit: 'kr',
          prefix: '',
          highlight: true,
        },
      ],
      branding: { companyName: 'Acme', companyLogo: 'https://example.com/logo.png', companyWebsite: 'https://example.com' },
    })
    expect(full).toMatchObject({
      baseCurrency: 'SEK',
      complexity: 'balanced',
      calculatorType: 'ai-calculated',
      branding: { companyName: 'Acme' },
    })
    expect(full.valueFields[0]).toMatchObject({ calculated: true, highlight: true })
  })
})

describe('calculatorData validation lists precise problems', () => {
  it('requires camelCase parameter names that are not reserved', () => {
    const found = problems({
      ...minimal,
      formula: '1',
      parameters: [
        { name: 'Hours Saved', label: 'x' },
        { name: 'hours_saved', label: 'x' },
        { name: 'constructor', label: 'x' },
      ],
    })
    expect(found).toEqual([
      { path: 'parameters[0].name', message: containing("'Hours Saved' is not a camelCase name") },
      { path: 'parameters[1].name', message: containing("'hours_saved' is not a camelCase name") },
      { path: 'parameters[2].name', message: containing("'constructor' is a reserved word") },
    ])
  })

  it('requires unique parameter names', () => {
    const found = problems({ ...minimal, parameters: [...minimal.parameters, { name: 'hoursSaved', label: 'again' }] })
    expect(found).toEqual([{ path: 'parameters[2].name', message: "'hoursSaved' is already the name of parameters[0]" }])
  })

  it('requires min ≤ defaultValue ≤ max and step > 0', () => {
    const found = problems({
      ...minimal,
      parameters: [
        { name: 'hoursSaved', label: 'x', min: 10, max: 5, step: 0, defaultValue: 20 },
        { name: 'hourlyRate', label: 'y', max: 100, defaultValue: 101 },
      ],
    })
    expect(found).toEqual(
      expect.arrayContaining([
        { path: 'parameters[0].step', message: 'step must be greater than 0' },
        { path: 'parameters[0].max', message: 'max (5) must not be less than min (10)' },
        { path: 'parameters[0].defaultValue', message: 'defaultValue (20) must be between min (10) and max (5)' },
        { path: 'parameters[1].defaultValue', message: 'defaultValue (101) must be between min (0) and max (100)' },
      ]),
    )
    expect(found).toHaveLength(4)
  })

  it('requires the formula to parse, and says where it does not', () => {
    expect(problems({ ...minimal, formula: 'hoursSaved * (hourlyRate' })).toEqual([
      { path: 'formula', message: "Missing ')' for the '(' at character 14" },
    ])
    expect(problems({ ...minimal, formula: "hoursSaved['constructor']" })[0]).toMatchObject({
      path: 'formula',
      message: containing('at character 11'),
    })
  })

  it('requires the formula to use only declared parameters and names the unknown ones', () => {
    expect(problems({ ...minimal, formula: 'hoursSaved * hourlyRate * employees + bonus' })).toEqual([
      { path: 'formula', message: "the formula uses unknown names 'employees', 'bonus' (declared: hoursSaved, hourlyRate)" },
    ])
  })

  it('requires a formula except for value calculators', () => {
    expect(problems({ ...minimal, formula: '  ' })).toEqual([{ path: 'formula', message: 'the formula is empty' }])
    expect(valid({ ...minimal, formula: '', calculatorType: 'value' }).formula).toBe('')
  })

  it('never accepts an empty select value (SPEC §5) and lists the allowed ones', () => {
    const found = problems({ ...minimal, baseCurrency: '', valueType: '', calculatorType: 'fancy' })
    expect(found).toEqual([
      { path: 'baseCurrency', message: 'must not be empty; choose one of SEK, USD, EUR' },
      { path: 'valueType', message: 'must not be empty; choose one of moneySaved, moneyGained' },
      { path: 'calculatorType', message: 'must be one of standard, value, ai-calculated' },
    ])
    expect(problems({ ...minimal, parameters: [{ name: 'hoursSaved', label: 'x', type: '' }] })[0]).toMatchObject({
      path: 'parameters[0].type',
    })
    expect(problems({ ...minimal, timeframes: [{ period: '', multiplier: 1 }] })[0]).toMatchObject({ path: 'timeframes[0].period' })
  })

  it('reports wrong types with their path', () => {
    expect(problems({ ...minimal, parameters: [{ name: 'hoursSaved', label: 'x', max: '100' }] })).toEqual([
      { path: 'parameters[0].max', message: containing('expected number') },
    ])
    expect(problems({ formula: 'a' })).toEqual(
      expect.arrayContaining([
        { path: 'name', message: containing('expected string') },
        { path: 'parameters', message: containing('expected array') },
      ]),
    )
    expect(problems('not a definition')).toEqual([{ path: '', message: containing('expected object') }])
  })

  it('checks value fields: names, formulas, unknown names and circular formulas', () => {
    const found = problems({
      ...minimal,
      valueFields: [
        { name: 'revenue', label: 'Revenue', defaultValue: 1_000 },
        { name: 'profit', label: 'Profit', calculated: true, formula: 'revenue * margin' },
        { name: 'hoursSaved', label: 'Clash' },
        { name: 'first', label: 'First', calculated: true, formula: 'second + 1' },
        { name: 'second', label: 'Second', calculated: true, formula: 'first * 2' },
        { name: 'empty', label: 'Empty', calculated: true },
      ],
    })
    expect(found).toEqual(
      expect.arrayContaining([
        { path: 'valueFields[5].formula', message: 'a calculated field needs a formula' },
        { path: 'valueFields[2].name', message: "'hoursSaved' is already the name of parameters[0]" },
        { path: 'valueFields[1].formula', message: containing("unknown name 'margin'") },
        { path: 'valueFields[3].formula', message: "the formula of 'first' depends on itself through other calculated fields" },
        { path: 'valueFields[4].formula', message: "the formula of 'second' depends on itself through other calculated fields" },
      ]),
    )
    expect(found).toHaveLength(5)
  })

  it('rejects timeframes listed twice or with a multiplier that is not above 0', () => {
    const found = problems({
      ...minimal,
      timeframes: [
        { period: 'daily', multiplier: 1 },
        { period: 'weekly', multiplier: 0 },
      ],
    })
    expect(found).toEqual([{ path: 'timeframes[1].multiplier', message: 'multiplier must be greater than 0' }])
    const twice = problems({
      ...minimal,
      timeframes: [
        { period: 'daily', multiplier: 1 },
        { period: 'daily', multiplier: 2 },
      ],
    })
    expect(twice).toEqual([{ path: 'timeframes[1].period', message: "the period 'daily' is listed twice" }])
  })

  it('is the same rule set as calculatorDataSchema', () => {
    expect(calculatorDataSchema.safeParse(minimal).success).toBe(true)
    expect(calculatorDataSchema.safeParse({ ...minimal, formula: 'x' }).success).toBe(false)
  })
})

describe('the seller’s shape of an input (issue 36)', () => {
  const assumed = { kind: 'assumption', note: 'A typical rate.' } as const
  const withRate = (rate: Record<string, unknown>) => ({
    ...minimal,
    parameters: [minimal.parameters[0], { ...minimal.parameters[1], ...rate }],
  })

  it('keeps stored calculators valid: no type is a slider, an assumption without the flag is unchecked', () => {
    const data = valid(withRate({ source: assumed }))
    expect(data.parameters.map((parameter) => parameter.type)).toEqual(['slider', 'slider'])
    expect(data.parameters[1]?.source).toEqual(assumed)
  })

  it('lets a checked assumption or a quoted figure be fixed, never an unchecked assumption', () => {
    expect(valid(withRate({ type: 'fixed', source: { ...assumed, confirmed: true } })).parameters[1]?.type).toBe('fixed')
    expect(valid(withRate({ type: 'fixed', source: { kind: 'description', quote: '$60 an hour' } })).parameters[1]?.type).toBe('fixed')
    expect(problems(withRate({ type: 'fixed', source: assumed }))).toEqual([
      { path: 'parameters[1].type', message: 'an unchecked assumption stays an input: confirm it before fixing it' },
    ])
    // `confirmed` is a flag that is set, never false.
    expect(problems(withRate({ source: { ...assumed, confirmed: false } }))[0]?.path).toBe('parameters[1].source.confirmed')
  })
})
