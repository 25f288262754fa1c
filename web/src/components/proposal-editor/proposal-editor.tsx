// The owner's editor on /proposals/{id} (issue 37; docs/decisions/132): the title, the blocks in
// order with their controls and forms, "Add block", the brand colour on Pro, the autosave's state
// and publishing. Loaded lazily by proposal-view.tsx for the owner only: a prospect's page never
// downloads it. The editor's own words are English (issue 41); the document's fixed headings
// follow the proposal's language.
import { moneyDisplayOf, moneyFormatter, proposalTexts, validateCalculatorData, type CalculatorLanguage } from '@valueproof/formula'
import type { Plan } from '@valueproof/contracts'
import type { ProposalBlock, ProposalDocument } from '@valueproof/contracts/proposal-document'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { ApiError } from '../../api.ts'
import { loadPlan } from '../../proposal-editor/draft-api.ts'
import { useDraft, type SaveState } from '../../proposal-editor/use-draft.ts'
import { Button } from '../ui/button.tsx'
import { FormField } from '../ui/form-field.tsx'
import { BlockCard, type BlockAction } from './block-card.tsx'
import { BrandColorField } from './brand-color-field.tsx'
import {
  ADDABLE_BLOCKS,
  addBlock,
  withField,
  deleteBlock,
  duplicateBlock,
  moveBlock,
  replaceBlock,
  restoreBlock,
  toggleHidden,
} from './document-edits.ts'
import { PublishPanel } from './publish-panel.tsx'

const SAVE_WORDS: Readonly<Record<Exclude<SaveState['kind'], 'conflict' | 'failed'>, string>> = {
  saved: 'Saved',
  saving: 'Saving…',
  offline: 'Offline — changes kept',
}

function applyAction(document: ProposalDocument, index: number, action: BlockAction): ProposalDocument {
  switch (action) {
    case 'up':
      return moveBlock(document, index, -1)
    case 'down':
      return moveBlock(document, index, 1)
    case 'hide':
      return toggleHidden(document, index)
    case 'duplicate':
      return duplicateBlock(document, index)
    case 'delete':
      return deleteBlock(document, index)
  }
}

function SaveStatus({ save, onReload }: { save: SaveState; onReload: () => void }) {
  if (save.kind === 'conflict')
    return (
      <div role="alert" className="grid gap-2 rounded-md border border-destructive/60 bg-destructive/10 p-3 text-sm">
        <p className="font-medium">{save.message}</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onReload}>
          Reload
        </Button>
      </div>
    )
  return (
    <p aria-live="polite" role="status" data-testid="save-status" className="text-sm text-muted-foreground">
      {save.kind === 'failed' ? `Not saved: ${save.message}` : SAVE_WORDS[save.kind]}
    </p>
  )
}

/** Money as the proposal writes it: the calculator's currency and locale. */
function moneyFormatterOf(calculatorData: unknown): (amount: number) => string {
  const validation = validateCalculatorData(calculatorData)
  if (!validation.ok) return (amount) => amount.toFixed(2)
  return moneyFormatter(validation.calculatorData.baseCurrency, moneyDisplayOf(validation.calculatorData))
}

/** What the editor reads of the owner's proposal answer. */
export interface EditedProposal {
  id: string
  calculatorData: unknown
}

export default function ProposalEditor({
  proposal,
  language,
  onClose,
}: {
  proposal: EditedProposal
  language: CalculatorLanguage
  onClose: () => void
}) {
  const { load, change, accept, reload, allSaved } = useDraft(proposal.id)
  const texts = proposalTexts(language)
  const [plan, setPlan] = useState<Plan>()
  useEffect(() => {
    loadPlan().then(setPlan, () => setPlan(undefined))
  }, [])
  const { calculatorData } = proposal
  const formatMoney = useMemo(() => moneyFormatterOf(calculatorData), [calculatorData])
  // The last block deleted, until it is put back or another is deleted: deleting asks nothing, Undo puts it back.
  const [deleted, setDeleted] = useState<{ block: ProposalBlock; index: number; name: string }>()
  const onAction = useCallback(
    (index: number, action: BlockAction, block: ProposalBlock, name: string) => {
      if (action === 'delete') setDeleted({ block, index, name })
      change((document) => applyAction(document, index, action))
    },
    [change],
  )
  const onBlock = useCallback((index: number, block: ProposalBlock) => change((document) => replaceBlock(document, index, block)), [change])

  if (load.status === 'loading') return <p role="status">Loading the editor…</p>
  if (load.status === 'error') {
    const detail = load.error instanceof ApiError ? (load.error.serverMessage ?? load.error.message) : load.error.message
    return (
      <div role="alert" className="grid gap-2">
        <p>The draft could not be loaded: {detail}</p>
        <Button variant="outline" onClick={reload}>
          Try again
        </Button>
      </div>
    )
  }
  const { document, meta, save, generation } = load
  const titleProblem = document.title.trim() === '' ? 'Please enter a title for the proposal' : undefined

  return (
    <div className="grid gap-6" data-testid="proposal-editor">
      <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 border-b bg-background/95 py-3 backdrop-blur">
        <h1 className="text-xl font-bold tracking-tight">Edit proposal</h1>
        <SaveStatus save={save} onReload={reload} />
        <Button variant="outline" size="sm" onClick={onClose}>
          Done
        </Button>
      </div>
      <PublishPanel
        proposalId={proposal.id}
        meta={meta}
        texts={texts}
        canPublish={allSaved && save.kind === 'saved' && titleProblem === undefined}
        onAnswer={accept}
      />
      <FormField
        label="Title"
        value={document.title}
        maxLength={200}
        error={titleProblem}
        onChange={(event) => change((current) => ({ ...current, title: event.target.value }))}
      />
      {plan === 'pro' && (
        <BrandColorField value={document.brandColor} onChange={(color) => change((current) => withField(current, 'brandColor', color))} />
      )}
      <ol className="grid gap-4" aria-label="Blocks">
        {document.blocks.map((block, index) => (
          <BlockCard
            key={`${generation}-${block.id}`}
            block={block}
            index={index}
            count={document.blocks.length}
            proposalId={proposal.id}
            texts={texts}
            formatMoney={formatMoney}
            onAction={onAction}
            onChange={onBlock}
          />
        ))}
      </ol>
      {deleted !== undefined && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border bg-muted/50 p-3 text-sm">
          <span>Deleted {deleted.name}.</span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              change((current) => restoreBlock(current, deleted))
              setDeleted(undefined)
            }}
          >
            Undo
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Add block">
        <span className="text-sm font-medium">Add block:</span>
        {ADDABLE_BLOCKS.map(({ type, label }) => (
          <Button key={type} variant="outline" size="sm" onClick={() => change((current) => addBlock(current, type))}>
            {label}
          </Button>
        ))}
      </div>
    </div>
  )
}
