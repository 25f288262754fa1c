import { getSchema, type JSONContent } from '@tiptap/core'
import { Node } from '@tiptap/pm/model'
import { richTextSchema } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { PROPOSAL_EXTENSIONS } from './editor-extensions.ts'
import { richTextOfEditor } from './rich-text-json.ts'

const schema = getSchema(PROPOSAL_EXTENSIONS)

/** JSON as the editor holds it: parsed into the editor's schema, so TipTap's default attributes are filled in. */
function editorJson(json: JSONContent): JSONContent {
  return Node.fromJSON(schema, json).toJSON() as JSONContent
}

const text = (value: string, marks?: JSONContent['marks']): JSONContent => ({ type: 'text', text: value, ...(marks ? { marks } : {}) })

describe('richTextOfEditor', () => {
  it('keeps only href of a link and drops TipTap attributes the contract has no place for', () => {
    const json = editorJson({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [text('Read '), text('the case', [{ type: 'link', attrs: { href: 'https://example.com/case' } }, { type: 'bold' }])],
        },
        { type: 'orderedList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('One')] }] }] },
      ],
    })
    // TipTap's own JSON carries target, rel, class and the list's type: the server would refuse them.
    expect(JSON.stringify(json)).toContain('"target"')
    const rich = richTextOfEditor(json)
    expect(rich).toEqual({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Read ' },
            { type: 'text', text: 'the case', marks: [{ type: 'link', attrs: { href: 'https://example.com/case' } }, { type: 'bold' }] },
          ],
        },
        {
          type: 'orderedList',
          content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'One' }] }] }],
        },
      ],
    })
    expect(richTextSchema.safeParse(rich).success).toBe(true)
  })

  it('keeps headings 3 and 4, bullet lists, hard breaks, italic and an ordered list start', () => {
    const json = editorJson({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 4 }, content: [text('Costs')] },
        { type: 'paragraph', content: [text('a', [{ type: 'italic' }]), { type: 'hardBreak' }, text('b')] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('x')] }] }] },
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('y')] }] }],
        },
      ],
    })
    const rich = richTextOfEditor(json)
    expect(rich.content.map((node) => node.type)).toEqual(['heading', 'paragraph', 'bulletList', 'orderedList'])
    expect(rich.content[0]).toEqual({ type: 'heading', attrs: { level: 4 }, content: [{ type: 'text', text: 'Costs' }] })
    expect(rich.content[1]).toEqual({
      type: 'paragraph',
      content: [{ type: 'text', text: 'a', marks: [{ type: 'italic' }] }, { type: 'hardBreak' }, { type: 'text', text: 'b' }],
    })
    expect(rich.content[3]).toMatchObject({ type: 'orderedList', attrs: { start: 3 } })
    expect(richTextSchema.safeParse(rich).success).toBe(true)
  })

  it('drops empty text nodes and leaves an empty paragraph without content', () => {
    const rich = richTextOfEditor({ type: 'doc', content: [{ type: 'paragraph', content: [text('')] }, { type: 'paragraph' }] })
    expect(rich).toEqual({ type: 'doc', content: [{ type: 'paragraph' }, { type: 'paragraph' }] })
    expect(richTextSchema.safeParse(rich).success).toBe(true)
  })

  it('drops a link the schema refuses (javascript:) but keeps its words', () => {
    const rich = richTextOfEditor({
      type: 'doc',
      content: [{ type: 'paragraph', content: [text('click', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])] }],
    })
    expect(rich).toEqual({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'click' }] }] })
  })

  it('drops nodes the contract does not know and gives an emptied list item a paragraph', () => {
    const rich = richTextOfEditor({
      type: 'doc',
      content: [
        { type: 'codeBlock', content: [text('x')] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'image' }] }] },
        { type: 'bulletList', content: [] },
      ],
    })
    expect(rich).toEqual({
      type: 'doc',
      content: [{ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }] }],
    })
    expect(richTextSchema.safeParse(rich).success).toBe(true)
  })
})
