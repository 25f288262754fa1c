// The editor's (TipTap) JSON as the contract's rich text (issue 37): TipTap adds attributes the
// contract has no place for (a link's target, rel, class; an ordered list's type) and can hold
// empty text; the server's strict schema refuses both. One function makes a document the schema
// takes, whatever the editor produced.
import type { JSONContent } from '@tiptap/core'
import {
  isSafeHref,
  RICH_HEADING_LEVELS,
  type RichBlockNode,
  type RichHeadingLevel,
  type RichInline,
  type RichListItem,
  type RichMark,
  type RichText,
} from '@valueproof/contracts/proposal-document'

function markOf(mark: { type: string; attrs?: Record<string, unknown> }): RichMark | undefined {
  if (mark.type === 'bold' || mark.type === 'italic') return { type: mark.type }
  const href = mark.attrs?.href
  // A link the schema would refuse is kept as plain text rather than losing the save.
  if (mark.type === 'link' && typeof href === 'string' && isSafeHref(href)) return { type: 'link', attrs: { href } }
  return undefined
}

function inlinesOf(nodes: readonly JSONContent[] | undefined): RichInline[] {
  const inlines: RichInline[] = []
  for (const node of nodes ?? []) {
    if (node.type === 'hardBreak') inlines.push({ type: 'hardBreak' })
    else if (node.type === 'text' && typeof node.text === 'string' && node.text !== '') {
      const marks = (node.marks ?? []).map(markOf).filter((mark) => mark !== undefined)
      inlines.push(marks.length > 0 ? { type: 'text', text: node.text, marks } : { type: 'text', text: node.text })
    }
  }
  return inlines
}

function headingLevel(value: unknown): RichHeadingLevel {
  return RICH_HEADING_LEVELS.find((level) => level === value) ?? 3
}

function listItemsOf(nodes: readonly JSONContent[] | undefined): RichListItem[] {
  return (nodes ?? [])
    .filter((node) => node.type === 'listItem')
    .map((node) => {
      const content = blocksOf(node.content)
      return { type: 'listItem', content: content.length > 0 ? content : [{ type: 'paragraph' }] }
    })
}

function blockOf(node: JSONContent): RichBlockNode | undefined {
  switch (node.type) {
    case 'paragraph': {
      const content = inlinesOf(node.content)
      return content.length > 0 ? { type: 'paragraph', content } : { type: 'paragraph' }
    }
    case 'heading': {
      const content = inlinesOf(node.content)
      const attrs = { level: headingLevel(node.attrs?.level) }
      return content.length > 0 ? { type: 'heading', attrs, content } : { type: 'heading', attrs }
    }
    case 'bulletList': {
      const items = listItemsOf(node.content)
      return items.length > 0 ? { type: 'bulletList', content: items } : undefined
    }
    case 'orderedList': {
      const items = listItemsOf(node.content)
      if (items.length === 0) return undefined
      const start: unknown = node.attrs?.start
      return typeof start === 'number' && Number.isInteger(start) && start !== 1 && start >= 0 && start <= 10_000
        ? { type: 'orderedList', attrs: { start }, content: items }
        : { type: 'orderedList', content: items }
    }
    default:
      return undefined
  }
}

function blocksOf(nodes: readonly JSONContent[] | undefined): RichBlockNode[] {
  return (nodes ?? []).map(blockOf).filter((node) => node !== undefined)
}

/** The editor's JSON as the contract's rich text: only its nodes, marks and attributes, no empty text. */
export function richTextOfEditor(json: JSONContent): RichText {
  return { type: 'doc', content: blocksOf(json.content) }
}
