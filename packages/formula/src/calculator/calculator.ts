// One entry point for a calculator of any calculatorType: compile once, compute on every change.
import { compileFormula, type FormulaCompilation } from '../formula/compile-formula.ts'
import { valueOrFallback, type FormulaEvaluation } from '../formula/evaluation.ts'
import { aiCalculatedCalculation, type AiCalculatedCalculation } from './ai-calculated-calculator.ts'
import type { CalculatorData } from './calculator-data.ts'
import { priceAt, pricedReturn, type PricedReturn } from './calculator-price.ts'
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

interface PricedOutcome {
  /** ROI, payback and net value against the seller's price; undefined without one (SPEC §9's estimate stands). */
  readonly priced: PricedReturn | undefined
}

export type CalculatorResult =
  | (FormulaOutcome &
      PricedOutcome & {
        readonly calculatorType: 'standard'
        readonly standard: StandardCalculation
        readonly timeframes: TimeframeResult[]
      })
  | (FormulaOutcome & PricedOutcome & { readonly calculatorType: 'ai-calculated'; readonly aiCalculated: AiCalculatedCalculation })
  | { readonly calculatorType: 'value'; readonly values: Record<string, number>; readonly valueCalculation: ValueCalculation }

export interface Calculator {
  readonly calculatorData: CalculatorData
  /** The main formula compiled against the parameters, or why it could not be. */
  readonly formula: FormulaCompilation
  /** Starting values: the shared startValues where set, else each parameter's initial slider value and each input value field's default. */
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
  const price = calculatorData.price
  const priceFormula = price?.formula === undefined ? undefined : compileFormula(price.formula, parameterNames)
  // A price per user follows the users slider: its formula is evaluated with the values on screen.
  const priced = (value: { readonly monthly: number; readonly yearly: number }, values: Record<string, number>) =>
    price === undefined
      ? undefined
      : pricedReturn(
          priceAt(price, priceFormula?.ok === true ? () => valueOrFallback(priceFormula.formula.evaluate(values)) : undefined),
          value,
        )

  return {
    calculatorData,
    formula,
    initialValues() {
      // The seller's shared values where there are some (each kept within its slider), else the defaults.
      const start = calculatorData.startValues ?? {}
      const values: Record<string, number> = {}
      for (const parameter of calculatorData.parameters) {
        values[parameter.name] = sliderSettings({
          ...parameter,
          defaultValue: start[parameter.name] ?? parameter.defaultValue,
        }).initialValue
      }
      for (const field of calculatorData.valueFields) {
        if (field.calculated) continue
        const { min, max, initialValue } = valueFieldSlider(field)
        const started = start[field.name]
        values[field.name] = started === undefined ? initialValue : Math.min(max, Math.max(min, started))
      }
      return values
    },
    compute(values = {}) {
      switch (calculatorData.calculatorType) {
        case 'standard': {
          const outcome = evaluateFormula(values)
          const standard = standardCalculation(outcome.result, baseTimeframe)
          return {
            calculatorType: 'standard',
            ...outcome,
            standard,
            timeframes: timeframeResults(calculatorData, outcome.result),
            priced: priced(standard, outcome.values),
          }
        }
        case 'ai-calculated': {
          const outcome = evaluateFormula(values)
          const aiCalculated = aiCalculatedCalculation(outcome.result)
          return { calculatorType: 'ai-calculated', ...outcome, aiCalculated, priced: priced(aiCalculated, outcome.values) }
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
