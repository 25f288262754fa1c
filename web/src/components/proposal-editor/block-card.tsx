// One block in the editor (issue 37): its kind and name, the controls every block has (move up and
// down, hide or show, duplicate, delete; the calculator only moves and hides), and its form.
import type { ProposalBlock } from '@valueproof/contracts/proposal-document'
import type { ProposalTexts } from '@valueproof/formula'
import { memo, type ReactNode } from 'react'
import { Button } from '../ui/button.tsx'
import { ButtonEditor, CalculatorEditor, ImageEditor, QuoteEditor, SectionEditor } from './block-editors.tsx'
import { canCopyOrDelete } from './document-edits.ts'
import { PricingEditor } from './pricing-editor.tsx'

/** A block's controls are 44 px targets on a phone, compact from 640 px up. */
const CONTROL = 'max-sm:h-11 max-sm:min-w-11'

export type BlockAction = 'up' | 'down' | 'hide' | 'duplicate' | 'delete'

const KIND: Readonly<Record<ProposalBlock['type'], string>> = {
  section: 'Section',
  image: 'Image',
  calculator: 'Calculator',
  pricing: 'Pricing table',
  quote: 'Quote',
  button: 'Button',
}

/** The name a block's controls are labelled with ("Move Current Challenge up"). */
export function blockName(block: ProposalBlock, texts: ProposalTexts): string {
  if (block.type === 'section' && block.lead === true) return block.heading ?? 'Summary'
  if (block.type === 'section' || block.type === 'calculator') {
    const fixed = block.fixedHeading === undefined ? undefined : texts[block.fixedHeading]
    return block.heading ?? fixed ?? KIND[block.type]
  }
  if (block.type === 'pricing') return block.heading ?? KIND.pricing
  if (block.type === 'button' && block.label !== '') return `Button ${block.label}`
  return KIND[block.type]
}

interface BlockCardProps {
  block: ProposalBlock
  index: number
  count: number
  proposalId: string
  texts: ProposalTexts
  formatMoney: (amount: number) => string
  onAction: (index: number, action: BlockAction, block: ProposalBlock, name: string) => void
  onChange: (index: number, block: ProposalBlock) => void
}

function Form({ block, index, proposalId, texts, formatMoney, onChange }: Omit<BlockCardProps, 'count' | 'onAction'>): ReactNode {
  const common = { proposalId, texts }
  switch (block.type) {
    case 'section':
      return <SectionEditor {...common} block={block} onChange={(next) => onChange(index, next)} />
    case 'calculator':
      return <CalculatorEditor {...common} block={block} onChange={(next) => onChange(index, next)} />
    case 'image':
      return <ImageEditor {...common} block={block} onChange={(next) => onChange(index, next)} />
    case 'pricing':
      return <PricingEditor {...common} block={block} formatMoney={formatMoney} onChange={(next) => onChange(index, next)} />
    case 'quote':
      return <QuoteEditor {...common} block={block} onChange={(next) => onChange(index, next)} />
    case 'button':
      return <ButtonEditor {...common} block={block} onChange={(next) => onChange(index, next)} />
  }
}

/** Memoised: typing in one section re-renders that section's card only. */
export const BlockCard = memo(function BlockCard(props: BlockCardProps) {
  const { block, index, count, texts, onAction } = props
  const name = blockName(block, texts)
  const hidden = block.hidden === true
  return (
    <li
      aria-label={name}
      data-testid="editor-block"
      data-block-type={block.type}
      className={`grid gap-3 rounded-lg border bg-card p-4 shadow-sm ${hidden ? 'border-dashed opacity-70' : ''}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold">
          <span className="text-muted-foreground">{KIND[block.type]}</span>
          {hidden && <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-medium">Hidden</span>}
        </p>
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            className={CONTROL}
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onAction(index, 'up', block, name)}
          >
            ↑
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className={CONTROL}
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onAction(index, 'down', block, name)}
          >
            ↓
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className={CONTROL}
            aria-label={`${hidden ? 'Show' : 'Hide'} ${name}`}
            onClick={() => onAction(index, 'hide', block, name)}
          >
            {hidden ? 'Show' : 'Hide'}
          </Button>
          {canCopyOrDelete(block) && (
            <>
              <Button
                variant="ghost"
                size="sm"
                className={CONTROL}
                aria-label={`Duplicate ${name}`}
                onClick={() => onAction(index, 'duplicate', block, name)}
              >
                Duplicate
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className={CONTROL}
                aria-label={`Delete ${name}`}
                onClick={() => onAction(index, 'delete', block, name)}
              >
                Delete
              </Button>
            </>
          )}
        </div>
      </div>
      <Form {...props} />
    </li>
  )
})
