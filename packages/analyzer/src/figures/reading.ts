// The analysis in two halves (issue 36): reading a text (its figures and the role of each) and
// building the calculator from a reading. The built-in analysis runs both at once; the figures
// panel reads once and builds again from the seller's choices — the same composition, no new
// generation.
import { validateCalculatorData, type CalculatorData } from '@valueproof/formula'
import { assumptionsFor, compose, type ComposedModel } from '../compose/compose.ts'
import { documentDraft } from '../documents/document-draft.ts'
import { readDocumentSide, type DocumentSide } from '../documents/document-side.ts'
import { assumedWithStatedPrice, explainModel } from '../explain/calculator.ts'
import type { RoledQuantity } from '../model.ts'
import type { DollarCode } from '../read/figures-types.ts'
import { readQuantities } from '../read/quantities.ts'
import { assignRoles } from '../roles/roles.ts'
import { AnalysisError, type AnalysisInput, type TextPage } from '../types.ts'
import { withSellerRoles, type SellerRole } from './seller-roles.ts'
import { addedStreams, chosenStreams, type StreamKind } from './stream-choices.ts'

export interface FigureReading {
  readonly input: AnalysisInput
  /** A document's tables, price lines and domain (undefined for a description). */
  readonly side: DocumentSide | undefined
  /** The whole text read, for stated exchange rates and whole-text cues. */
  readonly text: string
  /** Every figure of the text with the role the analyzer gave it. */
  readonly roled: readonly RoledQuantity[]
}

/** What the seller chose in the figures panel; JSON, so it is kept with the calculator. */
export interface FigureChoices {
  /** A role by figure index (the index of the figure in the reading). */
  readonly roles?: Readonly<Record<string, SellerRole>>
  /** Streams left out, by their key. */
  readonly removedStreams?: readonly string[]
  /** Streams shown as another kind, by their key. */
  readonly streamKinds?: Readonly<Record<string, StreamKind>>
  /** Streams added, in order, each refilled from the figures found. */
  readonly addedStreams?: readonly StreamKind[]
}

/** What a bare "$" means in a text: the only country's dollars it names, else US dollars. */
function dollarOf(text: string): DollarCode {
  if (/\b(AUD|australian|australia)\b/i.test(text)) return 'AUD'
  if (/\b(CAD|canadian|canada)\b/i.test(text)) return 'CAD'
  if (/\b(NZD|new zealand)\b/i.test(text)) return 'NZD'
  return 'USD'
}

/** The figures of pages and their roles. */
export function readRoles(pages: readonly TextPage[], language: 'en' | 'sv'): { roled: RoledQuantity[]; text: string } {
  const text = pages.map((page) => page.text).join('\n')
  const quantities = readQuantities(pages, {
    dollar: dollarOf(text),
    rand: /\b(ZAR|rand|south africa)\b/i.test(text),
    swedish: language === 'sv',
    language,
  })
  return { roled: assignRoles(quantities, text), text }
}

/** Reads an input: its figures and their roles (a document through the documents stage first). */
export function readFigures(input: AnalysisInput): FigureReading {
  const whole = input.pages
    .map((page) => page.text)
    .join('\n')
    .trim()
  if (whole === '')
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
  const { roled, text } = readRoles(side?.pages ?? input.pages, input.language)
  return { input, side, text, roled }
}

/** The reading composed into streams and a price, with the seller's choices applied. */
export function composeFigures(reading: FigureReading, choices: FigureChoices = {}): ComposedModel {
  const { input } = reading
  const roled = withSellerRoles(reading.roled, choices.roles)
  const added = addedStreams(roled, choices.addedStreams ?? [], input)
  const options = { currency: input.currency, language: input.language, text: reading.text }
  const model = compose([...roled, ...added.quantities], options)
  const hourly = assumptionsFor(options).filter((assumption) => added.hourlyAssumed && assumption.key === 'assumed:hourlyCost')
  const assumptions = [
    ...model.assumptions,
    ...hourly.filter((assumption) => !model.assumptions.some((known) => known.key === assumption.key)),
  ]
  return chosenStreams({ ...model, assumptions, streams: [...model.streams, ...added.streams(model.valueOf)] }, choices)
}

/** Whether the seller's choices touch the price: a document's own price lines then give way to the figures. */
function sellerPriced(reading: FigureReading, choices: FigureChoices): boolean {
  return Object.entries(choices.roles ?? {}).some(([index, role]) => {
    const before = reading.roled[Number(index)]?.role.role
    return role === 'price' || before === 'price'
  })
}

/** The calculator definition of a reading under the seller's choices, validated. */
export function calculatorFromFigures(
  reading: FigureReading,
  choices: FigureChoices = {},
): { model: ComposedModel; calculatorData: CalculatorData } {
  const { input, side } = reading
  const model = composeFigures(reading, choices)
  const draft =
    side !== undefined && !sellerPriced(reading, choices)
      ? documentDraft(side, model, input)
      : model.streams.length > 0
        ? explainModel(model, input)
        : assumedWithStatedPrice(model, input)
  const validated = validateCalculatorData(draft)
  if (!validated.ok)
    throw new Error(
      `the analyzer built an invalid calculator: ${validated.problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ')}`,
    )
  return { model, calculatorData: validated.calculatorData }
}
