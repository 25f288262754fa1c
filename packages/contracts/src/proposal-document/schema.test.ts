import { describe, expect, it } from 'vitest'
import { brandColorProblem } from './brand-colour.ts'
import { defaultProposalDocument, plainTextOf, richTextOfPlain, type ProposalDocument } from './model.ts'
import { proposalDocumentSchema, saveDraftBodySchema, UNSAFE_LINK_MESSAGE } from './schema.ts'

const written = {
  title: 'Cold-chain monitoring for Nordkyl',
  templateType: 'standard',
  executiveSummary: 'Nordkyl loses stock when a fridge fails at night.',
  problemStatement: 'Today:\n- 3 alarms a month\n- 40 hours of checks',
  solutionOverview: null,
  valueProposition: '',
  callToAction: 'Book a pilot.',
}

function messages(value: unknown): string[] {
  const result = proposalDocumentSchema.safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('defaultProposalDocument', () => {
  it('keeps the written sections that hold words, in SPEC §2 order, with one calculator', () => {
    const document = defaultProposalDocument(written)
    expect(document.blocks.map((block) => block.id)).toEqual(['executiveSummary', 'problemStatement', 'calculator', 'callToAction'])
    expect(proposalDocumentSchema.parse(document)).toEqual(document)
  })

  it('reads bullet lines as a list', () => {
    const rich = richTextOfPlain('Today:\n- 3 alarms a month\n- 40 hours of checks\n\n- one\n- two')
    expect(rich.content.map((node) => node.type)).toEqual(['paragraph', 'bulletList'])
    expect(plainTextOf(rich)).toContain('two')
  })

  it('lays out the executive brief with the summary as its lead and Next Steps last', () => {
    const document = defaultProposalDocument({ ...written, templateType: 'executive', callToAction: null })
    expect(document.blocks.map((block) => block.id)).toEqual(['lead', 'calculator', 'problemStatement', 'callToAction'])
  })
})

describe('proposalDocumentSchema', () => {
  const document: ProposalDocument = defaultProposalDocument(written)
  const withBlock = (block: unknown) => ({ ...document, blocks: [...document.blocks, block] })

  it('refuses unknown node types, marks and fields', () => {
    expect(messages(withBlock({ id: 'x', type: 'video', src: 'https://x' }))).toEqual(['Unknown block type'])
    const script = { id: 's', type: 'section', content: { type: 'doc', content: [{ type: 'script', content: [] }] } }
    expect(messages(withBlock(script)).length).toBeGreaterThan(0)
    const html = { id: 'h', type: 'section', html: '<b>x</b>', content: { type: 'doc', content: [] } }
    expect(messages(withBlock(html)).length).toBeGreaterThan(0)
  })

  it('refuses javascript: and http: links, in text and buttons', () => {
    const link = (href: string) => ({
      id: 'l',
      type: 'section',
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }] }],
      },
    })
    expect(messages(withBlock(link('javascript:alert(1)')))).toContain(UNSAFE_LINK_MESSAGE)
    expect(messages(withBlock(link('http://example.com')))).toContain(UNSAFE_LINK_MESSAGE)
    expect(messages(withBlock(link('https://example.com')))).toEqual([])
    expect(messages(withBlock({ id: 'b', type: 'button', label: 'Go', href: 'javascript:void(0)' }))).toContain(UNSAFE_LINK_MESSAGE)
  })

  it('refuses an image from another host and one without alt text', () => {
    const image = { id: 'i', type: 'image', imageId: 'https://evil.example/x.png', alt: 'x', width: 10, height: 10 }
    expect(messages(withBlock(image))).toEqual(['Images come from this proposal’s uploads only'])
    expect(messages(withBlock({ ...image, imageId: 'A'.repeat(22), alt: ' ' })).join()).toMatch(/alt text/)
  })

  it('refuses nesting 1,000 deep without overflowing the stack', () => {
    let node: unknown = { type: 'paragraph' }
    for (let depth = 0; depth < 1000; depth++) node = { type: 'bulletList', content: [{ type: 'listItem', content: [node] }] }
    expect(messages(withBlock({ id: 'deep', type: 'section', content: { type: 'doc', content: [node] } }))).toEqual([
      'The document is nested more than 24 levels deep',
    ])
  })

  it('holds exactly one calculator and unique block ids', () => {
    expect(messages({ ...document, blocks: document.blocks.filter((block) => block.type !== 'calculator') })).toEqual([
      'A proposal holds exactly one calculator block',
    ])
    expect(messages(withBlock({ id: 'calculator', type: 'quote', text: 'Great' }))).toEqual(['Block ids must be unique'])
  })

  it('needs a revision with the document when saving', () => {
    expect(saveDraftBodySchema.safeParse({ document }).success).toBe(false)
    expect(saveDraftBodySchema.safeParse({ document, revision: 3 }).success).toBe(true)
  })
})

describe('brandColorProblem', () => {
  it('takes a colour that reads on white and stands out on dark', () => {
    expect(brandColorProblem('#2563eb')).toBeUndefined()
    expect(brandColorProblem('#ffd500')).toBe('light')
    expect(brandColorProblem('#101010')).toBe('dark')
    expect(brandColorProblem('blue')).toBe('format')
  })
})
