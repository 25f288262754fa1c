import type { RichText } from '@valueproof/contracts/proposal-document'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { linkProps, richTextElement } from './rich-text.ts'

const markup = (richText: RichText) => renderToStaticMarkup(richTextElement(richText, 'text'))

describe('richTextElement', () => {
  it('writes paragraphs, headings, lists, marks and breaks as elements', () => {
    const html = markup({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Why now' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Save ' },
            { type: 'text', text: 'hours', marks: [{ type: 'bold' }, { type: 'italic' }] },
            { type: 'hardBreak' },
            { type: 'text', text: 'every week' },
          ],
        },
        { type: 'heading', attrs: { level: 4 }, content: [{ type: 'text', text: 'Details' }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'One' }] }] }] },
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Three' }] }] }],
        },
      ],
    })
    expect(html).toBe(
      '<div class="text"><h3 class="text-lg font-semibold">Why now</h3><p>Save <em><strong>hours</strong></em><br/>every week</p>' +
        '<h4 class="text-base font-semibold">Details</h4><ul class="grid list-disc gap-2 pl-6"><li class="grid gap-2"><p>One</p></li></ul>' +
        '<ol class="grid list-decimal gap-2 pl-6" start="3"><li class="grid gap-2"><p>Three</p></li></ol></div>',
    )
  })

  it('keeps markup typed as text: it is escaped, never parsed', () => {
    const html = markup({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] }],
    })
    expect(html).toBe('<div class="text"><p>&lt;img src=x onerror=alert(1)&gt;</p></div>')
  })

  it('links https in a new tab without the opener, mailto in place, and drops an unsafe link to its words', () => {
    const link = (href: string) => ({ type: 'text' as const, text: href.slice(0, 6), marks: [{ type: 'link' as const, attrs: { href } }] })
    const html = markup({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [link('https://example.com/a'), link('mailto:anna@example.com'), link('javascript:alert(1)')] },
      ],
    })
    expect(html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer"')
    expect(html).toContain('<a href="mailto:anna@example.com" class=')
    expect(html).not.toContain('javascript:')
    expect(html).toContain('javasc</p>')
  })

  it('skips nodes it does not know instead of guessing', () => {
    const unknown = { type: 'doc', content: [{ type: 'codeBlock', content: [{ type: 'text', text: 'x' }] }] } as unknown as RichText
    expect(markup(unknown)).toBe('<div class="text"></div>')
  })
})

describe('linkProps', () => {
  it('opens https and mailto only', () => {
    expect(linkProps('https://a.se')).toEqual({ href: 'https://a.se', target: '_blank', rel: 'noopener noreferrer' })
    expect(linkProps('mailto:a@b.se')).toEqual({ href: 'mailto:a@b.se' })
    expect(linkProps('http://a.se')).toBeUndefined()
    expect(linkProps('data:text/html,hi')).toBeUndefined()
  })
})
