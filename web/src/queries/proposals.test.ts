import type { ProposalDocument } from '@valueproof/contracts/proposal-document'
import { describe, expect, it } from 'vitest'
import { proposalSchema } from './proposals.ts'

const written = {
  id: 'p1',
  title: 'Support automation',
  executiveSummary: 'We cut handling time.',
  problemStatement: 'Tickets pile up.',
  solutionOverview: null,
  valueProposition: '',
  callToAction: 'Book a call.',
  calculatorData: null,
}

describe("the proposal page's document", () => {
  it('is the document the server sends', () => {
    const document: ProposalDocument = { title: 'Edited', blocks: [{ id: 'q', type: 'quote', text: 'Great.' }] }
    expect(proposalSchema.parse({ ...written, document }).document).toEqual(document)
  })

  it('is the default document of the written sections when the answer has none (a service from before it)', () => {
    const parsed = proposalSchema.parse({ ...written, templateType: 'executive' })
    expect(parsed.document.title).toBe('Support automation')
    expect(parsed.document.blocks.map((block) => block.id)).toEqual(['lead', 'calculator', 'problemStatement', 'callToAction'])
    expect(proposalSchema.parse({ ...written, document: null }).document.blocks.map((block) => block.id)).toEqual([
      'executiveSummary',
      'problemStatement',
      'calculator',
      'callToAction',
    ])
  })

  it('refuses a document without blocks', () => {
    expect(proposalSchema.safeParse({ ...written, document: { title: 'x' } }).success).toBe(false)
  })
})
