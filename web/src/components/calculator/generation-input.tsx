import { CURRENCIES, type Currency } from '@valueproof/formula'
import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import {
  FILE_INPUT_ACCEPT,
  FILE_TOO_LARGE_MESSAGE,
  isAcceptedFile,
  MAX_FILE_BYTES,
  type GenerationLanguage,
} from '../../calculator/generation-api.ts'
import { FileTextIcon, XIcon } from '../icons.tsx'
import { Button } from '../ui/button.tsx'
import { classNames } from '../ui/class-names.ts'

export type InputMode = 'file' | 'text'

const LANGUAGES: ReadonlyArray<{ value: GenerationLanguage; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'sv', label: 'Svenska' },
]

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:opacity-60 sm:text-sm'

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** What the upload is doing: bytes going up (a fraction), then the server analysing. */
export type UploadState = { phase: 'uploading'; fraction: number } | { phase: 'analyzing' } | undefined

/**
 * The Create tab's input (SPEC §2): language and currency selectors, the upload area (or the text
 * mode) and 'Generate Calculator'. Generate is disabled while the input is empty or a request runs.
 */
export function GenerationInput({
  language,
  onLanguageChange,
  currency,
  onCurrencyChange,
  mode,
  onModeChange,
  focusOnArrival = false,
  file,
  onFileChange,
  description,
  onDescriptionChange,
  busy,
  upload,
  onGenerate,
}: {
  language: GenerationLanguage
  onLanguageChange: (language: GenerationLanguage) => void
  currency: Currency
  onCurrencyChange: (currency: Currency) => void
  mode: InputMode
  onModeChange: (mode: InputMode) => void
  /** Opened for one input (the home's shortcuts): focus it at once, the upload area or the description. */
  focusOnArrival?: boolean
  file: File | undefined
  onFileChange: (file: File | undefined) => void
  description: string
  onDescriptionChange: (description: string) => void
  busy: boolean
  upload: UploadState
  onGenerate: () => void
}) {
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const uploadArea = useRef<HTMLDivElement>(null)
  const descriptionBox = useRef<HTMLTextAreaElement>(null)
  const arriving = useRef(focusOnArrival)
  const [dragging, setDragging] = useState(false)
  const [fileProblem, setFileProblem] = useState<string>()

  function choose(candidate: File | undefined) {
    if (candidate === undefined) return
    // SPEC §5: other types are silently ignored; over 50 MB is refused with its message.
    if (!isAcceptedFile(candidate)) return
    if (candidate.size > MAX_FILE_BYTES) {
      setFileProblem(FILE_TOO_LARGE_MESSAGE)
      return
    }
    setFileProblem(undefined)
    onFileChange(candidate)
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    if (busy) return
    choose(event.dataTransfer.files[0])
  }

  // Once, when the screen opens: later switches between the modes leave focus where the user put it.
  useEffect(() => {
    if (!arriving.current) return
    arriving.current = false
    const target = mode === 'file' ? uploadArea.current : descriptionBox.current
    target?.focus()
  }, [mode])

  const canGenerate = !busy && (mode === 'file' ? file !== undefined : description.trim() !== '')

  return (
    <div className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <label htmlFor={`${id}-language`} className="text-sm font-medium">
            Language
          </label>
          <select
            id={`${id}-language`}
            className={selectClass}
            value={language}
            onChange={(event) => onLanguageChange(event.target.value === 'sv' ? 'sv' : 'en')}
          >
            {LANGUAGES.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <label htmlFor={`${id}-currency`} className="text-sm font-medium">
            Currency
          </label>
          <select
            id={`${id}-currency`}
            className={selectClass}
            value={currency}
            onChange={(event) => {
              const next = CURRENCIES.find((candidate) => candidate === event.target.value)
              if (next !== undefined) onCurrencyChange(next)
            }}
          >
            {(['USD', 'SEK', 'EUR'] as const).map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </select>
        </div>
      </div>

      {mode === 'file' ? (
        <div className="grid gap-3">
          <div
            ref={uploadArea}
            role="button"
            tabIndex={busy ? -1 : 0}
            aria-disabled={busy || undefined}
            aria-label={
              file === undefined
                ? 'Upload a proposal document: drag and drop or click to choose a file'
                : `Selected file ${file.name}; click to choose another`
            }
            aria-describedby={`${id}-hint`}
            onClick={() => {
              if (!busy) fileInput.current?.click()
            }}
            onKeyDown={(event) => {
              if (!busy && (event.key === 'Enter' || event.key === ' ')) {
                event.preventDefault()
                fileInput.current?.click()
              }
            }}
            onDragOver={(event) => {
              event.preventDefault()
              if (!busy) setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="upload-area"
            className={classNames(
              'grid cursor-pointer justify-items-center gap-2 rounded-lg border-2 border-dashed p-8 text-center transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              dragging ? 'border-primary bg-primary/5' : 'border-input hover:bg-accent/50',
              busy && 'cursor-not-allowed opacity-60',
            )}
          >
            <FileTextIcon className="size-8 text-muted-foreground" />
            {file === undefined ? (
              <p className="text-sm font-medium">Drag and drop your proposal here, or click to choose a file</p>
            ) : (
              <p className="text-sm font-medium break-all">
                {file.name} <span className="font-normal text-muted-foreground">({formatBytes(file.size)})</span>
              </p>
            )}
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              PDF or DOCX files only
            </p>
          </div>
          <input
            ref={fileInput}
            type="file"
            accept={FILE_INPUT_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="file-input"
            onChange={(event) => {
              choose(event.target.files?.[0])
              // The same file can be chosen again after it was cleared.
              event.target.value = ''
            }}
          />
          {fileProblem !== undefined && (
            <p role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
              {fileProblem}
            </p>
          )}
          {file !== undefined && !busy && (
            <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => onFileChange(undefined)}>
              <XIcon className="size-4" />
              Remove file
            </Button>
          )}
          <UploadProgress upload={upload} />
          <Button onClick={onGenerate} disabled={!canGenerate}>
            Generate Calculator
          </Button>
          <Button variant="link" className="justify-self-center" disabled={busy} onClick={() => onModeChange('text')}>
            Or describe your service in words
          </Button>
        </div>
      ) : (
        <div className="grid gap-3">
          <label htmlFor={`${id}-description`} className="text-sm font-medium">
            Describe your service
          </label>
          <textarea
            ref={descriptionBox}
            id={`${id}-description`}
            value={description}
            onChange={(event) => onDescriptionChange(event.target.value)}
            rows={6}
            maxLength={50_000}
            placeholder="E.g. We automate invoice processing for finance teams: each invoice takes 12 minutes by hand, a team handles 2,000 a month at $45 an hour…"
            className="min-h-32 w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none sm:text-sm"
          />
          <UploadProgress upload={upload} />
          <Button onClick={onGenerate} disabled={!canGenerate}>
            Generate Calculator
          </Button>
          <Button variant="link" className="justify-self-center" disabled={busy} onClick={() => onModeChange('file')}>
            Back to file upload
          </Button>
        </div>
      )}
    </div>
  )
}

/** The upload's progress bar (bytes sent), then a busy state while the server analyses. */
function UploadProgress({ upload }: { upload: UploadState }) {
  if (upload === undefined) return null
  if (upload.phase === 'analyzing') {
    return (
      <div role="status" className="grid gap-1">
        <div className="h-2 overflow-hidden rounded-full bg-muted">
          <div className="h-full w-1/3 animate-pulse rounded-full bg-primary" />
        </div>
        <p className="text-xs text-muted-foreground">Analyzing… the server is building your calculator.</p>
      </div>
    )
  }
  const percent = Math.round(upload.fraction * 100)
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">Uploading… {percent}%</p>
    </div>
  )
}
