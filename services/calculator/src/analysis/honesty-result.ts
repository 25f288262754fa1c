// The calculator's yearly result at its defaults, computed as the calculator screen computes it:
// the main formula over the parameters' initial values, scaled from the effective base timeframe
// (a subscription wording makes it monthly, SPEC §9) to a year.
import { TIMEFRAME_FACTORS, compileFormula, effectiveBaseTimeframe, resolveParameterValues, type CalculatorData } from '@valueproof/formula'

/** The yearly value at the defaults, or undefined when the formula cannot be computed. */
export function yearlyValueAtDefaults(data: CalculatorData): number | undefined {
  if (data.formula.trim() === '') return undefined
  const compiled = compileFormula(
    data.formula,
    data.parameters.map((parameter) => parameter.name),
  )
  if (!compiled.ok) return undefined
  const evaluation = compiled.formula.evaluate(resolveParameterValues(data.parameters, {}))
  if (!evaluation.ok || !Number.isFinite(evaluation.value)) return undefined
  return evaluation.value * TIMEFRAME_FACTORS[effectiveBaseTimeframe(data)].yearly
}
