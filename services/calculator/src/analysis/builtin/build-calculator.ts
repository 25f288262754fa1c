// Reads the input and builds its calculator: the built-in analysis itself, deterministic and
// synchronous. It runs on the analysis worker threads (./analysis-worker.mjs), not on the service's
// event loop.
import { validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { AnalysisError, type AnalysisInput } from '../types.ts'
import { calculatorName } from './calculator-name.ts'
import { assembleCalculator, designFor, type Design, type DesignContext } from './calculator-design.ts'
import { readDocument, type DocumentReading } from './document-reading.ts'
import { chooseRecipe, type RecipeChoice } from './recipes.ts'
import { textsFor, type Texts } from './wording.ts'

export interface Analysis {
  readonly reading: DocumentReading
  readonly choice: RecipeChoice
  readonly design: Design
  readonly context: DesignContext
}

function descriptionOf(input: AnalysisInput, analysis: Analysis, texts: Texts): string {
  const found = analysis.design.terms.filter((term) => term.figure !== undefined).length
  const sentences = [
    texts.summary({
      source: texts.sourceName(input.kind, input.fileName),
      found,
      assumed: analysis.design.terms.length - found,
      inputKind: input.kind,
    }),
  ]
  const placeholders =
    analysis.reading.template.dominated || analysis.reading.excluded.some((excluded) => excluded.reason === 'placeholder')
  if (placeholders && input.kind === 'document') sentences.push(texts.templateNote)
  if (analysis.choice.basis === 'theme') sentences.push(texts.noFiguresNote(input.kind))
  return sentences.join(' ')
}

/** Reads the input and designs its calculator, without the complexity (shared by every complexity). */
export function analyzeText(input: AnalysisInput, signal?: AbortSignal): Analysis {
  const reading = readDocument(input.pages, signal)
  if (reading.pages.length === 0) {
    throw new AnalysisError(
      'no_content',
      input.kind === 'document'
        ? 'The document has no readable text (a scanned document needs text recognition first); describe the service in words instead.'
        : 'The description is empty; describe the service in a few sentences.',
    )
  }
  const choice = chooseRecipe(reading)
  const context: DesignContext = { texts: textsFor(input.language), currency: input.currency, inputKind: input.kind, reading }
  return { reading, choice, design: designFor(choice, context), context }
}

/** The calculator definition for `input`, validated; throws AnalysisError. */
export function buildCalculator(input: AnalysisInput, signal?: AbortSignal): CalculatorData {
  signal?.throwIfAborted()
  const analysis = analyzeText(input, signal)
  const { texts } = analysis.context
  const definition = assembleCalculator({
    design: analysis.design,
    complexity: input.complexity,
    name: calculatorName({ inputKind: input.kind, pages: analysis.reading.pages, fileName: input.fileName, texts }),
    description: descriptionOf(input, analysis, texts),
    context: analysis.context,
  })
  const validation = validateCalculatorData(definition)
  if (!validation.ok) {
    const problems = validation.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ')
    throw new AnalysisError('invalid_output', `The built-in analyzer produced an invalid calculator: ${problems}`)
  }
  return validation.calculatorData
}
