import { describe, expect, it } from 'vitest'
import { createCalculator, type CalculatorResult } from './calculator.ts'
import { validateCalculatorData, type CalculatorData, type CalculatorDataInput } from './calculator-data.ts'
import { createValueCalculation } from './value-calculator.ts'

function calculatorData(input: CalculatorDataInput): CalculatorData {
  const result = validateCalculatorData(input)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.calculatorData
}

function expectType<T extends CalculatorResult['calculatorType']>(
  result: CalculatorResult,
  type: T,
): Extract<CalculatorResult, { calculatorType: T }> {
  if (result.calculatorType !== type) throw new Error(`expected a ${type} result, got ${result.calculatorType}`)
  return result as Extract<CalculatorResult, { calculatorType: T }>
}

const standard: CalculatorDataInput = {
  name: 'Support automation',
  formula: 'ticketsPerDay * minutesSaved / 60 * hourlyCost',
  explanation: 'Time saved on support tickets',
  valueType: 'moneySaved',
  parameters: [
    { name: 'ticketsPerDay', label: 'Tickets per day', min: 0, max: 500, step: 10, defaultValue: 120 },
    { name: 'minutesSaved', label: 'Minutes saved per ticket', min: 0, max: 60, step: 1, defaultValue: 5 },
    { name: 'hourlyCost', label: 'Hourly cost', min: 10, max: 110, step: 1 },
  ],
}

describe('createCalculator: standard', () => {
  it('starts from each parameter’s initial slider value (SPEC §9)', () => {
    // hourlyCost has no defaultValue: 10 + 30% of (110 − 10) = 40.
    expect(createCalculator(calculatorData(standard)).initialValues()).toEqual({ ticketsPerDay: 120, minutesSaved: 5, hourlyCost: 40 })
  })

  it('computes the formula, the SPEC §9 figures and the labelled timeframes', () => {
    const result = expectType(
      createCalculator(calculatorData(standard)).compute({ ticketsPerDay: 200, minutesSaved: 6, hourlyCost: 50 }),
      'standard',
    )
    const daily = ((200 * 6) / 60) * 50
    expect(result.result).toBe(daily)
    expect(result.standard).toMatchObject({ daily, monthly: daily * 30, yearly: daily * 365, threeYear: daily * 365 * 3 })
    expect(result.timeframes.map(({ label, value }) => [label, value])).toEqual([
      ['What you save in a day', daily],
      ['What you save in a week', daily * 7],
      ['What you save in a month', daily * 30],
      ['What you save in a year', daily * 365],
    ])
  })

  it('uses initial values for missing inputs and clamps inputs into min..max (SPEC §5)', () => {
    const calculator = createCalculator(calculatorData(standard))
    expect(calculator.compute({ ticketsPerDay: 100 }).values).toEqual({ ticketsPerDay: 100, minutesSaved: 5, hourlyCost: 40 })
    expect(calculator.compute({ ticketsPerDay: 9_999, minutesSaved: -3, hourlyCost: Number.NaN }).values).toEqual({
      ticketsPerDay: 500,
      minutesSaved: 0,
      hourlyCost: 40,
    })
  })

  it('treats the result as monthly for a subscription, whatever the baseTimeframe', () => {
    const subscription = calculatorData({
      ...standard,
      formula: 'hourlyCost * 10',
      explanation: 'Replaces a subscription',
      baseTimeframe: 'daily',
    })
    const result = expectType(createCalculator(subscription).compute({ hourlyCost: 30 }), 'standard')
    expect(result.standard).toMatchObject({ monthly: 300, yearly: 3_600 })
    expect(result.timeframes.map(({ period, value }) => [period, value])).toEqual([
      ['daily', 300 / 30],
      ['weekly', 300 * 0.25],
      ['monthly', 300],
      ['yearly', 300 * 12],
    ])
  })

  it('falls back to zero when the formula fails (SPEC §8) and says so', () => {
    const dividing = calculatorData({ ...standard, formula: 'hourlyCost / minutesSaved' })
    const result = expectType(createCalculator(dividing).compute({ minutesSaved: 0 }), 'standard')
    expect(result.formulaResult).toMatchObject({ ok: false, error: 'division-by-zero' })
    expect(result.result).toBe(0)
    expect(result.standard.roiPercent).toBe(300)
  })
})

