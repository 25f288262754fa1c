// One entry point for a calculator of any calculatorType: compile once, compute on every change.
import { compileFormula, type FormulaCompilation } from '../formula/compile-formula.ts'
import { valueOrFallback, type FormulaEvaluation } from '../formula/evaluation.ts'
import { aiCalculatedCalculation, type AiCalculatedCalculation } from './ai-calculated-calculator.ts'
import type { CalculatorData } from './calculator-data.ts'
import { sliderSettings, valueFieldSlider } from './sliders.ts'
import { standardCalculation, type StandardCalculation } from './standard-calculator.ts'
import { effectiveBaseTimeframe, timeframeResults, type TimeframeResult } from './timeframes.ts'
import { createValueCalculation, resolveParameterValues, type ParameterValues, type ValueCalculation } from './value-calculator.ts'

interface FormulaOutcome {
  /** The parameter values used, after defaults and clamping. */
  readonly values: Record<string, number>
  /** The formula's own outcome; on failure `result` is 0 (SPEC §8). */
  readonly formulaResult: FormulaEvaluation
  readonly result: number
}

export type CalculatorResult =
  | (FormulaOutcome & {
      readonly calculatorType: 'standard'
      readonly standard: StandardCalculation
      readonly timeframes: TimeframeResult[]
    })
  | (FormulaOutcome & { readonly calculatorType: 'ai-calculated'; readonly aiCalculated: AiCalculatedCalculation })
  | { readonly calculatorType: 'value'; readonly values: Record<string, number>; readonly valueCalculation: ValueCalculation }

export interface Calculator {
  readonly calculatorData: CalculatorData
  /** The main formula compiled against the parameters, or why it could not be. */
  readonly formula: FormulaCompilation
  /** Starting values: each parameter's initial slider value and each input value field's default. */
  initialValues(): Record<string, number>
  /** Computes every figure the calculator shows; never throws, failures fall back to 0 or defaults. */
  compute(values?: ParameterValues): CalculatorResult
}

const FORMULA_DID_NOT_COMPILE: FormulaEvaluation = Object.freeze({
  ok: false,
  error: 'invalid-input',
  message: 'The formula could not be compiled',
  value: Number.NaN,
})

/** Prepares a validated calculator definition (see validateCalculatorData) for computing. */
export function createCalculator(calculatorData: CalculatorData): Calculator {
  const parameterNames = calculatorData.parameters.map((parameter) => parameter.name)
  const formula = compileFormula(calculatorData.formula, parameterNames)
  const valueCalculation = createValueCalculation(calculatorData)
  const baseTimeframe = effectiveBaseTimeframe(calculatorData)

  const evaluateFormula = (values: ParameterValues): FormulaOutcome => {
    const resolved = resolveParameterValues(calculatorData.parameters, values)
    const formulaResult = formula.ok ? formula.formula.evaluate(resolved) : FORMULA_DID_NOT_COMPILE
    return { values: resolved, formulaResult, result: valueOrFallback(formulaResult) }
  }

  return {
    calculatorData,
    formula,
    initialValues() {
      const values: Record<string, number> = {}
      for (const parameter of calculatorData.parameters) values[parameter.name] = sliderSettings(parameter).initialValue
      for (const field of calculatorData.valueFields) {
        if (!field.calculated) values[field.name] = valueFieldSlider(field).initialValue
      }
      return values
    },
    compute(values = {}) {
      switch (calculatorData.calculatorType) {
        case 'standard': {
          const outcome = evaluateFormula(values)
          return {
            calculatorType: 'standard',
            ...outcome,
            standard: standardCalculation(outcome.result, baseTimeframe),
            timeframes: timeframeResults(calculatorData, outcome.result),
          }
        }
        case 'ai-calculated': {
          const outcome = evaluateFormula(values)
          return { calculatorType: 'ai-calculated', ...outcome, aiCalculated: aiCalculatedCalculation(outcome.result) }
        }
        case 'value': {
          const calculation = valueCalculation(values)
          const used: Record<string, number> = resolveParameterValues(calculatorData.parameters, values)
          for (const field of calculation.fields) used[field.name] = field.value
          return { calculatorType: 'value', values: used, valueCalculation: calculation }
        }
      }
    },
  }
}
