// The proposal as the seller's own document (issue 37, docs/decisions/133): a title and blocks in
// order. Rich text is the editor's (TipTap/ProseMirror) JSON restricted to the nodes and marks
// below, so the prospect page and the PDF render the same structure and no HTML is ever stored.
// Types and constants only: the prospect page imports this without the zod schemas
// (`@valueproof/contracts/proposal-document`); schema.ts checks a document the client sends.

/** Marks on a run of text. A link's href is https: or mailto: only. */
export type RichMark = { type: 'bold' } | { type: 'italic' } | { type: 'link'; attrs: { href: string } }

export type RichInline = { type: 'text'; text: string; marks?: RichMark[] } | { type: 'hardBreak' }

export type RichBlockNode =
  | { type: 'paragraph'; content?: RichInline[] }
  | { type: 'heading'; attrs: { level: RichHeadingLevel }; content?: RichInline[] }
  | { type: 'bulletList'; content: RichListItem[] }
  | { type: 'orderedList'; attrs?: { start?: number }; content: RichListItem[] }

export interface RichListItem {
  type: 'listItem'
  content: RichBlockNode[]
}

/** Headings inside a section sit under the section's own h2. */
export const RICH_HEADING_LEVELS = [3, 4] as const
export type RichHeadingLevel = (typeof RICH_HEADING_LEVELS)[number]

export interface RichText {
  type: 'doc'
  content: RichBlockNode[]
}

/**
 * The fixed headings of SPEC §2's two layouts, shown in the proposal's language (formula's
 * proposalTexts holds the words) until the seller types a heading of their own.
 */
export const FIXED_HEADINGS = [
  'executiveSummary',
  'problemStatement',
  'solutionOverview',
  'valueProposition',
  'roiCalculator',
  'nextSteps',
  'keyFinancialImpact',
  'currentChallenge',
  'ourSolution',
  'valueDelivered',
] as const
export type FixedHeading = (typeof FIXED_HEADINGS)[number]

/**
 * Where a section's words were written from (the writers fill these; "regenerate this section"
 * asks for one by it). A section the seller added has none.
 */
export const WRITTEN_SECTIONS = ['executiveSummary', 'problemStatement', 'solutionOverview', 'valueProposition', 'callToAction'] as const
export type WrittenSection = (typeof WRITTEN_SECTIONS)[number]

interface BlockBase {
  /** Stable within the document (reorder, duplicate, autosave); 1–40 characters of [A-Za-z0-9_-]. */
  id: string
  /** Hidden blocks stay in the draft and are left out of the prospect's page and the PDF. */
  hidden?: boolean
}

/** A heading (fixed, custom or none) and rich text. `lead`: the executive summary under the title, without a heading. */
export interface SectionBlock extends BlockBase {
  type: 'section'
  /** The seller's own heading; absent: the fixed one in the proposal's language, or none. */
  heading?: string
  fixedHeading?: FixedHeading
  written?: WrittenSection
  lead?: boolean
  content: RichText
}

export interface ImageBlock extends BlockBase {
  type: 'image'
  /** An image of this proposal in the product's storage (POST /api/proposals/{id}/images). */
  imageId: string
  alt: string
  caption?: string
  /** Pixel size after the server's resize: the page reserves the space, the PDF scales it. */
  width: number
  height: number
}

/** The live calculator: exactly one per document. */
export interface CalculatorBlock extends BlockBase {
  type: 'calculator'
  heading?: string
  fixedHeading?: FixedHeading
}

export const PRICE_RECURRENCES = ['once', 'month', 'year'] as const
export type PriceRecurrence = (typeof PRICE_RECURRENCES)[number]

export interface PricingItem {
  id: string
  description: string
  quantity: number
  /** "seat", "hour", "licens": free text in the proposal's language. */
  unit: string
  /** In the calculator's currency, before discount and tax. */
  unitPrice: number
  recurrence: PriceRecurrence
  /** Off this line, 0–100. */
  discountPercent?: number
  /** The prospect may tick or untick it; `selected` is how it starts. */
  optional?: boolean
  selected?: boolean
}

export interface PricingBlock extends BlockBase {
  type: 'pricing'
  heading?: string
  items: PricingItem[]
  /** Off the whole quote, 0–100, after the lines' own discounts. */
  discountPercent?: number
  /** Added on top, 0–100 (VAT; ROI and payback use the price before tax). */
  taxPercent?: number
}

export interface QuoteBlock extends BlockBase {
  type: 'quote'
  text: string
  /** Who said it ("Anna Berg, CFO, Nordkyl AB"). */
  author?: string
}

export interface ButtonBlock extends BlockBase {
  type: 'button'
  label: string
  /** https: or mailto: only. */
  href: string
}

export type ProposalBlock = SectionBlock | ImageBlock | CalculatorBlock | PricingBlock | QuoteBlock | ButtonBlock
export type ProposalBlockType = ProposalBlock['type']
export const PROPOSAL_BLOCK_TYPES = ['section', 'image', 'calculator', 'pricing', 'quote', 'button'] as const

export interface ProposalDocument {
  title: string
  blocks: ProposalBlock[]
  /** A Pro seller's brand colour, #rrggbb, shown only when it reads against white and dark (brand-colour.ts). */
  brandColor?: string
}