describe('createCalculator: ai-calculated', () => {
  it('treats the formula result as per day (SPEC §9)', () => {
    const data = calculatorData({ ...standard, calculatorType: 'ai-calculated' })
    const result = expectType(createCalculator(data).compute({ ticketsPerDay: 60, minutesSaved: 10, hourlyCost: 30 }), 'ai-calculated')
    const daily = ((60 * 10) / 60) * 30
    expect(result.aiCalculated).toMatchObject({ daily, monthly: daily * 30, yearly: daily * 365 })
  })
})

const valueDefinition: CalculatorDataInput = {
  name: 'Clinic value',
  formula: '',
  calculatorType: 'value',
  parameters: [{ name: 'weeks', label: 'Weeks open per year', min: 40, max: 52, step: 1, defaultValue: 48 }],
  valueFields: [
    { name: 'yearlyValue', label: 'Yearly value', calculated: true, formula: 'weeklyValue * weeks', prefix: '$', highlight: true },
    { name: 'patientsPerWeek', label: 'Patients per week', defaultValue: 80 },
    { name: 'valuePerPatient', label: 'Value per patient', defaultValue: 120, unit: '$' },
    { name: 'weeklyValue', label: 'Weekly value', calculated: true, formula: 'patientsPerWeek * valuePerPatient' },
    { name: 'broken', label: 'Broken', calculated: true, formula: 'patientsPerWeek / (valuePerPatient - valuePerPatient)' },
  ],
}

describe('createCalculator: value (SPEC §9 valueFields, calculated fields, highlight)', () => {
  it('computes calculated fields from their formulas, in dependency order', () => {
    const result = expectType(createCalculator(calculatorData(valueDefinition)).compute({ patientsPerWeek: 100 }), 'value')
    const byName = Object.fromEntries(result.valueCalculation.fields.map((field) => [field.name, field.value]))
    expect(byName).toMatchObject({ patientsPerWeek: 100, valuePerPatient: 120, weeklyValue: 100 * 120, yearlyValue: 100 * 120 * 48 })
  })

  it('lists the highlighted fields as the key metrics', () => {
    const result = expectType(createCalculator(calculatorData(valueDefinition)).compute(), 'value')
    expect(result.valueCalculation.highlighted.map((field) => [field.name, field.value, field.prefix])).toEqual([
      ['yearlyValue', 80 * 120 * 48, '$'],
    ])
  })

  it('falls back to zero for a failing field without touching the others (SPEC §8)', () => {
    const result = expectType(createCalculator(calculatorData(valueDefinition)).compute(), 'value')
    const broken = result.valueCalculation.fields.find((field) => field.name === 'broken')
    expect(broken).toMatchObject({ value: 0, fellBack: true })
    expect(result.valueCalculation.fields.filter((field) => field.fellBack).map((field) => field.name)).toEqual(['broken'])
  })

  it('starts input fields at their default, or 30% of their value-type slider range', () => {
    const calculator = createCalculator(
      calculatorData({
        ...valueDefinition,
        valueFields: [
          { name: 'hoursSaved', label: 'Hours' },
          { name: 'callsPerDay', label: 'Calls', defaultValue: 12 },
        ],
      }),
    )
    // hoursSaved has no default: its slider is 0..50, so 15; callsPerDay keeps 12.
    expect(calculator.initialValues()).toEqual({ weeks: 48, hoursSaved: 15, callsPerDay: 12 })
  })

  it('gives fields in a circle zero instead of looping', () => {
    const compute = createValueCalculation({
      parameters: [],
      valueFields: [
        {
          name: 'a',
          label: 'A',
          calculated: true,
          formula: 'b + 1',
          highlight: false,
          description: undefined,
          defaultValue: undefined,
          unit: undefined,
          prefix: undefined,
        },
        {
          name: 'b',
          label: 'B',
          calculated: true,
          formula: 'a + 1',
          highlight: false,
          description: undefined,
          defaultValue: undefined,
          unit: undefined,
          prefix: undefined,
        },
      ],
    })
    expect(compute({}).fields.map((field) => [field.name, field.value, field.fellBack])).toEqual([
      ['a', 0, true],
      ['b', 0, true],
    ])
  })
})
