// The Scenarios panel's rules: which inputs are claims, what the cells start from, what may be
// saved (numbers within each input's range; only what differs from the expected value), and what
// each scenario of a draft is worth per year.
import { createCalculator, deriveScenarios, headlineOf, validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { cellText, checkDraft, draftOf, orderNote, scenarioRows, yearlyValues } from './scenario-editor-rows.ts'

function calculator(extra: Record<string, unknown> = {}): CalculatorData {
  const validation = validateCalculatorData({
    name: 'Support Automation Savings',
    description: '',
    formula: 'hoursSaved * hourlyRate',
    explanation: '',
    parameters: [
      { name: 'hoursSaved', label: 'Hours saved per week', type: 'slider', min: 0, max: 100, step: 1, defaultValue: 10, unit: 'hours' },
      { name: 'hourlyRate', label: 'Hourly cost', type: 'slider', min: 10, max: 200, step: 5, defaultValue: 50, unit: 'USD' },
    ],
    baseCurrency: 'USD',
    baseTimeframe: 'weekly',
    valueType: 'moneySaved',
    calculatorType: 'standard',
    ...extra,
  })
  if (!validation.ok) throw new Error(JSON.stringify(validation))
  return validation.calculatorData
}

const yearly = (data: CalculatorData, values: Record<string, number>) => headlineOf(createCalculator(data).compute(values)).yearlyValue

describe('the scenario table', () => {
  it("marks the improvement claims apart from the prospect's own figures, starting from the seller's values", () => {
    const rows = scenarioRows(calculator({ startValues: { hoursSaved: 12 } }))
    expect(rows.map(({ name, claim, expected, min, max }) => ({ name, claim, expected, min, max }))).toEqual([
      { name: 'hoursSaved', claim: true, expected: 12, min: 0, max: 100 },
      { name: 'hourlyRate', claim: false, expected: 50, min: 10, max: 200 },
    ])
  })

  it('fills the cells from a derived set: claims moved, own figures at the expected value', () => {
    const data = calculator()
    const rows = scenarioRows(data)
    expect(draftOf(rows, deriveScenarios(data, 20))).toEqual({
      conservative: { hoursSaved: '8', hourlyRate: '50' },
      optimistic: { hoursSaved: '12', hourlyRate: '50' },
    })
    expect(draftOf(rows, { conservative: { hourlyRate: 40 }, optimistic: {} })).toEqual({
      conservative: { hoursSaved: '10', hourlyRate: '40' },
      optimistic: { hoursSaved: '10', hourlyRate: '50' },
    })
  })

  it('shows a derived value without binary noise', () => {
    expect(cellText(3 * 1.2)).toBe('3.6')
    expect(cellText(0.1 + 0.2)).toBe('0.3')
    expect(cellText(1_250_000)).toBe('1250000')
  })
})

describe('checking a draft before it is saved', () => {
  const data = calculator()
  const rows = scenarioRows(data)

  it('keeps only the values that differ from the expected ones', () => {
    const check = checkDraft(rows, {
      conservative: { hoursSaved: ' 6 ', hourlyRate: '50' },
      optimistic: { hoursSaved: '10', hourlyRate: '55' },
    })
    expect(check).toEqual({ ok: true, scenarios: { conservative: { hoursSaved: 6 }, optimistic: { hourlyRate: 55 } } })
  })

  it('names each cell that is not a number, or outside its input, in plain words', () => {
    const check = checkDraft(rows, {
      conservative: { hoursSaved: '', hourlyRate: '5' },
      optimistic: { hoursSaved: 'ten', hourlyRate: '201' },
    })
    expect(check).toEqual({
      ok: false,
      problems: [
        { scenario: 'conservative', name: 'hoursSaved', message: 'Enter a number for Hours saved per week (conservative)' },
        { scenario: 'conservative', name: 'hourlyRate', message: 'Hourly cost (conservative) must be between 10 and 200' },
        { scenario: 'optimistic', name: 'hoursSaved', message: 'Enter a number for Hours saved per week (optimistic)' },
        { scenario: 'optimistic', name: 'hourlyRate', message: 'Hourly cost (optimistic) must be between 10 and 200' },
      ],
    })
  })
})

describe("a draft's value per year", () => {
  const data = calculator()
  const rows = scenarioRows(data)

  it("is the formula's headline for each scenario's values", () => {
    const values = yearlyValues(data, rows, {
      conservative: { hoursSaved: '8', hourlyRate: '50' },
      optimistic: { hoursSaved: '12', hourlyRate: '60' },
    })
    expect(values).toEqual({
      conservative: yearly(data, { hoursSaved: 8, hourlyRate: 50 }),
      expected: yearly(data, { hoursSaved: 10, hourlyRate: 50 }),
      optimistic: yearly(data, { hoursSaved: 12, hourlyRate: 60 }),
    })
    expect(values.conservative).toBeLessThan(values.expected ?? 0)
    expect(orderNote(values)).toBeUndefined()
  })

  it('is unknown while a cell is not a number, and says when the order is upside down', () => {
    const values = yearlyValues(data, rows, {
      conservative: { hoursSaved: '15', hourlyRate: '50' },
      optimistic: { hoursSaved: '', hourlyRate: '50' },
    })
    expect(values.optimistic).toBeUndefined()
    expect(orderNote(values)).toBe('The conservative scenario is worth more than the expected one.')
    const low = yearlyValues(data, rows, {
      conservative: { hoursSaved: '10', hourlyRate: '50' },
      optimistic: { hoursSaved: '9', hourlyRate: '50' },
    })
    expect(orderNote(low)).toBe('The optimistic scenario is worth less than the expected one.')
  })
})
