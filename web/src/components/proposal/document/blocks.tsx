import type { EngagementSection } from '@valueproof/contracts/engagement-limits'
import {
  hasWords,
  type ButtonBlock,
  type ImageBlock,
  type ProposalBlock,
  type QuoteBlock,
  type SectionBlock,
  type WrittenSection,
} from '@valueproof/contracts/proposal-document'
import type { ProposalTexts } from '@valueproof/formula'
import type { ReactNode } from 'react'
import { proposalImageUrl } from '../../../proposals/proposal-links.ts'
import { buttonClassName } from '../../ui/button.tsx'
import { BlockHeading } from './block-heading.tsx'
import type { PricingFormat, Ticks } from './pricing.ts'
import { PricingTable } from './pricing-table.tsx'
import { linkProps, richTextElement } from './rich-text.ts'

// The blocks of a proposal's document as the prospect sees them (issue 37). Every string is a React
// text child; links open only https: and mailto:; images come only from the proposal's own storage.

/** What the blocks need of the page around them. */
export interface BlockContext {
  proposalId: string
  accessCode: string | undefined
  texts: ProposalTexts
  brandColor: string | undefined
  /** The page's one calculator (the chart and the live calculator) under the heading given. */
  calculator: (heading: string) => ReactNode
  ticks: Ticks
  onTick: (id: string, included: boolean) => void
  pricingFormat: PricingFormat
  /** The table the calculator's price follows, when the page shows a calculator. */
  priceTableId: string | undefined
  /** The executive layout's contact, shown under the block with this id. */
  contact: { blockId: string; node: ReactNode } | undefined
}

/** The part of the page whose time on screen a prospect's visit reports (issue 19); a section the seller added reports none. */
const ENGAGEMENT_OF_WRITTEN: Readonly<Record<WrittenSection, EngagementSection>> = {
  executiveSummary: 'executiveSummary',
  problemStatement: 'problemStatement',
  solutionOverview: 'solutionOverview',
  valueProposition: 'valueProposition',
  callToAction: 'nextSteps',
}

export function engagementOf(block: SectionBlock): EngagementSection | undefined {
  return block.written === undefined ? undefined : ENGAGEMENT_OF_WRITTEN[block.written]
}

/** The seller's own heading, else the fixed one in the proposal's language, else none. */
export function headingOf(
  block: { heading?: string; fixedHeading?: SectionBlock['fixedHeading'] },
  texts: ProposalTexts,
): string | undefined {
  const own = block.heading?.trim()
  if (own !== undefined && own !== '') return own
  return block.fixedHeading === undefined ? undefined : texts[block.fixedHeading]
}

/** The executive summary under the title: larger, without a heading. */
export function LeadSection({ block }: { block: SectionBlock }) {
  return (
    <div data-section={engagementOf(block)}>
      {richTextElement(block.content, 'grid gap-3 text-lg leading-relaxed text-muted-foreground')}
    </div>
  )
}

function Section({ block, context }: { block: SectionBlock; context: BlockContext }) {
  const heading = headingOf(block, context.texts)
  const contact = context.contact?.blockId === block.id ? context.contact.node : undefined
  // A fixed heading over no words says nothing (the writers left it empty); the seller's own heading stays.
  if (!hasWords(block.content) && contact === undefined && (heading === undefined || block.heading === undefined)) return null
  return (
    <section data-section={engagementOf(block)} data-block={block.id} className="grid gap-3">
      {heading !== undefined && <BlockHeading brandColor={context.brandColor}>{heading}</BlockHeading>}
      {hasWords(block.content) && richTextElement(block.content)}
      {contact}
    </section>
  )
}

function Image({ block, context }: { block: ImageBlock; context: BlockContext }) {
  return (
    <figure data-block={block.id} className="grid justify-items-center gap-2">
      {/* width and height reserve the image's space before it loads: nothing below it moves. */}
      <img
        src={proposalImageUrl(context.proposalId, block.imageId, context.accessCode)}
        alt={block.alt}
        width={block.width}
        height={block.height}
        loading="lazy"
        decoding="async"
        className="h-auto max-w-full rounded-lg bg-muted"
      />
      {block.caption !== undefined && block.caption.trim() !== '' && (
        <figcaption className="text-center text-sm text-muted-foreground">{block.caption}</figcaption>
      )}
    </figure>
  )
}

function Quote({ block, context }: { block: QuoteBlock; context: BlockContext }) {
  const author = block.author?.trim()
  return (
    <figure data-block={block.id} className="grid gap-2">
      <blockquote
        className="border-l-4 pl-4 text-lg leading-relaxed whitespace-pre-line italic"
        style={context.brandColor === undefined ? undefined : { borderLeftColor: context.brandColor }}
      >
        <p>{block.text}</p>
      </blockquote>
      {author !== undefined && author !== '' && <figcaption className="pl-5 text-sm text-muted-foreground">— {author}</figcaption>}
    </figure>
  )
}

function Button({ block, context }: { block: ButtonBlock; context: BlockContext }) {
  const props = linkProps(block.href)
  // The schema refuses unsafe links; one that got here anyway is not offered.
  if (props === undefined) return null
  return (
    <div data-block={block.id}>
      <a
        {...props}
        className={buttonClassName('default', 'lg', 'min-h-11 px-6 break-words whitespace-normal')}
        style={context.brandColor === undefined ? undefined : { backgroundColor: context.brandColor, color: '#ffffff' }}
      >
        {block.label}
      </a>
    </div>
  )
}

/** One visible block of the document where it stands. */
export function DocumentBlock({ block, context }: { block: ProposalBlock; context: BlockContext }) {
  switch (block.type) {
    case 'section':
      return <Section block={block} context={context} />
    case 'image':
      return <Image block={block} context={context} />
    case 'calculator':
      return context.calculator(headingOf(block, context.texts) ?? context.texts.roiCalculator)
    case 'pricing':
      return (
        <PricingTable
          block={block}
          ticks={context.ticks}
          onTick={context.onTick}
          format={context.pricingFormat}
          brandColor={context.brandColor}
          priceNote={context.priceTableId === block.id}
        />
      )
    case 'quote':
      return <Quote block={block} context={context} />
    case 'button':
      return <Button block={block} context={context} />
    default:
      return null
  }
}
