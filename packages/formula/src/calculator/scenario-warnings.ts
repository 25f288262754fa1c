// The seller's honesty guards (issue 20), shown to the seller and never to the prospect: the expected
// scenario claims more than the document's own figures give, or one input drives most of the result.
import type { CalculatorData } from './calculator-data.ts'
import { createCalculator, type Calculator } from './calculator.ts'
import { headlineOf } from './headline.ts'
import { sliderSettings } from './sliders.ts'

/** How far each input is moved, either way, to see how much the result follows it. */
export const SENSITIVITY_STEP = 0.1
/** An input whose share of the result's movement is above this drives most of the result. */
export const DOMINANT_INPUT_SHARE = 0.5
/** Below this relative excess the expected value is taken to be the document's (rounding of slider steps). */
const EXCESS_TOLERANCE = 0.005
/** Shares equal to the threshold but for rounding (two inputs of a product) are not above it. */
const SHARE_TOLERANCE = 1e-9

export interface InputInfluence {
  readonly name: string
  readonly label: string
  /** This input's share (0–1) of the result's movement when each input moves ±10 %. */
  readonly share: number
  /** The input's value came from no document or description: an assumption. */
  readonly assumption: boolean
}

function yearlyOf(calculator: Calculator, values: Record<string, number>): number {
  return headlineOf(calculator.compute(values)).yearlyValue ?? 0
}

/**
 * Which inputs move the value per year most, largest first: each parameter moved ±10 % of its
 * value (±10 % of its slider's range when it is 0), within its slider. Empty for a value calculator
 * or when no input moves the result.
 */
export function sensitivity(calculatorData: CalculatorData, values: Record<string, number>): InputInfluence[] {
  if (calculatorData.calculatorType === 'value') return []
  const calculator = createCalculator(calculatorData)
  const swings = calculatorData.parameters.map((parameter) => {
    const { min, max } = sliderSettings(parameter)
    const value = values[parameter.name] ?? sliderSettings(parameter).initialValue
    const step = value === 0 ? (max - min) * SENSITIVITY_STEP : Math.abs(value) * SENSITIVITY_STEP
    const up = Math.min(max, value + step)
    const down = Math.max(min, value - step)
    const swing = Math.abs(
      yearlyOf(calculator, { ...values, [parameter.name]: up }) - yearlyOf(calculator, { ...values, [parameter.name]: down }),
    )
    return { parameter, swing: Number.isFinite(swing) ? swing : 0 }
  })
  const total = swings.reduce((sum, { swing }) => sum + swing, 0)
  if (total === 0) return []
  return swings
    .map(({ parameter, swing }) => ({
      name: parameter.name,
      label: parameter.label,
      share: swing / total,
      assumption: parameter.source === undefined || parameter.source.kind === 'assumption',
    }))
    .sort((a, b) => b.share - a.share)
}

export interface ClaimedInput {
  readonly name: string
  readonly label: string
  /** The seller's expected value. */
  readonly value: number
  /** The figure the source gave (the input's default). */
  readonly sourceValue: number
  /** The document's page, for a document source. */
  readonly page: number | undefined
}

export type ScenarioWarning =
  | {
      readonly kind: 'exceeds-document'
      /** The expected scenario's value per year. */
      readonly yearlyValue: number
      /** The value per year with every sourced input at its source's figure. */
      readonly supportedYearlyValue: number
      /** The sourced inputs the seller moved. */
      readonly inputs: readonly ClaimedInput[]
    }
  | { readonly kind: 'dominant-input'; readonly name: string; readonly label: string; readonly share: number; readonly assumption: boolean }

/** What the expected scenario's value would be with every input from the document or description at the figure quoted. */
function exceedsDocument(
  calculatorData: CalculatorData,
  calculator: Calculator,
  expected: Record<string, number>,
): ScenarioWarning | undefined {
  const moved: ClaimedInput[] = []
  const supported = { ...expected }
  for (const parameter of calculatorData.parameters) {
    const source = parameter.source
    if (source === undefined || source.kind === 'assumption' || parameter.defaultValue === undefined) continue
    const sourceValue = sliderSettings(parameter).initialValue
    const value = expected[parameter.name]
    if (value === undefined || value === sourceValue) continue
    supported[parameter.name] = sourceValue
    moved.push({
      name: parameter.name,
      label: parameter.label,
      value,
      sourceValue,
      page: source.kind === 'document' ? source.page : undefined,
    })
  }
  if (moved.length === 0) return undefined
  const yearlyValue = yearlyOf(calculator, expected)
  const supportedYearlyValue = yearlyOf(calculator, supported)
  if (yearlyValue <= supportedYearlyValue * (1 + EXCESS_TOLERANCE) || yearlyValue <= supportedYearlyValue + 1e-9) return undefined
  return { kind: 'exceeds-document', yearlyValue, supportedYearlyValue, inputs: moved }
}

/** The warnings for the seller about the expected scenario (the seller's values), most serious first. */
export function scenarioWarnings(calculatorData: CalculatorData): ScenarioWarning[] {
  if (calculatorData.calculatorType === 'value') return []
  const calculator = createCalculator(calculatorData)
  const expected = calculator.initialValues()
  const warnings: ScenarioWarning[] = []
  const excess = exceedsDocument(calculatorData, calculator, expected)
  if (excess !== undefined) warnings.push(excess)
  const [top] = sensitivity(calculatorData, expected)
  if (top !== undefined && top.share - DOMINANT_INPUT_SHARE > SHARE_TOLERANCE && calculatorData.parameters.length > 1) {
    warnings.push({ kind: 'dominant-input', name: top.name, label: top.label, share: top.share, assumption: top.assumption })
  }
  return warnings
}
