import { describe, expect, it } from 'vitest'
import { validateCalculatorData, type CalculatorData, type CalculatorDataInput } from './calculator-data.ts'
import { createCalculator } from './calculator.ts'
import { headlineOf } from './headline.ts'
import { deriveScenarios, hasScenarios, isImprovementInput, scenarioSet, scenarioValues } from './scenarios.ts'

function valid(input: CalculatorDataInput): CalculatorData {
  const result = validateCalculatorData(input)
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  return result.calculatorData
}

/** Tickets a week (the prospect's volume) × the share automated (the claim) × minutes × hourly cost. */
const support = valid({
  name: 'Support automation',
  formula: 'ticketsPerWeek * automatedShare / 100 * minutesPerTicket / 60 * hourlyCost',
  baseTimeframe: 'weekly',
  parameters: [
    { name: 'ticketsPerWeek', label: 'Tickets per week', min: 0, max: 5000, step: 10, defaultValue: 1200 },
    { name: 'automatedShare', label: 'Share answered automatically', unit: '%', min: 0, max: 100, step: 1, defaultValue: 35 },
    { name: 'minutesPerTicket', label: 'Minutes per ticket', min: 1, max: 60, step: 1, defaultValue: 8 },
    { name: 'hourlyCost', label: 'Hourly cost of an agent', min: 10, max: 200, step: 5, defaultValue: 45 },
  ],
})

const yearly = (data: CalculatorData, values: Record<string, number>) => headlineOf(createCalculator(data).compute(values)).yearlyValue

describe('improvement claims', () => {
  it('are the offer’s claims, not the prospect’s volumes, prices or today’s rates', () => {
    expect(isImprovementInput(support, 'automatedShare')).toBe(true)
    expect(isImprovementInput(support, 'ticketsPerWeek')).toBe(false)
    expect(isImprovementInput(support, 'hourlyCost')).toBe(false)
    expect(isImprovementInput(support, 'minutesPerTicket')).toBe(false)
    const swedish = valid({
      name: 'Fakturor',
      formula: 'fakturor * minskning / 100 * 12',
      language: 'sv',
      parameters: [
        { name: 'fakturor', label: 'Fakturor per månad', min: 0, max: 10000, step: 10, defaultValue: 500 },
        { name: 'minskning', label: 'Minskning av felaktiga fakturor', min: 0, max: 100, step: 1, defaultValue: 30 },
        { name: 'felandel', label: 'Nuvarande andel fel', unit: '%', min: 0, max: 100, step: 1, defaultValue: 8 },
      ],
    })
    expect(isImprovementInput(swedish, 'minskning')).toBe(true)
    expect(isImprovementInput(swedish, 'fakturor')).toBe(false)
    expect(isImprovementInput(swedish, 'felandel')).toBe(false)
  })
})

