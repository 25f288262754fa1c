// What the seller does to the proposal's blocks (issue 37), as pure functions of the document:
// move, hide, duplicate, delete and add, and which blocks are ready to save. The calculator block
// is exactly one: it moves and hides but is never duplicated or deleted.
import { proposalBlockSchema, proposalDocumentSchema } from '@valueproof/contracts'
import type { ProposalBlock, ProposalBlockType, ProposalDocument } from '@valueproof/contracts/proposal-document'

export type AddableBlockType = Exclude<ProposalBlockType, 'calculator'>
export const ADDABLE_BLOCKS: readonly { type: AddableBlockType; label: string }[] = [
  { type: 'section', label: 'Section' },
  { type: 'image', label: 'Image' },
  { type: 'pricing', label: 'Pricing table' },
  { type: 'quote', label: 'Quote' },
  { type: 'button', label: 'Button' },
]

/** The object with `key` set, or without it when `value` is undefined (the schema has no nulls). */
export function withField<Target extends object, Key extends keyof Target>(
  target: Target,
  key: Key,
  value: Target[Key] | undefined,
): Target {
  const copy = { ...target }
  if (value === undefined) delete copy[key]
  else copy[key] = value
  return copy
}

/** A block id unused in the document (the schema's 1–40 of [A-Za-z0-9_-]). */
export function newBlockId(document: ProposalDocument, random: () => string = () => crypto.randomUUID()): string {
  const taken = new Set(document.blocks.map((block) => block.id))
  for (;;) {
    const id = `b${random().replaceAll('-', '').slice(0, 12)}`
    if (!taken.has(id)) return id
  }
}

function replaceBlocks(document: ProposalDocument, blocks: ProposalBlock[]): ProposalDocument {
  return { ...document, blocks }
}

export function moveBlock(document: ProposalDocument, index: number, delta: -1 | 1): ProposalDocument {
  const target = index + delta
  if (target < 0 || target >= document.blocks.length) return document
  const blocks = [...document.blocks]
  const [moved] = blocks.splice(index, 1)
  if (moved === undefined) return document
  blocks.splice(target, 0, moved)
  return replaceBlocks(document, blocks)
}

export function toggleHidden(document: ProposalDocument, index: number): ProposalDocument {
  return replaceBlocks(
    document,
    document.blocks.map((block, at) => {
      if (at !== index) return block
      const { hidden, ...shown } = block
      return hidden === true ? shown : { ...block, hidden: true }
    }),
  )
}

export function canCopyOrDelete(block: ProposalBlock): boolean {
  return block.type !== 'calculator'
}

/** The copy goes right after the block, with its own id (and a pricing table's lines their own too). */
export function duplicateBlock(document: ProposalDocument, index: number, id = newBlockId(document)): ProposalDocument {
  const block = document.blocks[index]
  if (block === undefined || !canCopyOrDelete(block)) return document
  const copy: ProposalBlock = structuredClone({ ...block, id })
  if (copy.type === 'section') delete copy.lead
  if (copy.type === 'pricing') copy.items = copy.items.map((item, at) => ({ ...item, id: `${id}-${at}` }))
  const blocks = [...document.blocks]
  blocks.splice(index + 1, 0, copy)
  return replaceBlocks(document, blocks)
}

/** A deleted block put back where it was ("Undo"): after it, the seller's later edits stay as they are. */
export function restoreBlock(document: ProposalDocument, deleted: { block: ProposalBlock; index: number }): ProposalDocument {
  if (document.blocks.some((block) => block.id === deleted.block.id)) return document
  const at = Math.min(deleted.index, document.blocks.length)
  return replaceBlocks(document, [...document.blocks.slice(0, at), deleted.block, ...document.blocks.slice(at)])
}

export function deleteBlock(document: ProposalDocument, index: number): ProposalDocument {
  const block = document.blocks[index]
  if (block === undefined || !canCopyOrDelete(block)) return document
  return replaceBlocks(
    document,
    document.blocks.filter((_, at) => at !== index),
  )
}

/** A new, empty block of that type (an image waits for its upload and alt text before it is saved). */
export function emptyBlock(type: AddableBlockType, id: string): ProposalBlock {
  switch (type) {
    case 'section':
      return { id, type, heading: 'New section', content: { type: 'doc', content: [{ type: 'paragraph' }] } }
    case 'image':
      return { id, type, imageId: '', alt: '', width: 0, height: 0 }
    case 'pricing':
      return { id, type, items: [] }
    case 'quote':
      return { id, type, text: '', author: '' }
    case 'button':
      return { id, type, label: '', href: 'https://' }
  }
}

export function addBlock(document: ProposalDocument, type: AddableBlockType, id = newBlockId(document)): ProposalDocument {
  return replaceBlocks(document, [...document.blocks, emptyBlock(type, id)])
}

export function replaceBlock(document: ProposalDocument, index: number, block: ProposalBlock): ProposalDocument {
  return replaceBlocks(
    document,
    document.blocks.map((current, at) => (at === index ? block : current)),
  )
}

/** Friendlier words than the schema's for a field left empty. */
const EMPTY_FIELD_MESSAGES: Readonly<Record<string, string>> = {
  imageId: 'Upload an image',
  text: 'Please enter the quote',
  label: 'Please enter the button’s label',
}

/** A block's problems by field path ("alt", "items.0.description"), in the server schema's words. */
export function blockProblems(block: ProposalBlock): Readonly<Record<string, string>> {
  const parsed = proposalBlockSchema.safeParse(block)
  if (parsed.success) return {}
  const problems: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.')
    problems[path] ??= EMPTY_FIELD_MESSAGES[path] ?? issue.message
  }
  return problems
}

/**
 * The document the autosave sends: blocks that are not ready yet (an image without its upload or
 * alt text, a button without a safe link) stay out until they are, with their problems shown.
 * A problem when the whole document cannot go (no title): the status and the field say why.
 */
export function documentToSave(document: ProposalDocument): { document: ProposalDocument } | { problem: string } {
  const ready = { ...document, blocks: document.blocks.filter((block) => Object.keys(blockProblems(block)).length === 0) }
  const parsed = proposalDocumentSchema.safeParse(ready)
  return parsed.success ? { document: ready } : { problem: parsed.error.issues[0]?.message ?? 'The document cannot be saved' }
}
