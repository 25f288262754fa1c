// Scenarios (issue 20): conservative, expected and optimistic sets of input values. The expected one
// is the seller's own values; the other two are the seller's, or derived by moving only the
// improvement claims (the seller's promises) by a spread, never the prospect's own volumes.
import type { CalculatorData, CalculatorParameter } from './calculator-data.ts'
import { createCalculator, type Calculator } from './calculator.ts'
import { headlineOf } from './headline.ts'
import { sliderSettings, snapToSlider, valueFieldSlider, withoutFloatNoise, type SliderSettings } from './sliders.ts'

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

/** The slider of an input the prospect can move (a parameter, or a value calculator's own input field); undefined for any other name. */
export function inputSlider(calculatorData: CalculatorData, name: string): SliderSettings | undefined {
  const parameter = calculatorData.parameters.find((candidate) => candidate.name === name)
  if (parameter !== undefined) return sliderSettings(parameter)
  const field = calculatorData.valueFields.find((candidate) => candidate.name === name && !candidate.calculated)
  return field === undefined ? undefined : valueFieldSlider(field)
}

function clampToInput(calculatorData: CalculatorData, name: string, value: number): number {
  const slider = inputSlider(calculatorData, name)
  return slider === undefined ? value : Math.min(slider.max, Math.max(slider.min, value))
}

/**
 * A derived scenario's value as the page shows it and an agreement freezes it: on the slider's grid
 * (min + k·step) when the grid is fine enough to show the move — 6 hours less 20 % is 5 on a
 * half-hour slider, never 4.800000000000001 — else within the slider and without binary-fraction
 * noise (a slider too coarse for the move would otherwise snap it back onto the expected value).
 */
function derivedValue(calculatorData: CalculatorData, name: string, value: number, move: number): number {
  const slider = inputSlider(calculatorData, name)
  if (slider === undefined) return withoutFloatNoise(value)
  if (slider.step <= Math.abs(move)) return snapToSlider(value, slider)
  return withoutFloatNoise(Math.min(slider.max, Math.max(slider.min, value)))
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
    // A fixed figure is the seller's, the same in every scenario.
    if (parameter.type === 'fixed' || value === undefined || value === 0 || !isImprovementInput(calculatorData, name)) continue
    const up = derivedValue(calculatorData, name, value * (1 + factor), value * factor)
    const down = derivedValue(calculatorData, name, value * (1 - factor), value * factor)
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
