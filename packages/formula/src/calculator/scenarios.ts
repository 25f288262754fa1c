// Scenarios (issue 20): conservative, expected and optimistic sets of input values. The expected one
// is the seller's own values; the other two are the seller's, or derived by moving only the
// improvement claims (the seller's promises) by a spread, never the prospect's own volumes.
import type { CalculatorData, CalculatorParameter } from './calculator-data.ts'
import { createCalculator, type Calculator } from './calculator.ts'
import { headlineOf } from './headline.ts'
import { sliderSettings, valueFieldSlider } from './sliders.ts'

export const SCENARIOS = ['conservative', 'expected', 'optimistic'] as const
export type Scenario = (typeof SCENARIOS)[number]

/** How far derived scenarios move each improvement claim, in percent of its value. */
export const SCENARIO_SPREAD_PERCENT = 20

export interface ScenarioSet {
  readonly conservative: Readonly<Record<string, number>>
  readonly optimistic: Readonly<Record<string, number>>
}

// Words that make an input a claim of the offer (what it improves), in English and Swedish.
const CLAIM_WORDS =
  /reduc|saving|\bsaved?\b|improv|increase|uplift|\bgain|faster|efficien|automat|boost|\bfewer\b|\bless\b|\blower\b|\bhigher\b|conversion|deflect|avoid|minsk|ökn|öka|besparing|spara|förbättr|effektiv|snabbare|färre|lägre|högre|undvik/i
// Words that make an input the prospect's own situation today, even when it is a percentage.
const OWN_WORDS = /current|today|existing|baseline|present|nuvarande|idag|i dag|befintlig|dagens/i

function inputText(parameter: CalculatorParameter): string {
  return [parameter.name.replace(/([a-z])([A-Z])/g, '$1 $2'), parameter.label, parameter.description ?? ''].join(' ')
}

/**
 * Whether a parameter is a claim of the offer (an improvement: "reduction in handling time",
 * "share answered automatically") rather than the prospect's own volume, price or rate. A claim
 * says what changes; a percentage is a claim unless it says it is today's figure.
 */
export function isImprovementInput(calculatorData: CalculatorData, name: string): boolean {
  const parameter = calculatorData.parameters.find((candidate) => candidate.name === name)
  if (parameter === undefined) return false
  const text = inputText(parameter)
  if (OWN_WORDS.test(text)) return false
  return CLAIM_WORDS.test(text) || parameter.unit?.trim() === '%'
}

function clampToInput(calculatorData: CalculatorData, name: string, value: number): number {
  const parameter = calculatorData.parameters.find((candidate) => candidate.name === name)
  if (parameter !== undefined) {
    const { min, max } = sliderSettings(parameter)
    return Math.min(max, Math.max(min, value))
  }
  const field = calculatorData.valueFields.find((candidate) => candidate.name === name && !candidate.calculated)
  if (field === undefined) return value
  const { min, max } = valueFieldSlider(field)
  return Math.min(max, Math.max(min, value))
}

/** The figure scenarios are compared by: the yearly value, or a value calculator's first highlighted field. */
function scoreOf(calculator: Calculator, values: Record<string, number>): number {
  const result = calculator.compute(values)
  if (result.calculatorType === 'value') return result.valueCalculation.highlighted[0]?.value ?? 0
  return headlineOf(result).yearlyValue ?? 0
}

/**
 * Conservative and optimistic values moved `spreadPercent` from the expected ones on the
 * improvement claims only, each within its slider. Which way is conservative is measured, not
 * guessed: the direction that lowers the result (a claim of fewer errors lowers the value when
 * raised less).
 */
export function deriveScenarios(calculatorData: CalculatorData, spreadPercent: number = SCENARIO_SPREAD_PERCENT): ScenarioSet {
  const calculator = createCalculator(calculatorData)
  const expected = calculator.initialValues()
  const conservative: Record<string, number> = {}
  const optimistic: Record<string, number> = {}
  const factor = Math.abs(spreadPercent) / 100
  for (const parameter of calculatorData.parameters) {
    const { name } = parameter
    const value = expected[name]
    if (value === undefined || value === 0 || !isImprovementInput(calculatorData, name)) continue
    const up = clampToInput(calculatorData, name, value * (1 + factor))
    const down = clampToInput(calculatorData, name, value * (1 - factor))
    const upScore = scoreOf(calculator, { ...expected, [name]: up })
    const downScore = scoreOf(calculator, { ...expected, [name]: down })
    if (upScore === downScore) continue
    conservative[name] = upScore < downScore ? up : down
    optimistic[name] = upScore < downScore ? down : up
  }
  return { conservative, optimistic }
}

/** The seller's scenarios, or derived ones when the seller set none. */
export function scenarioSet(calculatorData: CalculatorData): ScenarioSet {
  return calculatorData.scenarios ?? deriveScenarios(calculatorData)
}

/** Every input's value in a scenario: the expected values with the scenario's own on top, each within its slider. */
export function scenarioValues(calculatorData: CalculatorData, scenario: Scenario): Record<string, number> {
  const values = createCalculator(calculatorData).initialValues()
  if (scenario === 'expected') return values
  for (const [name, value] of Object.entries(scenarioSet(calculatorData)[scenario])) {
    if (name in values) values[name] = clampToInput(calculatorData, name, value)
  }
  return values
}

/** Whether switching scenarios changes anything: some input differs from the expected values. */
export function hasScenarios(calculatorData: CalculatorData): boolean {
  const expected = scenarioValues(calculatorData, 'expected')
  return (['conservative', 'optimistic'] as const).some((scenario) => {
    const values = scenarioValues(calculatorData, scenario)
    return Object.keys(values).some((name) => values[name] !== expected[name])
  })
}
