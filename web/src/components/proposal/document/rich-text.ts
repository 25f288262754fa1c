// A section's rich text (the editor's TipTap JSON, issue 37) as React elements: every string is a
// text child and no HTML is ever parsed, so nothing the seller or a writer typed runs on the page.
// The server refuses unknown nodes; the page still skips any it does not know rather than guess.
import {
  isSafeHref,
  type RichBlockNode,
  type RichInline,
  type RichListItem,
  type RichMark,
  type RichText,
} from '@valueproof/contracts/proposal-document'
import { createElement, Fragment, type ReactNode } from 'react'

const LINK_CLASS =
  'text-primary underline underline-offset-4 hover:no-underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/** What a link opens: https in a new tab without telling it where the prospect came from; mailto in place. */
export function linkProps(href: string): { href: string; target?: '_blank'; rel?: string } | undefined {
  if (!isSafeHref(href)) return undefined
  return href.toLowerCase().startsWith('https:') ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href }
}

function markedText(text: string, marks: readonly RichMark[] | undefined, key: number): ReactNode {
  let node: ReactNode = text
  for (const mark of marks ?? []) {
    if (mark.type === 'bold') node = createElement('strong', null, node)
    else if (mark.type === 'italic') node = createElement('em', null, node)
    else if (mark.type === 'link') {
      // An unsafe link stays its words: the text is the seller's, the target is not shown.
      const props = linkProps(typeof mark.attrs.href === 'string' ? mark.attrs.href : '')
      if (props !== undefined) node = createElement('a', { ...props, className: LINK_CLASS }, node)
    }
  }
  return createElement(Fragment, { key }, node)
}

function inlines(content: readonly RichInline[] | undefined): ReactNode[] {
  return (content ?? []).map((inline, index) => {
    if (inline.type === 'hardBreak') return createElement('br', { key: index })
    if (inline.type === 'text' && typeof inline.text === 'string') return markedText(inline.text, inline.marks, index)
    return null
  })
}

function listItems(items: readonly RichListItem[]): ReactNode[] {
  return items.map((item, index) =>
    item.type === 'listItem' ? createElement('li', { key: index, className: 'grid gap-2' }, blocks(item.content)) : null,
  )
}

function block(node: RichBlockNode, key: number): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return createElement('p', { key }, ...inlines(node.content))
    case 'heading':
      return node.attrs.level === 4
        ? createElement('h4', { key, className: 'text-base font-semibold' }, ...inlines(node.content))
        : createElement('h3', { key, className: 'text-lg font-semibold' }, ...inlines(node.content))
    case 'bulletList':
      return createElement('ul', { key, className: 'grid list-disc gap-2 pl-6' }, ...listItems(node.content))
    case 'orderedList': {
      const start = node.attrs?.start
      return createElement(
        'ol',
        { key, className: 'grid list-decimal gap-2 pl-6', start: typeof start === 'number' && start !== 1 ? start : undefined },
        ...listItems(node.content),
      )
    }
    default:
      return null
  }
}

function blocks(nodes: readonly RichBlockNode[] | undefined): ReactNode[] {
  return (nodes ?? []).map((node, index) => block(node, index))
}

/** Rich text as a column of paragraphs, headings and lists. */
export function richTextElement(richText: RichText, className = 'grid gap-3 leading-relaxed'): ReactNode {
  return createElement('div', { className }, ...blocks(richText.content))
}
