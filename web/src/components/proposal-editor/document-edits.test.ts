import { defaultProposalDocument, type ProposalBlock, type ProposalDocument } from '@valueproof/contracts/proposal-document'
import { describe, expect, it } from 'vitest'
import {
  addBlock,
  blockProblems,
  deleteBlock,
  restoreBlock,
  documentToSave,
  duplicateBlock,
  moveBlock,
  newBlockId,
  replaceBlock,
  toggleHidden,
} from './document-edits.ts'

const written: ProposalDocument = defaultProposalDocument({
  title: 'Payroll for Nordkyl',
  templateType: 'document',
  executiveSummary: 'Less time on payroll.',
  problemStatement: 'Payroll takes two days a month.',
  solutionOverview: null,
  valueProposition: null,
  callToAction: 'Book a call.',
})
const ids = (document: ProposalDocument) => document.blocks.map((block) => block.id)

describe('document edits', () => {
  it('the written document is what the test expects', () => {
    expect(ids(written)).toEqual(['executiveSummary', 'problemStatement', 'calculator', 'callToAction'])
  })

  it('moves blocks up and down, the calculator too, and not past the ends', () => {
    expect(ids(moveBlock(written, 2, -1))).toEqual(['executiveSummary', 'calculator', 'problemStatement', 'callToAction'])
    expect(ids(moveBlock(written, 0, 1))).toEqual(['problemStatement', 'executiveSummary', 'calculator', 'callToAction'])
    expect(moveBlock(written, 0, -1)).toBe(written)
    expect(moveBlock(written, 3, 1)).toBe(written)
  })

  it('hides and shows a block without a stray hidden: false', () => {
    const hidden = toggleHidden(written, 1)
    expect(hidden.blocks[1]?.hidden).toBe(true)
    expect(toggleHidden(hidden, 1).blocks[1]).toEqual(written.blocks[1])
  })

  it('duplicates a section after itself with a new id, never the calculator, and deletes all but the calculator', () => {
    const copied = duplicateBlock(written, 1, 'copy1')
    expect(ids(copied)).toEqual(['executiveSummary', 'problemStatement', 'copy1', 'calculator', 'callToAction'])
    expect(copied.blocks[2]).toMatchObject({
      type: 'section',
      written: 'problemStatement',
      content: written.blocks[1]?.type === 'section' ? written.blocks[1].content : {},
    })
    expect(duplicateBlock(written, 2, 'copy2')).toBe(written)
    expect(ids(deleteBlock(written, 0))).toEqual(['problemStatement', 'calculator', 'callToAction'])
    expect(deleteBlock(written, 2)).toBe(written)
  })

  it('puts a deleted block back where it was, once', () => {
    const deleted = { block: written.blocks[1] as ProposalBlock, index: 1 }
    const restored = restoreBlock(deleteBlock(written, 1), deleted)
    expect(ids(restored)).toEqual(ids(written))
    expect(restoreBlock(restored, deleted)).toBe(restored)
    expect(ids(restoreBlock(deleteBlock(written, 1), { ...deleted, index: 99 }))).toEqual([
      'executiveSummary',
      'calculator',
      'callToAction',
      'problemStatement',
    ])
  })

  it('gives a duplicated pricing table lines of their own ids', () => {
    const priced = replaceBlock(addBlock(written, 'pricing', 'price'), 4, {
      id: 'price',
      type: 'pricing',
      items: [{ id: 'l1', description: 'Licence', quantity: 10, unit: 'seat', unitPrice: 8, recurrence: 'month' }],
    })
    const copied = duplicateBlock(priced, 4, 'price2')
    const copy = copied.blocks[5]
    expect(copy?.type === 'pricing' ? copy.items.map((item) => item.id) : []).toEqual(['price2-0'])
    expect(documentToSave(copied)).toEqual({ document: copied })
  })

  it('new ids are unused ones of the schema’s form', () => {
    const answers = ['executiveSummary', 'abc-def']
    const taken: ProposalDocument = { ...written, blocks: [...written.blocks, { id: 'bexecutiveSum', type: 'quote', text: 'Fast' }] }
    const id = newBlockId(taken, () => answers.shift() ?? '')
    expect(id).toBe('babcdef')
  })

  it('leaves out a new image until it is uploaded and has alt text, and says so by field', () => {
    const withImage = addBlock(written, 'image', 'img')
    const image = withImage.blocks[4]
    if (image?.type !== 'image') throw new Error('no image block')
    expect(blockProblems(image).imageId).toBe('Upload an image')
    expect(blockProblems(image).alt).toContain('alt text')
    expect(documentToSave(withImage)).toEqual({ document: written })
    const uploaded = replaceBlock(withImage, 4, { ...image, imageId: 'AAAAAAAAAAAAAAAAAAAAAA', width: 800, height: 600 })
    expect(Object.keys(blockProblems(uploaded.blocks[4] ?? image))).toEqual(['alt'])
    const described = replaceBlock(uploaded, 4, {
      ...image,
      imageId: 'AAAAAAAAAAAAAAAAAAAAAA',
      width: 800,
      height: 600,
      alt: 'The dashboard',
    })
    expect(documentToSave(described)).toEqual({ document: described })
  })

  it('refuses a button with an unsafe link and a quote without words, in words a seller reads', () => {
    const button = { id: 'b', type: 'button', label: 'Book', href: 'javascript:alert(1)' } as const
    expect(blockProblems(button)).toEqual({ href: 'Links must start with https: or mailto:' })
    expect(blockProblems({ id: 'q', type: 'quote', text: '' })).toEqual({ text: 'Please enter the quote' })
  })

  it('saves nothing without a title', () => {
    expect(documentToSave({ ...written, title: '  ' })).toEqual({ problem: 'Please enter a title for the proposal' })
    expect(documentToSave(written)).toEqual({ document: written })
  })
})
