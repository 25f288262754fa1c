// "Write this section again" (issue 37): one written section of the owner's document, in the
// proposal's language, from its calculator and its input text, by the configured writer. The draft
// is not changed here: the editor puts the text in and autosaves it like any edit.
import { richTextOfPlain, type ProposalDocument, type RichText } from '@valueproof/contracts/proposal-document'
import { errors, HttpError } from '@valueproof/http-kit'
import type { Proposal } from '../db.ts'
import { publishedDocument, storedDocument } from '../presenters/proposal.ts'
import { detectLanguage, WritingError, type Language } from '../writing/index.ts'
import { accountOf } from './accounts.ts'
import { brandingFor } from './branding.ts'
import { notFound, owned } from './proposal-management.ts'
import { checkedCalculatorData, type ProposalDeps } from './proposals.ts'

export const SECTION_NOT_FOUND_MESSAGE = 'This proposal has no such section. Reload the editor to see its sections.'
export const SECTION_NOT_WRITTEN_MESSAGE =
  'Only a section the writer wrote can be written again; this one was added by hand, so edit its text instead.'

/** The document the owner edits: the saved draft, else the one the prospect sees. */
export function editedDocumentOf(proposal: Proposal): ProposalDocument {
  return storedDocument(proposal.draftDocument) ?? publishedDocument(proposal)
}

/** The proposal's language: its calculator's (as the page's headings follow it), else what its words are in. */
function languageOf(calculatorData: ReturnType<typeof checkedCalculatorData>, input: string): Language {
  return calculatorData.language ?? detectLanguage(calculatorData, input)
}

export async function rewriteSection(
  deps: Pick<ProposalDeps, 'prisma' | 'writer' | 'publicOrigin'>,
  props: { userId: number; proposalId: string; blockId: string; signal?: AbortSignal },
): Promise<{ content: RichText }> {
  const where = owned({ userId: props.userId, proposalId: props.proposalId })
  const proposal = await deps.prisma.proposal.findFirst({ where })
  if (!proposal) throw notFound()
  const block = editedDocumentOf(proposal).blocks.find((candidate) => candidate.id === props.blockId)
  if (!block) throw errors.notFound(SECTION_NOT_FOUND_MESSAGE, 'section_not_found')
  if (block.type !== 'section' || block.written === undefined) throw errors.badRequest(SECTION_NOT_WRITTEN_MESSAGE, 'section_not_written')
  const calculatorData = checkedCalculatorData(proposal.calculatorData)
  const input = proposal.content ?? ''
  const branding = brandingFor(await accountOf(deps.prisma, props.userId), deps.publicOrigin)
  try {
    const text = await deps.writer.writeSection(
      {
        calculatorData,
        input,
        templateType: proposal.templateType === 'executive' ? 'executive' : 'standard',
        language: languageOf(calculatorData, input),
        contact: branding.contact,
      },
      block.written,
      props.signal,
    )
    return { content: richTextOfPlain(text) }
  } catch (error) {
    if (error instanceof WritingError) throw new HttpError(error.status, `writing_${error.code}`, error.message)
    throw error
  }
}