export const PROPOSAL_DOCUMENT_LIMITS = {
  /** The editor's JSON as sent, bytes: a 5,000-word proposal is about 60 KB. */
  maxBytes: 512 * 1024,
  /** Nesting of the JSON (lists in lists): deeper is refused before it is parsed into nodes. */
  maxDepth: 24,
  maxBlocks: 60,
  maxImages: 20,
  maxPricingItems: 50,
  maxTextLength: 20_000,
  maxShortText: 300,
  maxHrefLength: 2_000,
  maxQuantity: 1_000_000,
  maxUnitPrice: 1_000_000_000,
} as const

/** Safe link targets: the page and PDF open nothing else. */
export function isSafeHref(href: string): boolean {
  try {
    const url = new URL(href)
    return url.protocol === 'https:' || url.protocol === 'mailto:'
  } catch {
    return false
  }
}

/** The blocks a prospect sees, in order. */
export function visibleBlocks(document: ProposalDocument): ProposalBlock[] {
  return document.blocks.filter((block) => block.hidden !== true)
}

/** The text of rich text without marks (for the PDF's outline, search and checks). */
export function plainTextOf(richText: RichText): string {
  const out: string[] = []
  const walk = (nodes: readonly (RichBlockNode | RichListItem)[]) => {
    for (const node of nodes) {
      if (node.type === 'listItem') walk(node.content)
      else if (node.type === 'bulletList' || node.type === 'orderedList') walk(node.content)
      else out.push((node.content ?? []).map((inline) => (inline.type === 'text' ? inline.text : '\n')).join(''))
    }
  }
  walk(richText.content)
  return out.join('\n\n')
}

const BULLET = /^\s*(?:[-•*–]\s+)/
const NUMBERED = /^\s*\d{1,3}[.)]\s+/

function inlinesOf(text: string): RichInline[] {
  const inlines: RichInline[] = []
  text.split('\n').forEach((line, index) => {
    if (index > 0) inlines.push({ type: 'hardBreak' })
    if (line !== '') inlines.push({ type: 'text', text: line })
  })
  return inlines
}

function listOf(lines: string[], pattern: RegExp): RichListItem[] {
  return lines.map((line) => ({ type: 'listItem', content: [{ type: 'paragraph', content: inlinesOf(line.replace(pattern, '').trim()) }] }))
}

/**
 * A writer's plain text as rich text: blank lines part paragraphs, a paragraph whose every line
 * starts with a bullet or a number becomes a list, single line breaks stay breaks.
 */
export function richTextOfPlain(text: string | null | undefined): RichText {
  const paragraphs = (text ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
  const content: RichBlockNode[] = paragraphs.map((paragraph) => {
    const lines = paragraph.split('\n').filter((line) => line.trim() !== '')
    if (lines.length > 1 && lines.every((line) => BULLET.test(line))) return { type: 'bulletList', content: listOf(lines, BULLET) }
    if (lines.length > 1 && lines.every((line) => NUMBERED.test(line))) return { type: 'orderedList', content: listOf(lines, NUMBERED) }
    return { type: 'paragraph', content: inlinesOf(paragraph) }
  })
  return { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] }
}

/** Whether rich text holds any words. */
export function hasWords(richText: RichText): boolean {
  return plainTextOf(richText).trim() !== ''
}

/** The written sections of a proposal record (SPEC §3) the default document is made from. */
export interface WrittenProposal {
  title: string
  templateType: string | null
  executiveSummary: string | null
  problemStatement: string | null
  solutionOverview: string | null
  valueProposition: string | null
  callToAction: string | null
}

function section(written: WrittenSection, fixedHeading: FixedHeading | undefined, text: string | null, lead = false): SectionBlock {
  return {
    id: lead ? 'lead' : written,
    type: 'section',
    ...(fixedHeading === undefined ? {} : { fixedHeading }),
    written,
    ...(lead ? { lead: true } : {}),
    content: richTextOfPlain(text),
  }
}

/**
 * The document a proposal shows before its seller edits it: SPEC §2's layout for its template,
 * with the written sections that hold words. The seller's editor starts from this draft.
 */
export function defaultProposalDocument(proposal: WrittenProposal): ProposalDocument {
  const filled = (block: SectionBlock) => hasWords(block.content)
  if (proposal.templateType === 'executive') {
    const blocks: ProposalBlock[] = [
      ...[section('executiveSummary', undefined, proposal.executiveSummary, true)].filter(filled),
      { id: 'calculator', type: 'calculator', fixedHeading: 'keyFinancialImpact' },
      ...[
        section('problemStatement', 'currentChallenge', proposal.problemStatement),
        section('solutionOverview', 'ourSolution', proposal.solutionOverview),
        section('valueProposition', 'valueDelivered', proposal.valueProposition),
      ].filter(filled),
      // The executive layout always ends on Next Steps: the contact sits under it.
      section('callToAction', 'nextSteps', proposal.callToAction),
    ]
    return { title: proposal.title, blocks }
  }
  const blocks: ProposalBlock[] = [
    ...[
      section('executiveSummary', 'executiveSummary', proposal.executiveSummary),
      section('problemStatement', 'problemStatement', proposal.problemStatement),
      section('solutionOverview', 'solutionOverview', proposal.solutionOverview),
      section('valueProposition', 'valueProposition', proposal.valueProposition),
    ].filter(filled),
    { id: 'calculator', type: 'calculator', fixedHeading: 'roiCalculator' },
    ...[section('callToAction', 'nextSteps', proposal.callToAction)].filter(filled),
  ]
  return { title: proposal.title, blocks }
}
