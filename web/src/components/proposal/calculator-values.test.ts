import { calculatorDataSchema, createCalculator, scenarioValues } from '@valueproof/formula'
import { describe, expect, it } from 'vitest'
import { chooseScenario, initialValuesState, moveInputs } from './calculator-values.ts'

const calculatorData = calculatorDataSchema.parse({
  name: 'Support savings',
  description: '',
  formula: 'tickets * reductionPercent / 100 * minutesPerTicket',
  explanation: '',
  parameters: [
    { name: 'tickets', label: 'Tickets per week', type: 'slider', min: 0, max: 5000, step: 10, defaultValue: 1000 },
    {
      name: 'reductionPercent',
      label: 'Reduction in handling time',
      type: 'slider',
      min: 0,
      max: 100,
      step: 1,
      defaultValue: 40,
      unit: '%',
    },
    { name: 'minutesPerTicket', label: 'Minutes per ticket today', type: 'slider', min: 1, max: 60, step: 1, defaultValue: 12 },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
})

describe("the prospect's values on a proposal page", () => {
  it("starts at the seller's values, the expected scenario", () => {
    const state = initialValuesState(calculatorData)
    expect(state.scenario).toBe('expected')
    expect(state.values).toEqual(createCalculator(calculatorData).initialValues())
  })

  it("sets every input to a scenario's values, and keeps the scenario's name when an input moves afterwards", () => {
    const conservative = chooseScenario(initialValuesState(calculatorData), 'conservative')
    expect(conservative.values).toEqual(scenarioValues(calculatorData, 'conservative'))
    // Only the claim moves: the prospect's own volume stays.
    expect(conservative.values['reductionPercent']).toBe(32)
    expect(conservative.values['tickets']).toBe(1000)
    const moved = moveInputs(conservative, { ...conservative.values, tickets: 2000 })
    expect(moved.scenario).toBe('conservative')
    expect(moved.values).toEqual({ ...scenarioValues(calculatorData, 'conservative'), tickets: 2000 })
    expect(chooseScenario(moved, 'expected').values).toEqual(createCalculator(calculatorData).initialValues())
  })

  it('has no values without a calculator', () => {
    const state = initialValuesState(undefined)
    expect(state.values).toEqual({})
    expect(chooseScenario(state, 'optimistic')).toBe(state)
  })
})
