// Issue 15: a shared calculator starts at the seller's values (calculatorData.startValues).
import { describe, expect, it } from 'vitest'
import { createCalculator } from './calculator.ts'
import { validateCalculatorData, type CalculatorData, type CalculatorDataInput } from './calculator-data.ts'

function calculatorData(input: CalculatorDataInput): CalculatorData {
  const result = validateCalculatorData(input)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.calculatorData
}

const standard: CalculatorDataInput = {
  name: 'Support automation',
  formula: 'hoursPerWeek * hourlyCost',
  explanation: 'Time saved',
  parameters: [
    { name: 'hoursPerWeek', label: 'Hours per week', min: 0, max: 40, step: 1, defaultValue: 5 },
    { name: 'hourlyCost', label: 'Hourly cost', min: 10, max: 200, step: 1, defaultValue: 40 },
  ],
}

const value: CalculatorDataInput = {
  name: 'Clinic bookings',
  formula: '',
  explanation: 'More bookings',
  calculatorType: 'value',
  parameters: [],
  valueFields: [
    { name: 'patientsPerWeek', label: 'Patients per week', defaultValue: 40 },
    { name: 'bookingValue', label: 'Booking value', unit: '$', defaultValue: 120 },
    { name: 'revenue', label: 'Revenue', calculated: true, formula: 'patientsPerWeek * bookingValue' },
  ],
}

describe('startValues', () => {
  it("starts each input at the seller's value, the rest at their defaults", () => {
    const calculator = createCalculator(calculatorData({ ...standard, startValues: { hoursPerWeek: 10 } }))
    expect(calculator.initialValues()).toEqual({ hoursPerWeek: 10, hourlyCost: 40 })
    expect(createCalculator(calculatorData(standard)).initialValues()).toEqual({ hoursPerWeek: 5, hourlyCost: 40 })
  })

  it('keeps a start value within its slider', () => {
    const calculator = createCalculator(calculatorData({ ...standard, startValues: { hoursPerWeek: 400, hourlyCost: -3 } }))
    expect(calculator.initialValues()).toEqual({ hoursPerWeek: 40, hourlyCost: 10 })
  })

  it("starts a value calculator's input fields at the seller's values", () => {
    const calculator = createCalculator(calculatorData({ ...value, startValues: { patientsPerWeek: 55 } }))
    expect(calculator.initialValues()).toEqual({ patientsPerWeek: 55, bookingValue: 120 })
  })

  it('refuses start values of inputs the calculator does not have, and non-numbers', () => {
    const unknown = validateCalculatorData({ ...standard, startValues: { ticketsPerDay: 3 } })
    expect(unknown.ok).toBe(false)
    if (!unknown.ok) expect(unknown.problems.map((problem) => problem.message).join()).toMatch(/'ticketsPerDay' is not an input/)
    expect(validateCalculatorData({ ...standard, startValues: { hoursPerWeek: 'ten' } }).ok).toBe(false)
    expect(validateCalculatorData({ ...standard, startValues: { hoursPerWeek: Number.POSITIVE_INFINITY } }).ok).toBe(false)
  })
})
