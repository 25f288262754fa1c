import {
  CALCULATOR_NOT_FOUND_MESSAGE,
  contentOfPages,
  type GenerationWarning,
  NOTHING_TO_REGENERATE_MESSAGE,
  type RegenerateCalculatorBody,
  type SavedCalculator,
} from '@valueproof/contracts'
import type { CalculatorData } from '@valueproof/formula'
import type { DocumentExtractor } from '@valueproof/documents'
import type { ObjectStore } from '@valueproof/object-store'
import { errors } from '@valueproof/http-kit'
import { storableCopy, storableText } from '../../analysis/storable-output.ts'
import type { AnalysisInput, TextPage } from '../../analysis/types.ts'
import { Prisma } from '../../db.ts'
import { analyzeInput, type GenerationDeps } from '../../domain/generation.ts'
import { openableCalculator, presentSaved } from '../../domain/saved-calculators.ts'
import { extractDocument } from '../generation/documents.ts'

export interface RegenerationDeps extends GenerationDeps {
  documents: DocumentExtractor
  objectStore: ObjectStore
}

export const DOCUMENT_GONE_MESSAGE =
  "This calculator's document is no longer stored. Upload the document again to generate a new calculator."

type Row = Awaited<ReturnType<typeof openableCalculator>>

/** The stored input's pages: the description, or the stored document read again (page numbers kept for quotes). */
async function storedPages(
  deps: RegenerationDeps,
  row: Row,
  signal: AbortSignal,
): Promise<{ pages: readonly TextPage[]; content?: string }> {
  if (row.inputKind !== 'document') return { pages: [{ page: 1, text: row.description ?? '' }] }
  const stored = row.documentKey === null ? null : await deps.objectStore.get(row.documentKey)
  if (stored === null) throw errors.conflict(DOCUMENT_GONE_MESSAGE, 'document_gone')
  const document = await extractDocument(deps.documents, stored.body, signal)
  return { pages: document.pages, content: storableText(contentOfPages(document.pages)) }
}

/**
 * Regenerate (issue 15): the selected calculator's own stored input, analysed again with the
 * settings chosen now (default: those it was made with). The calculator is replaced in place — same
 * id, same place in the list — and its values return to the new definition's defaults. It is not a
 * new calculator (docs/decisions/129): the month's count, its event and the allowance check are
 * left alone, so it works at the month's limit too, and it keeps its number in the month it was
 * made in. A locked calculator is refused (403), and so is one started from a template (409: it
 * has no input of its own).
 */
export async function regenerateSaved(
  deps: RegenerationDeps,
  props: { userId: number; id: string; choice: RegenerateCalculatorBody; signal: AbortSignal },
): Promise<{ parameters: CalculatorData; calculator: SavedCalculator; warnings: GenerationWarning[] }> {
  const row = await openableCalculator(deps.prisma, props)
  if (row.inputKind === 'template') throw errors.conflict(NOTHING_TO_REGENERATE_MESSAGE, 'nothing_to_regenerate')
  const { pages, content } = await storedPages(deps, row, props.signal)
  const input: AnalysisInput = {
    kind: row.inputKind === 'document' ? 'document' : 'description',
    pages,
    complexity: props.choice.complexity ?? (row.complexity as AnalysisInput['complexity']),
    language: props.choice.language ?? (row.language as AnalysisInput['language']),
    currency: props.choice.currency ?? (row.currency as AnalysisInput['currency']),
    ...(row.fileName ? { fileName: row.fileName } : {}),
  }
  const { calculatorData, warnings } = await analyzeInput(deps, input, props.signal)
  const config = storableCopy(calculatorData)
  const data: Prisma.SavedCalculatorUpdateManyMutationInput = {
    name: config.name,
    config: config as unknown as Prisma.InputJsonValue,
    values: Prisma.DbNull,
    // A new first guess: the figures panel starts again from the text.
    figureChoices: Prisma.DbNull,
    language: input.language,
    currency: input.currency,
    complexity: input.complexity,
    ...(content === undefined ? {} : { content }),
  }
  const calculator = await deps.prisma.$transaction(async (tx) => {
    // Deleted while it was analysed: nothing to replace.
    const { count } = await tx.savedCalculator.updateMany({ where: { id: row.id, userId: props.userId }, data })
    if (count === 0) throw errors.notFound(CALCULATOR_NOT_FOUND_MESSAGE)
    return presentSaved(await tx.savedCalculator.findUniqueOrThrow({ where: { id: row.id } }))
  })
  return { parameters: config, calculator, warnings }
}
