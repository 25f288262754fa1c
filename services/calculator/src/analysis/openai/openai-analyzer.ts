// The OpenAI-compatible analyzer: the text and the rules go to the model, the answer is validated
// (one repair attempt inside generateJson), sources are checked against the text.
import { AiError, type AiProvider } from '@valueproof/ai'
import type { CalculatorData } from '@valueproof/formula'
import { AnalysisError, type AnalysisInput, type Analyzer } from '../types.ts'
import { CALCULATOR_SCHEMA_NAME, calculatorJsonSchema } from './calculator-json-schema.ts'
import { calculatorSystemPrompt, calculatorUserMessage } from './calculator-prompt.ts'
import { validateGeneratedCalculator } from './calculator-validation.ts'

export interface OpenAiAnalyzerOptions {
  /**
   * Largest number of text characters sent to the model; the prompt says when the text was cut.
   * Undefined (the default) sends everything and lets the model's context length decide.
   */
  readonly maxTextCharacters?: number
}

function toAnalysisError(error: unknown): AnalysisError {
  if (error instanceof AnalysisError) return error
  if (error instanceof AiError) return new AnalysisError(error.code, error.message, { cause: error })
  return new AnalysisError('provider_failed', 'The analysis failed unexpectedly.', { cause: error })
}

export function createOpenAiAnalyzer(provider: AiProvider, options: OpenAiAnalyzerOptions = {}): Analyzer {
  return {
    name: 'openai',
    async analyze(input: AnalysisInput, signal?: AbortSignal): Promise<CalculatorData> {
      if (input.pages.every((page) => page.text.trim() === '')) {
        throw new AnalysisError(
          'no_content',
          input.kind === 'document' ? 'The document contains no text to analyze.' : 'The description is empty.',
        )
      }
      try {
        return await provider.generateJson({
          system: calculatorSystemPrompt(input),
          user: calculatorUserMessage(input, { maxTextCharacters: options.maxTextCharacters }),
          schemaName: CALCULATOR_SCHEMA_NAME,
          jsonSchema: calculatorJsonSchema(input),
          validate: (value) => validateGeneratedCalculator(value, input),
          ...(signal === undefined ? {} : { signal }),
        })
      } catch (error) {
        throw toAnalysisError(error)
      }
    },
  }
}
