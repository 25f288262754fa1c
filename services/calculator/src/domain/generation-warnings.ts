// What a generation answers beside the calculator for the seller to confirm (issue 35,
// docs/decisions/128): the calculator's own warnings (formula's calculatorWarnings, the same the
// screen shows as the seller edits) and what the honesty checker found that needs the text — a
// stated price the calculator leaves out, figures its quotes do not back. Those checker findings
// are an analyzer's bug: the service logs them and still answers, with them said to the seller.
import type { GenerationWarning } from '@valueproof/contracts'
import { calculatorWarnings, calculatorWarningTexts, type CalculatorData } from '@valueproof/formula'
import { describeHonestyProblems, type HonestyProblem, type HonestyRule } from '../analysis/honesty.ts'

/** Rules the calculator's own warnings already say, whatever the text. */
const SAID_BY_THE_CALCULATOR: ReadonlySet<HonestyRule> = new Set(['hidden_constant'])

const PARAMETER_PATH = /^parameters\[(\d+)\]/

/** The calculator's warnings, then the checker's findings as the seller reads them. */
export function generationWarnings(data: CalculatorData, honesty: readonly HonestyProblem[]): GenerationWarning[] {
  const texts = calculatorWarningTexts(data.language)
  const warnings: GenerationWarning[] = calculatorWarnings(data).map((warning) => ({
    code: warning.code,
    message: warning.message,
    ...(warning.inputs === undefined ? {} : { inputs: [...warning.inputs] }),
  }))
  const unusedPrice = honesty.filter((problem) => problem.rule === 'price_not_used')
  if (unusedPrice.length > 0) {
    warnings.push({ code: 'price_missing', message: texts.priceMissing, details: describeHonestyProblems(unusedPrice) })
  }
  const others = honesty.filter((problem) => problem.rule !== 'price_not_used' && !SAID_BY_THE_CALCULATOR.has(problem.rule))
  if (others.length > 0) {
    const parameters = [
      ...new Set(
        others.flatMap((problem) => {
          const index = PARAMETER_PATH.exec(problem.path)?.[1]
          const parameter = index === undefined ? undefined : data.parameters[Number(index)]
          return parameter === undefined ? [] : [parameter]
        }),
      ),
    ]
    warnings.push({
      code: 'unchecked_figures',
      message: texts.honesty(parameters.map((parameter) => parameter.label)),
      ...(parameters.length === 0 ? {} : { inputs: parameters.map((parameter) => parameter.name) }),
      details: describeHonestyProblems(others),
    })
  }
  return warnings
}
