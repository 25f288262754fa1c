// The PDF's body from the proposal's document (issue 37): its visible blocks in the seller's order,
// fixed headings in the proposal's language, image bytes already read, pricing tables priced with
// the prospect's ticks, and the seller's contact where SPEC §2's layout puts it.
import {
  brandColorProblem,
  isSafeHref,
  visibleBlocks,
  type ProposalBlock,
  type ProposalDocument,
} from '@valueproof/contracts/proposal-document'
import type { ProposalTexts } from '@valueproof/formula'
import type { PdfBlock } from './pdf-content.ts'
import { pdfPricingTable, pricingTablesOf, type PricingFormat, type QuoteTicks } from './pdf-pricing.ts'

export interface DocumentBlocksProps {
  document: ProposalDocument
  templateType: string | null
  texts: ProposalTexts
  hasCalculator: boolean
  /** The calculator's figures are priced by the first pricing table (a calculator that can be shown). */
  calculatorPriced: boolean
  images: ReadonlyMap<string, Uint8Array>
  ticks: QuoteTicks
  pricing: PricingFormat
}

function headingOf(block: { heading?: string; fixedHeading?: keyof ProposalTexts }, texts: ProposalTexts): string | undefined {
  if (block.heading !== undefined && block.heading.trim() !== '') return block.heading
  const fixed = block.fixedHeading === undefined ? undefined : texts[block.fixedHeading]
  return typeof fixed === 'string' ? fixed : undefined
}

function pdfBlockOf(block: ProposalBlock, props: DocumentBlocksProps): PdfBlock | undefined {
  switch (block.type) {
    case 'section':
      return {
        kind: 'section',
        heading: block.lead === true ? undefined : headingOf(block, props.texts),
        lead: block.lead === true,
        content: block.content,
      }
    case 'image': {
      const bytes = props.images.get(block.imageId)
      return bytes === undefined
        ? undefined
        : { kind: 'image', bytes, alt: block.alt, caption: block.caption, width: block.width, height: block.height }
    }
    case 'calculator':
      return props.hasCalculator ? { kind: 'calculator', heading: headingOf(block, props.texts) } : undefined
    case 'pricing': {
      const pricesCalculator = props.calculatorPriced && pricingTablesOf(props.document)[0]?.id === block.id
      return { kind: 'pricing', table: pdfPricingTable(block, props.ticks, props.pricing, pricesCalculator) }
    }
    case 'quote':
      return { kind: 'quote', text: block.text, author: block.author }
    case 'button':
      // The schema lets only https: and mailto: in; a stored document is not trusted to have passed it.
      return { kind: 'button', label: block.label, href: isSafeHref(block.href) ? block.href : undefined }
  }
}

/**
 * The visible blocks as the PDF draws them. The executive layout's contact sits under Next Steps
 * (the block written from the call to action), or at the end when that block is hidden; the
 * document layout's is the footer.
 */
export function documentBlocksOf(props: DocumentBlocksProps): PdfBlock[] {
  const executive = props.templateType === 'executive'
  const blocks: PdfBlock[] = []
  let contactPlaced = false
  for (const block of visibleBlocks(props.document)) {
    const pdfBlock = pdfBlockOf(block, props)
    if (pdfBlock !== undefined) blocks.push(pdfBlock)
    if (executive && !contactPlaced && block.type === 'section' && block.written === 'callToAction') {
      blocks.push({ kind: 'contact', footer: false })
      contactPlaced = true
    }
  }
  if (!contactPlaced) blocks.push({ kind: 'contact', footer: !executive })
  return blocks
}

/** A Pro seller's brand colour for the headings' accent: only a valid one, and never on the product's branding. */
export function accentOf(document: ProposalDocument, proBranded: boolean): string | undefined {
  const color = document.brandColor
  return proBranded && color !== undefined && brandColorProblem(color) === undefined ? color : undefined
}
