// The built-in analysis with its reasoning laid open (./analysis-report.ts), for the evaluation and
// for tests. Runs on the caller's thread (the evaluation is not a request).
import { createCalculator } from '@valueproof/formula'
import type { AnalysisInput } from '../types.ts'
import type { AnalysisReport, ReportedFigure } from './analysis-report.ts'
import { analyzeText, calculatorFor } from './build-calculator.ts'

export function inspectAnalysis(input: AnalysisInput): AnalysisReport {
  const analysis = analyzeText(input)
  const calculatorData = calculatorFor(input, analysis)
  const { design } = analysis.choice
  const sliderNames = new Set(calculatorData.parameters.map((parameter) => parameter.name))
  const figures: ReportedFigure[] = analysis.choice.roled.map(({ figure, role }) => {
    const term = [...design.terms, ...(design.oneOff === undefined ? [] : [design.oneOff])].find((candidate) =>
      candidate.figures.includes(figure),
    )
    return {
      value: figure.value,
      text: figure.text,
      kind: figure.kind,
      ...(figure.currency === undefined ? {} : { currency: figure.currency }),
      page: figure.page,
      role,
      use: term === undefined ? 'unused' : sliderNames.has(term.name) ? 'slider' : 'constant',
    }
  })
  const result = createCalculator(calculatorData).compute()
  const yearlyAtDefaults =
    result.calculatorType === 'standard'
      ? result.standard.yearly
      : result.calculatorType === 'ai-calculated'
        ? result.aiCalculated.yearly
        : 0
  return { story: design.story, figures, calculatorData, yearlyAtDefaults, noValueClaim: design.noValueClaim }
}
