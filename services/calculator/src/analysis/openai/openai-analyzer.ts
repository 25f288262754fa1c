// The OpenAI-compatible analyzer: the text and the rules go to the model, the answer is validated
// and checked for honesty (one repair attempt inside generateJson, with the problems sent back).
// An answer that still fails is not returned: the fallback analyzer (the built-in one) answers
// instead when there is one, otherwise the analysis fails with invalid_output.
import { AiError, type AiProvider } from '@valueproof/ai'
import { calculatorTitle } from '@valueproof/analyzer'
import type { CalculatorData } from '@valueproof/formula'
import type { HonestyRule } from '../honesty.ts'
import { AnalysisError, type Analysis, type AnalysisInput, type Analyzer } from '../types.ts'
import { CALCULATOR_SCHEMA_NAME, calculatorJsonSchema } from './calculator-json-schema.ts'
import { calculatorSystemPrompt, calculatorUserMessage, pagesSent } from './calculator-prompt.ts'
import { validateGeneratedCalculator, type GeneratedCalculatorValidation } from './calculator-validation.ts'

/** Why the model's calculator was replaced by the fallback's. */
export interface AnalyzerFallback {
  /** 'honesty': the repaired answer was a valid calculator but broke honesty rules; 'invalid_output': it was not valid. */
  readonly reason: 'honesty' | 'invalid_output'
  /** The honesty rules the last checked answer broke; names only, safe to log. */
  readonly rules: readonly HonestyRule[]
  /** The problems as the model was told them. They quote the text: keep them out of logs. */
  readonly problems: readonly string[]
}

export interface OpenAiAnalyzerOptions {
  /**
   * Largest number of text characters sent to the model; the prompt says when the text was cut.
   * Undefined (the default) sends everything and lets the model's context length decide.
   */
  readonly maxTextCharacters?: number
  /** Answers when the model's answer still fails validation or the honesty checks after its repair. */
  readonly fallback?: Analyzer
  /** Told each time the fallback answered instead of the model (for logs and tests). */
  readonly onFallback?: (fallback: AnalyzerFallback) => void
}

function toAnalysisError(error: unknown): AnalysisError {
  if (error instanceof AnalysisError) return error
  if (error instanceof AiError) return new AnalysisError(error.code, error.message, { cause: error })
  return new AnalysisError('provider_failed', 'The analysis failed unexpectedly.', { cause: error })
}

function fallbackOf(error: AiError, last: GeneratedCalculatorValidation | undefined): AnalyzerFallback {
  const rules = [...new Set((last?.honesty ?? []).map((problem) => problem.rule))]
  const problems = last !== undefined && !last.ok ? last.problems : [error.message]
  return { reason: rules.length > 0 ? 'honesty' : 'invalid_output', rules, problems }
}

export function createOpenAiAnalyzer(provider: AiProvider, options: OpenAiAnalyzerOptions = {}): Analyzer {
  const { fallback } = options
  return {
    name: 'openai',
    async analyze(input: AnalysisInput, signal?: AbortSignal): Promise<Analysis> {
      if (input.pages.every((page) => page.text.trim() === '')) {
        throw new AnalysisError(
          'no_content',
          input.kind === 'document' ? 'The document contains no text to analyze.' : 'The description is empty.',
        )
      }
      // The answer is checked against the text the model saw: a cut text's later pages are not its to quote.
      const seen: AnalysisInput = { ...input, pages: pagesSent(input, options.maxTextCharacters).pages }
      // The last answer's checks: after a failed repair, they say why the fallback answers.
      let last: GeneratedCalculatorValidation | undefined
      try {
        const calculatorData: CalculatorData = await provider.generateJson({
          system: calculatorSystemPrompt(input),
          user: calculatorUserMessage(input, { maxTextCharacters: options.maxTextCharacters }),
          schemaName: CALCULATOR_SCHEMA_NAME,
          jsonSchema: calculatorJsonSchema(input),
          validate: (value) => {
            last = validateGeneratedCalculator(value, seen)
            return last
          },
          ...(signal === undefined ? {} : { signal }),
        })
        // Only an answer that passed the honesty checks gets here (validate sends the rest back). Its name
        // becomes a proposal's title: an address block or a contact line copied from the document is not one.
        const name = calculatorTitle(calculatorData.name, input.language === 'sv' ? 'ROI-kalkylator' : 'ROI calculator')
        return { calculatorData: { ...calculatorData, name }, honesty: [], analyzer: 'openai' }
      } catch (error) {
        if (fallback === undefined || !(error instanceof AiError) || error.code !== 'invalid_output') throw toAnalysisError(error)
        options.onFallback?.(fallbackOf(error, last))
      }
      return fallback.analyze(input, signal)
    },
    async close() {
      await fallback?.close?.()
    },
  }
}