describe('deriveScenarios', () => {
  it('moves only the claims by ±20 %, conservative lowering the value and optimistic raising it', () => {
    const { conservative, optimistic } = deriveScenarios(support)
    expect(conservative).toEqual({ automatedShare: 28 })
    expect(optimistic).toEqual({ automatedShare: 42 })
    const expected = yearly(support, scenarioValues(support, 'expected')) ?? 0
    expect(yearly(support, scenarioValues(support, 'conservative'))).toBeCloseTo(expected * 0.8, 6)
    expect(yearly(support, scenarioValues(support, 'optimistic'))).toBeCloseTo(expected * 1.2, 6)
  })

  it('finds the conservative direction of a claim that lowers the value when raised', () => {
    const data = valid({
      name: 'Rework',
      formula: 'orders * (10 - errorsLeft) * 5',
      parameters: [
        { name: 'orders', label: 'Orders per day', min: 0, max: 1000, step: 1, defaultValue: 100 },
        { name: 'errorsLeft', label: 'Errors left after the reduction', min: 0, max: 10, step: 0.1, defaultValue: 5 },
      ],
    })
    const { conservative, optimistic } = deriveScenarios(data)
    expect(conservative.errorsLeft).toBeCloseTo(6, 9)
    expect(optimistic.errorsLeft).toBeCloseTo(4, 9)
  })

  it('keeps derived values within the sliders and takes another spread when asked', () => {
    const data = valid({ ...support, startValues: { automatedShare: 95 } })
    expect(deriveScenarios(data).optimistic.automatedShare).toBe(100)
    // 35 % less 10 % is 31.5, on a slider of whole percents 32.
    expect(deriveScenarios(support, 10).conservative.automatedShare).toBe(32)
  })

  it('puts derived values on the slider’s grid without binary-fraction noise when the grid can show the move (issue 34)', () => {
    const hours = (step: number) =>
      valid({
        name: 'Hours',
        formula: 'agents * hoursSaved * 45',
        parameters: [
          { name: 'agents', label: 'Agents today', min: 1, max: 50, step: 1, defaultValue: 12 },
          { name: 'hoursSaved', label: 'Hours saved per agent', min: 0, max: 20, step, defaultValue: 6 },
        ],
      })
    // 6 × 0.8 is 4.800000000000001 in binary floating point; a half-hour slider stops at 5.
    expect(deriveScenarios(hours(0.5))).toEqual({ conservative: { hoursSaved: 5 }, optimistic: { hoursSaved: 7 } })
    expect(deriveScenarios(hours(0.01))).toEqual({ conservative: { hoursSaved: 4.8 }, optimistic: { hoursSaved: 7.2 } })
    // A slider too coarse for the move keeps the value (noise-free) rather than snapping it back onto the expected one.
    expect(deriveScenarios(hours(5))).toEqual({ conservative: { hoursSaved: 4.8 }, optimistic: { hoursSaved: 7.2 } })
  })
})

describe('scenario values', () => {
  it('are the seller’s values for expected, and the seller’s own scenarios over them when set', () => {
    const data = valid({
      ...support,
      startValues: { ticketsPerWeek: 900 },
      scenarios: { conservative: { automatedShare: 20 }, optimistic: { automatedShare: 50, minutesPerTicket: 10 } },
    })
    expect(scenarioValues(data, 'expected')).toEqual({ ticketsPerWeek: 900, automatedShare: 35, minutesPerTicket: 8, hourlyCost: 45 })
    expect(scenarioValues(data, 'conservative')).toEqual({ ticketsPerWeek: 900, automatedShare: 20, minutesPerTicket: 8, hourlyCost: 45 })
    expect(scenarioValues(data, 'optimistic')).toEqual({ ticketsPerWeek: 900, automatedShare: 50, minutesPerTicket: 10, hourlyCost: 45 })
    expect(scenarioSet(data)).toBe(data.scenarios)
  })

  it('are refused for names that are not inputs', () => {
    const result = validateCalculatorData({ ...support, scenarios: { conservative: { nope: 1 }, optimistic: {} } })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.problems.map((problem) => problem.path)).toContain('scenarios.conservative.nope')
  })

  it('exist only when some scenario differs from the expected values', () => {
    expect(hasScenarios(support)).toBe(true)
    const volumesOnly = valid({
      name: 'Volumes',
      formula: 'users * licenceCost',
      parameters: [
        { name: 'users', label: 'Users', min: 0, max: 100, step: 1, defaultValue: 10 },
        { name: 'licenceCost', label: 'Licence cost', min: 0, max: 100, step: 1, defaultValue: 10 },
      ],
    })
    expect(hasScenarios(volumesOnly)).toBe(false)
  })
})

describe('a fixed input (issue 36)', () => {
  it('stays at the seller’s figure in every scenario', () => {
    const fixed = valid({
      ...support,
      parameters: support.parameters.map((parameter) =>
        parameter.name === 'automatedShare' ? { ...parameter, type: 'fixed' } : parameter,
      ),
    })
    expect(deriveScenarios(fixed)).toEqual({ conservative: {}, optimistic: {} })
    expect(hasScenarios(fixed)).toBe(false)
  })
})
