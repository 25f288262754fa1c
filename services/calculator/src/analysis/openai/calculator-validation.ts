// What a generated calculator must satisfy before it is returned: the structure, the request's
// rules, and then the honesty checks every analyzer's output passes (../honesty.ts). Problems are
// phrased for the model ('path: message'), since they go back to it once for a repair.
import { compileFormula, validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import type { JsonValidation } from '@valueproof/ai'
import { describeHonestyProblems, honestyProblems, type HonestyProblem } from '../honesty.ts'
import { SLIDERS_PER_COMPLEXITY, type AnalysisInput } from '../types.ts'
import { withLocatedSources } from './source-quotes.ts'

function property(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const found: unknown = Reflect.get(value, key)
  return found
}

const isMissing = (value: unknown): boolean => value === undefined || value === null

function quoted(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : (JSON.stringify(value) ?? String(value))
}

/** The rules that depend on the request, read from the raw answer so they are reported alongside structural problems. */
function requestProblems(value: unknown, input: AnalysisInput): string[] {
  const problems: string[] = []
  const isValue = input.complexity === 'value'
  const expectedType = isValue ? 'value' : 'standard'
  const calculatorType = property(value, 'calculatorType') ?? 'standard'
  if (calculatorType !== expectedType) {
    problems.push(`calculatorType: must be '${expectedType}' for complexity ${input.complexity} (got ${quoted(calculatorType)})`)
  }
  const baseCurrency = property(value, 'baseCurrency')
  if (baseCurrency !== input.currency) {
    problems.push(
      `baseCurrency: must be ${input.currency}, the requested currency (got ${quoted(baseCurrency)}); convert amounts with the given rates`,
    )
  }
  if (isMissing(property(value, 'valueType'))) problems.push("valueType: is required: 'moneySaved' or 'moneyGained'")

  const parameters = property(value, 'parameters')
  if (Array.isArray(parameters)) {
    const types = parameters.map((parameter: unknown) => property(parameter, 'type') ?? 'slider')
    const sliders = types.filter((type) => type === 'slider').length
    if (isValue) {
      if (parameters.length === 0) problems.push('parameters: a value calculator needs at least 1 input parameter')
    } else {
      // Issue 35: the other figures are number inputs, never numbers hidden in the formula.
      const expected = SLIDERS_PER_COMPLEXITY[input.complexity]
      if (sliders !== expected) {
        problems.push(
          `parameters: complexity ${input.complexity} needs exactly ${expected} slider${expected === 1 ? '' : 's'} (got ${sliders}); make every other figure an input of type 'number'`,
        )
      }
    }
    parameters.forEach((parameter: unknown, index) => {
      const type = types[index]
      if (type !== 'slider' && type !== 'number')
        problems.push(`parameters[${index}].type: must be 'slider' or 'number' (got ${quoted(type)})`)
      if (isMissing(property(parameter, 'source'))) {
        problems.push(`parameters[${index}].source: is required: a quote of the text that states the default, or an assumption with a note`)
      }
    })
  }
  const priceSource = property(property(value, 'price'), 'source')
  if (property(priceSource, 'kind') === 'entered') {
    problems.push(
      "price.source: the seller enters a price; yours quotes the passage that states it ({ kind: 'description' | 'document', quote })",
    )
  }
  if (isValue) {
    const valueFields = property(value, 'valueFields')
    const keyMetrics = Array.isArray(valueFields)
      ? valueFields.filter((field: unknown) => property(field, 'calculated') === true && property(field, 'highlight') === true)
      : []
    if (keyMetrics.length === 0)
      problems.push('valueFields: a value calculator needs at least 1 key metric (calculated: true, highlight: true, with a formula)')
  }
  return problems
}

/** The main formula compiled over the declared parameter names, or the error with its position. */
function formulaProblem(value: unknown): string | undefined {
  const formula = property(value, 'formula')
  if (typeof formula !== 'string' || formula.trim() === '') return undefined
  const parameters = property(value, 'parameters')
  const names = Array.isArray(parameters)
    ? parameters.map((parameter: unknown) => property(parameter, 'name')).filter((name) => typeof name === 'string')
    : []
  const compiled = compileFormula(formula, names)
  if (compiled.ok) return undefined
  return `formula: ${compiled.error.message} (in ${JSON.stringify(formula)}, declared parameters: ${names.length === 0 ? 'none' : names.join(', ')})`
}

/** The outcome of validating one answer, with the honesty problems kept apart (they name rules, which may be logged). */
export type GeneratedCalculatorValidation = JsonValidation<CalculatorData> & { readonly honesty: readonly HonestyProblem[] }

/**
 * The `validate` callback for generateJson: validateCalculatorData, the request's rules and the
 * formula; then quotes are put in the text's wording and the honesty checks run; `complexity` is set.
 */
export function validateGeneratedCalculator(value: unknown, input: AnalysisInput): GeneratedCalculatorValidation {
  const structure = validateCalculatorData(value)
  const formula = formulaProblem(value)
  const problems = [
    // The formula's own problem (with position) replaces validateCalculatorData's report of it.
    ...(structure.ok
      ? []
      : structure.problems
          .filter((problem) => formula === undefined || problem.path !== 'formula')
          .map((problem) => (problem.path === '' ? problem.message : `${problem.path}: ${problem.message}`))),
    ...(formula === undefined ? [] : [formula]),
    ...requestProblems(value, input),
  ]
  if (!structure.ok || problems.length > 0) return { ok: false, problems, honesty: [] }
  // Start values are the seller's, never the model's (decision 101); the price is the model's to set (issue 35).
  const located = withLocatedSources({ ...structure.calculatorData, startValues: undefined }, input)
  const honesty = honestyProblems(located, input)
  if (honesty.length > 0) return { ok: false, problems: describeHonestyProblems(honesty), honesty }
  return { ok: true, value: { ...located, complexity: input.complexity, language: input.language }, honesty }
}
