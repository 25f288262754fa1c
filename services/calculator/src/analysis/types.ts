// The analyzer contract: text in (a document's pages or a description), a calculator definition out.
// Two implementations: the built-in offline analyzer (@valueproof/analyzer, run on worker threads
// here) and the OpenAI-compatible one (./openai). The input types and errors are the package's.
import { type AnalysisError, type AnalysisErrorCode, type AnalysisInput } from '@valueproof/analyzer'
import type { CalculatorData } from '@valueproof/formula'
import type { HonestyProblem } from './honesty.ts'

export {
  AnalysisError,
  GENERATION_COMPLEXITIES,
  LANGUAGES,
  SLIDERS_PER_COMPLEXITY,
  type AnalysisErrorCode,
  type AnalysisInput,
  type GenerationComplexity,
  type Language,
  type TextPage,
} from '@valueproof/analyzer'

/** What an analyzer answers: the calculator and what the honesty checker found in it. */
export interface Analysis {
  /** Passed `validateCalculatorData`; every parameter carries its `source`. */
  readonly calculatorData: CalculatorData
  /**
   * The honesty checker's problems with it (docs/decisions/096, 128). The OpenAI analyzer returns
   * only answers that pass; the built-in one is checked on its worker thread, and a problem there is
   * a bug the service logs and tells the seller of.
   */
  readonly honesty: readonly HonestyProblem[]
  /** The analyzer that made it: 'builtin' (also when it answered for the model) or 'openai'. */
  readonly analyzer: string
}

export interface Analyzer {
  /** 'builtin' or 'openai', reported in logs and events. */
  readonly name: string
  /** The calculator for the input, or throws an `AnalysisError`. Honours `signal` (client gone, time limit). */
  analyze(input: AnalysisInput, signal?: AbortSignal): Promise<Analysis>
  /** Stops what the analyzer runs on (the built-in one's worker threads); later calls reject. */
  close?(): Promise<void>
}

/** HTTP status per analysis error, as the calculator service answers it. */
export const ANALYSIS_ERROR_STATUS: Record<AnalysisErrorCode, number> = {
  context_length: 413,
  timeout: 504,
  provider_failed: 502,
  invalid_output: 502,
  no_content: 422,
  busy: 503,
  too_complex: 422,
}

/** The HTTP status the calculator service answers an analysis error with. */
export function analysisStatus(error: AnalysisError): number {
  return ANALYSIS_ERROR_STATUS[error.code]
}
