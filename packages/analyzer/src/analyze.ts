// The pipeline: read → roles → compose (→ explain), and what the evaluation inspects of it.
import { validateCalculatorData, type CalculatorData, type Currency } from '@valueproof/formula'
import { assumedCalculator } from './explain/assumed.ts'
import { explainModel } from './explain/calculator.ts'
import { AnalysisError, type AnalysisInput } from './types.ts'
import { compose, type ComposedModel } from './compose/compose.ts'
import { assignRoles } from './roles/roles.ts'
import { readQuantities } from './read/quantities.ts'
import { documentDraft } from './documents/document-draft.ts'
import { readDocumentSide } from './documents/document-side.ts'
import type { DollarCode } from './read/figures-types.ts'
import type { TextPage } from './types.ts'

export interface Reading {
  readonly model: ComposedModel
  /** The value of every stream per year, at the defaults. */
  readonly grossYearly: number
  /** The recurring price per year at the defaults. */
  readonly priceYearly: number
  /** One-off prices at the defaults. */
  readonly oneOff: number
  /** Gross minus the yearly price and a third of the one-off price (the 3-year horizon). */
  readonly netYearly: number
}

/** What a bare "$" means in a text: the only country's dollars it names, else US dollars. */
function dollarOf(text: string): DollarCode {
  if (/\b(AUD|australian|australia)\b/i.test(text)) return 'AUD'
  if (/\b(CAD|canadian|canada)\b/i.test(text)) return 'CAD'
  if (/\b(NZD|new zealand)\b/i.test(text)) return 'NZD'
  return 'USD'
}

export function readText(pages: readonly TextPage[], options: { language: 'en' | 'sv'; currency: Currency }): Reading {
  const text = pages.map((page) => page.text).join('\n')
  const quantities = readQuantities(pages, {
    dollar: dollarOf(text),
    rand: /\b(ZAR|rand|south africa)\b/i.test(text),
    swedish: options.language === 'sv',
    language: options.language,
  })
  const roled = assignRoles(quantities, text)
  const model = compose(roled, { currency: options.currency, language: options.language, text })
  const grossYearly = model.streams.reduce((sum, stream) => sum + stream.yearly, 0)
  const priceYearly = model.price.filter((term) => term.period === 'year').reduce((sum, term) => sum + term.amount, 0)
  const oneOff = model.price.filter((term) => term.period === 'one-off').reduce((sum, term) => sum + term.amount, 0)
  return { model, grossYearly, priceYearly, oneOff, netYearly: grossYearly - priceYearly - oneOff / 3 }
}

export interface Inspection extends Reading {
  readonly calculatorData: CalculatorData
}

/** The calculator for an input, with what the evaluation reads of its reasoning. */
export function inspectAnalysis(input: AnalysisInput): Inspection {
  const text = input.pages
    .map((page) => page.text)
    .join('\n')
    .trim()
  if (text === '')
    throw new AnalysisError(
      'no_content',
      input.kind === 'document' ? 'The document contains no text to analyse.' : 'Describe the service to analyse.',
    )
  // A document's pages first go through the documents stage: tables as rows, its price lines, its domain.
  const side =
    input.kind === 'document'
      ? readDocumentSide(input.pages, {
          language: input.language,
          currency: input.currency,
          ...(input.fileName === undefined ? {} : { fileName: input.fileName }),
        })
      : undefined
  const reading = readText(side?.pages ?? input.pages, { language: input.language, currency: input.currency })
  const draft =
    side !== undefined
      ? documentDraft(side, reading.model, input)
      : reading.model.streams.length > 0
        ? explainModel(reading.model, input)
        : assumedCalculator(input, undefined, undefined)
  const validated = validateCalculatorData(draft)
  if (!validated.ok)
    throw new Error(
      `the analyzer built an invalid calculator: ${validated.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ')}`,
    )
  return { ...reading, calculatorData: validated.calculatorData }
}

/** The built-in analysis: text in, a validated calculator definition out (or an AnalysisError). */
export function analyze(input: AnalysisInput): CalculatorData {
  return inspectAnalysis(input).calculatorData
}
