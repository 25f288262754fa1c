// A publication as the seller looks back at it (issue 37's Versions list): the blocks in order,
// hidden ones left out, rich text through the same editor made read-only, so it reads as it was
// written. The prospect's page has its own renderer; this one is the owner's, loaded with the editor.
import { visibleBlocks, type ProposalBlock, type ProposalDocument } from '@valueproof/contracts/proposal-document'
import type { ProposalTexts } from '@valueproof/formula'
import { imageUrl } from '../../proposal-editor/draft-api.ts'
import { blockName } from './block-card.tsx'
import { RichTextEditor } from './rich-text-editor.tsx'

function Block({ block, proposalId, texts }: { block: ProposalBlock; proposalId: string; texts: ProposalTexts }) {
  switch (block.type) {
    case 'section':
      return (
        <section className="grid gap-2">
          {block.lead !== true && <h3 className="text-lg font-semibold">{blockName(block, texts)}</h3>}
          <RichTextEditor content={block.content} label={blockName(block, texts)} editable={false} />
        </section>
      )
    case 'calculator':
      return (
        <p className="rounded border border-dashed p-3 text-sm text-muted-foreground">{blockName(block, texts)}: the live calculator</p>
      )
    case 'image':
      return (
        <figure className="grid gap-1">
          <img
            src={imageUrl(proposalId, block.imageId)}
            alt={block.alt}
            width={block.width}
            height={block.height}
            className="h-auto max-w-full"
          />
          {block.caption !== undefined && <figcaption className="text-sm text-muted-foreground">{block.caption}</figcaption>}
        </figure>
      )
    case 'pricing':
      return (
        <section className="grid gap-1 text-sm">
          <h3 className="text-lg font-semibold">{blockName(block, texts)}</h3>
          <ul className="list-disc pl-6">
            {block.items.map((item) => (
              <li key={item.id}>
                {item.description}: {item.quantity} {item.unit} × {item.unitPrice} ({item.recurrence})
                {item.optional === true ? ', optional' : ''}
              </li>
            ))}
          </ul>
        </section>
      )
    case 'quote':
      return (
        <blockquote className="border-l-4 pl-4 italic">
          {block.text}
          {block.author !== undefined && block.author !== '' && (
            <footer className="not-italic text-muted-foreground">— {block.author}</footer>
          )}
        </blockquote>
      )
    case 'button':
      return (
        <p>
          <a href={block.href} className="font-medium text-primary underline">
            {block.label}
          </a>
        </p>
      )
  }
}

export function ReadOnlyDocument({
  document,
  proposalId,
  texts,
}: {
  document: ProposalDocument
  proposalId: string
  texts: ProposalTexts
}) {
  return (
    <article className="grid max-h-[70vh] gap-4 overflow-y-auto" data-testid="publication-view">
      <h2 className="text-2xl font-bold">{document.title}</h2>
      {visibleBlocks(document).map((block) => (
        <Block key={block.id} block={block} proposalId={proposalId} texts={texts} />
      ))}
    </article>
  )
}
