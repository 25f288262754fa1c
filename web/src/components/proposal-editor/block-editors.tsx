// The editing form of each block but the pricing table (pricing-editor.tsx) (issue 37). Fields
// show the block's problems (document-edits.ts blockProblems) in the server schema's words; a
// block with problems is left out of the autosave until they are fixed.
import type { Editor } from '@tiptap/react'
import type { ProposalTexts } from '@valueproof/formula'
import {
  PROPOSAL_IMAGE_TYPES,
  type ButtonBlock,
  type CalculatorBlock,
  type ImageBlock,
  type QuoteBlock,
  type SectionBlock,
} from '@valueproof/contracts'
import { useCallback, useId, useRef, useState } from 'react'
import { ApiError } from '../../api.ts'
import { imageUrl, rewriteSection, uploadImage } from '../../proposal-editor/draft-api.ts'
import { Button } from '../ui/button.tsx'
import { FormField } from '../ui/form-field.tsx'
import { blockProblems, withField } from './document-edits.ts'
import { RichTextEditor } from './rich-text-editor.tsx'

export interface BlockEditorProps<Block> {
  block: Block
  onChange: (block: Block) => void
  proposalId: string
  /** The proposal's language's words for fixed headings. */
  texts: ProposalTexts
}

const failureText = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : 'The server could not be reached'

/** The heading field: a fixed heading shows in the proposal's language until the seller types one. */
function HeadingField({
  heading,
  fixed,
  onChange,
}: {
  heading: string | undefined
  fixed: string | undefined
  onChange: (heading: string | undefined) => void
}) {
  return (
    <FormField
      label="Heading"
      value={heading ?? fixed ?? ''}
      onChange={(event) => onChange(event.target.value === '' && fixed !== undefined ? undefined : event.target.value)}
      maxLength={300}
    />
  )
}

export function SectionEditor({ block, onChange, proposalId, texts }: BlockEditorProps<SectionBlock>) {
  const editorRef = useRef<Editor | null>(null)
  const [rewriting, setRewriting] = useState(false)
  const [failure, setFailure] = useState<string>()
  const fixed = block.fixedHeading === undefined ? undefined : texts[block.fixedHeading]
  const name = block.heading ?? fixed ?? (block.lead === true ? 'Summary' : 'Section')
  const onReady = useCallback((editor: Editor | null) => {
    editorRef.current = editor
  }, [])

  async function rewrite() {
    setRewriting(true)
    setFailure(undefined)
    try {
      const content = await rewriteSection(proposalId, block.id)
      // Through the editor, so Ctrl+Z brings the seller's words back; its update saves the section.
      editorRef.current?.chain().focus().setContent(content, { emitUpdate: true }).run()
    } catch (error) {
      setFailure(failureText(error))
    } finally {
      setRewriting(false)
    }
  }

  return (
    <div className="grid gap-3">
      {block.lead !== true && (
        <HeadingField heading={block.heading} fixed={fixed} onChange={(heading) => onChange(withField(block, 'heading', heading))} />
      )}
      <RichTextEditor
        content={block.content}
        label={`${name} text`}
        onChange={(content) => onChange({ ...block, content })}
        onReady={onReady}
      />
      {block.written !== undefined && (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" onClick={() => void rewrite()} disabled={rewriting} aria-label={`Rewrite ${name}`}>
            {rewriting ? 'Rewriting…' : 'Rewrite'}
          </Button>
          <span className="text-xs text-muted-foreground">Writes this section again in the proposal’s language; Ctrl+Z undoes it.</span>
          {failure !== undefined && (
            <p role="alert" className="text-sm text-destructive dark:text-red-400">
              {failure}
            </p>
          )}
        </div>
      )}
    </div>
  )
}

export function CalculatorEditor({ block, onChange, texts }: BlockEditorProps<CalculatorBlock>) {
  const fixed = block.fixedHeading === undefined ? undefined : texts[block.fixedHeading]
  return (
    <div className="grid gap-2">
      <HeadingField heading={block.heading} fixed={fixed} onChange={(heading) => onChange(withField(block, 'heading', heading))} />
      <p className="text-sm text-muted-foreground">
        The live calculator: the prospect’s figures, ROI and payback. It can move and hide, once per proposal.
      </p>
    </div>
  )
}

export function ImageEditor({ block, onChange, proposalId }: BlockEditorProps<ImageBlock>) {
  const problems = blockProblems(block)
  const inputId = useId()
  const [uploading, setUploading] = useState(false)
  const [failure, setFailure] = useState<string>()

  async function upload(file: File) {
    setUploading(true)
    setFailure(undefined)
    try {
      const image = await uploadImage(proposalId, file)
      onChange({ ...block, imageId: image.imageId, width: image.width, height: image.height })
    } catch (error) {
      setFailure(failureText(error))
    } finally {
      setUploading(false)
    }
  }

  return (
    <div className="grid gap-3">
      {block.imageId !== '' && (
        <img
          src={imageUrl(proposalId, block.imageId)}
          alt={block.alt}
          width={block.width}
          height={block.height}
          className="h-auto max-h-64 w-auto max-w-full rounded border"
        />
      )}
      <div className="grid gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          {block.imageId === '' ? 'Upload an image' : 'Replace the image'}
        </label>
        <input
          id={inputId}
          type="file"
          accept={PROPOSAL_IMAGE_TYPES.join(',')}
          disabled={uploading}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file !== undefined) void upload(file)
          }}
        />
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {uploading ? 'Uploading…' : 'PNG, JPEG, WebP or GIF, at most 8 MB.'}
        </p>
        {failure !== undefined && (
          <p role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
            {failure}
          </p>
        )}
      </div>
      <FormField
        label="Alt text (required)"
        value={block.alt}
        error={problems.alt}
        maxLength={300}
        onChange={(event) => onChange({ ...block, alt: event.target.value })}
      />
      <FormField
        label="Caption"
        value={block.caption ?? ''}
        maxLength={300}
        onChange={(event) => onChange(withField(block, 'caption', event.target.value === '' ? undefined : event.target.value))}
      />
    </div>
  )
}

export function QuoteEditor({ block, onChange }: BlockEditorProps<QuoteBlock>) {
  const problems = blockProblems(block)
  const id = useId()
  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          Quote
        </label>
        <textarea
          id={id}
          value={block.text}
          maxLength={2000}
          rows={3}
          aria-invalid={problems.text === undefined ? undefined : true}
          aria-describedby={problems.text === undefined ? undefined : `${id}-error`}
          onChange={(event) => onChange({ ...block, text: event.target.value })}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive sm:text-sm"
        />
        {problems.text !== undefined && (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive dark:text-red-400">
            {problems.text}
          </p>
        )}
      </div>
      <FormField
        label="Who said it"
        value={block.author ?? ''}
        maxLength={300}
        onChange={(event) => onChange({ ...block, author: event.target.value })}
      />
    </div>
  )
}

export function ButtonEditor({ block, onChange }: BlockEditorProps<ButtonBlock>) {
  const problems = blockProblems(block)
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField
        label="Button label"
        value={block.label}
        error={problems.label}
        maxLength={80}
        onChange={(event) => onChange({ ...block, label: event.target.value })}
      />
      <FormField
        label="Link (https: or mailto:)"
        type="url"
        value={block.href}
        error={problems.href}
        maxLength={2000}
        onChange={(event) => onChange({ ...block, href: event.target.value.trim() })}
      />
    </div>
  )
}
