// Reads the input and builds its calculator: the built-in analysis itself, deterministic and
// synchronous. It runs on the analysis worker threads (./analysis-worker.mjs), not on the service's
// event loop.
import { validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { AnalysisError, type AnalysisInput } from '../types.ts'
import { offerPrice } from './offer-price.ts'
import { assembleCalculator } from './assemble.ts'
import { calculatorName } from './calculator-name.ts'
import { readDocument, type DocumentReading } from './document-reading.ts'
import { chooseStory, type StoryChoice } from './story-choice.ts'
import { isStated, type DesignContext } from './terms.ts'
import { textsFor, type Texts } from './wording.ts'

export interface Analysis {
  readonly reading: DocumentReading
  readonly choice: StoryChoice
  readonly context: DesignContext
}

/** What the result is, what drives it (stated or assumed), and what the text does not claim. */
function descriptionOf(input: AnalysisInput, analysis: Analysis, texts: Texts): string {
  // The offer's price is the calculator's own (decision 101), not one of the result's drivers.
  const design = offerPrice(analysis.choice.design, input.complexity, analysis.context)?.design ?? analysis.choice.design
  const sentences = [
    texts.drivers({
      result: design.result,
      stated: design.terms.filter(isStated).map((term) => term.phrase),
      assumed: design.terms.filter((term) => !isStated(term)).map((term) => term.phrase),
      inputKind: input.kind,
    }),
    ...design.notes,
  ]
  const examples = analysis.reading.figures.some((figure) => figure.flags.includes('example'))
  if ((examples || analysis.reading.template.dominated) && input.kind === 'document') sentences.push(texts.templateNote(examples))
  return sentences.join(' ')
}

/** Reads the input and chooses its story, without the complexity (shared by every complexity). */
export function analyzeText(input: AnalysisInput, signal?: AbortSignal): Analysis {
  const reading = readDocument(input.pages, signal)
  if (reading.pages.length === 0) {
    throw new AnalysisError(
      'no_content',
      input.kind === 'document'
        ? 'The document has no readable text (not even by text recognition); describe the service in words instead.'
        : 'The description is empty; describe the service in a few sentences.',
    )
  }
  const context: DesignContext = { texts: textsFor(input.language), currency: input.currency, inputKind: input.kind, reading }
  return { reading, choice: chooseStory(reading, context), context }
}

/** The calculator definition for `input`, validated; throws AnalysisError. */
export function buildCalculator(input: AnalysisInput, signal?: AbortSignal): CalculatorData {
  signal?.throwIfAborted()
  return calculatorFor(input, analyzeText(input, signal))
}

/** The calculator of an analysis already made. */
export function calculatorFor(input: AnalysisInput, analysis: Analysis): CalculatorData {
  const { texts } = analysis.context
  const definition = assembleCalculator({
    design: analysis.choice.design,
    complexity: input.complexity,
    name: calculatorName({ inputKind: input.kind, pages: analysis.reading.pages, texts }),
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
