import { createFileRoute } from '@tanstack/react-router'
import type { CalculatorData, Currency } from '@valueproof/formula'
import { useRef, useState } from 'react'
import {
  analyzeDescription,
  analyzeDocument,
  dataUrlToFile,
  fileToDataUrl,
  GenerationError,
  type ChosenComplexity,
  type GeneratedCalculator,
  type GenerationLanguage,
} from '../../calculator/generation-api.ts'
import { loadLastInput, newEntryId, saveLastInput, type LastCalculatorInput } from '../../calculator/storage.ts'
import { saveWorkspace, useWorkspace } from '../../calculator/workspace.ts'
import { CalculatorTypeDialog, ProposalTemplateDialog } from '../../components/calculator/choice-dialogs.tsx'
import { CurrentCalculatorPanel } from '../../components/calculator/current-calculator-panel.tsx'
import { EditCalculatorDialog } from '../../components/calculator/edit-calculator-dialog.tsx'
import { GeneratedCalculators } from '../../components/calculator/generated-calculators.tsx'
import { GenerationInput, type InputMode, type UploadState } from '../../components/calculator/generation-input.tsx'
import { LiveCalculators } from '../../components/calculator/live-calculators.tsx'
import { ShareDialog } from '../../components/calculator/share-dialog.tsx'
import { Tabs } from '../../components/ui/tabs.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { pageHead } from '../../page-title.ts'
import { useStartProposalGeneration } from '../../proposals/generation.ts'

export const Route = createFileRoute('/_authenticated/calculator')({
  head: () => pageHead('Calculator'),
  component: CalculatorPage,
})

type Tab = 'create' | 'live'
const TABS = [
  { value: 'create', label: 'Create Proposal' },
  { value: 'live', label: 'Live Calculators' },
] as const

/** What a generation starts from: the chosen file or the typed description. */
type GenerationSource = { type: 'file'; file: File } | { type: 'text'; text: string }

/** The last input as the screen keeps it in memory (a File, not its data URL). */
function sourceOfStored(input: LastCalculatorInput | undefined): GenerationSource | undefined {
  if (input === undefined) return undefined
  if (input.type === 'text') return { type: 'text', text: input.content }
  try {
    return { type: 'file', file: dataUrlToFile(input.content, input.filename, input.fileType) }
  } catch (error) {
    console.warn('The stored last input could not be read back.', error)
    return undefined
  }
}

/** The complexity a calculator was generated with, for regenerating it the same way. */
function complexityOf(config: CalculatorData): ChosenComplexity {
  if (config.calculatorType === 'value' || config.complexity === 'value') return 'value'
  if (config.complexity === 'minimal' || config.complexity === 'advanced') return config.complexity
  return 'balanced'
}

/** The words a proposal is written from when the document text is not at hand. */
function describeCalculator(config: CalculatorData): string {
  return [config.name, config.description, config.explanation].filter((part) => part.trim() !== '').join('\n\n')
}

function CalculatorPage() {
  const [tab, setTab] = useState<Tab>('create')
  const { state, dispatch, latest } = useWorkspace()
  const [language, setLanguage] = useState<GenerationLanguage>('en')
  const [mode, setMode] = useState<InputMode>('file')
  const [file, setFile] = useState<File>()
  const [description, setDescription] = useState('')
  const [typeDialogFor, setTypeDialogFor] = useState<GenerationSource>()
  const [running, setRunning] = useState(0)
  const [upload, setUpload] = useState<UploadState>()
  const [regenerating, setRegenerating] = useState(false)
  const [dialog, setDialog] = useState<'edit' | 'share' | 'proposal'>()
  const lastInput = useRef<GenerationSource | undefined>(undefined)
  const lastInputLoaded = useRef(false)
  // The document text each calculator came from, for writing its proposal (kept for this visit).
  const contents = useRef(new Map<string, string>())
  const startProposalGeneration = useStartProposalGeneration()

  function rememberedInput(): GenerationSource | undefined {
    if (!lastInputLoaded.current) {
      lastInputLoaded.current = true
      lastInput.current ??= sourceOfStored(loadLastInput())
    }
    return lastInput.current
  }

  /** SPEC §3: keeps the last input in memory and in local storage (a file as a data URL). */
  async function rememberInput(source: GenerationSource) {
    lastInput.current = source
    lastInputLoaded.current = true
    let stored: LastCalculatorInput
    if (source.type === 'text') {
      stored = { type: 'text', content: source.text }
    } else {
      try {
        stored = {
          type: 'file',
          content: await fileToDataUrl(source.file),
          filename: source.file.name,
          fileSize: source.file.size,
          fileType: source.file.type,
        }
      } catch (error) {
        console.warn('The file could not be read for local storage.', error)
        return
      }
    }
    saveLastInput(stored, () => saveWorkspace(latest.current))
  }

  async function generate(
    source: GenerationSource,
    complexity: ChosenComplexity,
    onProgress?: (fraction: number) => void,
  ): Promise<GeneratedCalculator> {
    const settings = { language, currency: state.displayCurrency }
    if (source.type === 'file') return analyzeDocument(source.file, complexity, settings, onProgress ?? (() => undefined))
    return analyzeDescription(source.text, complexity, settings)
  }

  async function startGeneration(source: GenerationSource, complexity: ChosenComplexity) {
    const id = newEntryId()
    dispatch({
      type: 'add',
      entry: { id, status: 'loading', source: source.type === 'file' ? source.file.name : source.text.slice(0, 80) },
    })
    // SPEC §4: after a file request the file is cleared; after a text request the description.
    if (source.type === 'file') setFile(undefined)
    else setDescription('')
    void rememberInput(source)
    setRunning((count) => count + 1)
    if (source.type === 'file') setUpload({ phase: 'uploading', fraction: 0 })
    else setUpload({ phase: 'analyzing' })
    try {
      const generated = await generate(source, complexity, (fraction) =>
        setUpload(fraction >= 1 ? { phase: 'analyzing' } : { phase: 'uploading', fraction }),
      )
      contents.current.set(id, generated.content ?? (source.type === 'text' ? source.text : ''))
      dispatch({ type: 'update', id, entry: { status: 'completed', config: generated.config, error: undefined } })
    } catch (error) {
      const failure = error instanceof GenerationError ? error : new GenerationError('Error analyzing document', String(error), undefined)
      dispatch({ type: 'update', id, entry: { status: 'error', error: failure.message } })
      toast({ variant: 'destructive', title: failure.title, description: failure.message })
    } finally {
      setRunning((count) => count - 1)
      setUpload(undefined)
    }
  }

  async function regenerate() {
    const config = state.config
    if (config === undefined) return
    const source = rememberedInput()
    if (source === undefined) {
      toast({
        variant: 'destructive',
        title: 'Error regenerating calculator',
        description: 'No previous input found to regenerate calculator',
      })
      return
    }
    const existing = state.entries.find((entry) => entry.id === state.currentId)
    const id = existing?.id ?? newEntryId()
    if (existing === undefined) dispatch({ type: 'add', entry: { id, status: 'loading', source: config.name } })
    else dispatch({ type: 'update', id, entry: { status: 'loading' } })
    setRegenerating(true)
    try {
      const generated = await generate(source, complexityOf(config))
      contents.current.set(id, generated.content ?? (source.type === 'text' ? source.text : ''))
      dispatch({ type: 'update', id, entry: { status: 'completed', config: generated.config, error: undefined } })
      toast({ title: 'Calculator has been regenerated' })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      // The calculator on screen stays; its entry keeps its previous config.
      dispatch({
        type: 'update',
        id,
        entry: existing?.config === undefined ? { status: 'error', error: message } : { status: 'completed' },
      })
      toast({ variant: 'destructive', title: 'Error regenerating calculator', description: message })
    } finally {
      setRegenerating(false)
    }
  }

  function proposalInput(config: CalculatorData): string {
    const fromEntry = state.currentId === undefined ? undefined : contents.current.get(state.currentId)
    if (fromEntry !== undefined && fromEntry.trim() !== '') return fromEntry
    const source = rememberedInput()
    if (source?.type === 'text') return source.text
    return describeCalculator(config)
  }

  function onGenerate() {
    if (running > 0) return
    if (mode === 'file' && file !== undefined) setTypeDialogFor({ type: 'file', file })
    else if (mode === 'text' && description.trim() !== '') setTypeDialogFor({ type: 'text', text: description.trim() })
  }

  const config = state.config
  const generating = running > 0 || regenerating

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="sr-only">Calculator</h1>
      <div inert={dialog !== undefined || typeDialogFor !== undefined}>
        <Tabs label="Calculator" items={TABS} value={tab} onValueChange={setTab}>
          {tab === 'create' ? (
            <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              <div className="grid grid-cols-1 content-start gap-8">
                <div className="rounded-lg border bg-card p-5 shadow-sm">
                  <GenerationInput
                    language={language}
                    onLanguageChange={setLanguage}
                    currency={state.displayCurrency}
                    onCurrencyChange={(currency: Currency) => dispatch({ type: 'currency', currency })}
                    mode={mode}
                    onModeChange={setMode}
                    file={file}
                    onFileChange={setFile}
                    description={description}
                    onDescriptionChange={setDescription}
                    busy={running > 0}
                    upload={upload}
                    onGenerate={onGenerate}
                  />
                </div>
                <GeneratedCalculators
                  entries={state.entries}
                  currentId={state.currentId}
                  onView={(id) => dispatch({ type: 'view', id })}
                  onRemove={(id) => {
                    contents.current.delete(id)
                    dispatch({ type: 'remove', id })
                  }}
                />
              </div>
              <CurrentCalculatorPanel
                config={config}
                generating={generating}
                values={state.values}
                onValuesChange={(values) => dispatch({ type: 'values', values })}
                displayCurrency={state.displayCurrency}
                busy={regenerating}
                actions={{
                  onEdit: () => setDialog('edit'),
                  onRegenerate: () => void regenerate(),
                  onCreateProposal: () => setDialog('proposal'),
                  onShare: () => setDialog('share'),
                }}
              />
            </div>
          ) : (
            <div className="mt-6">
              <LiveCalculators />
            </div>
          )}
        </Tabs>
      </div>

      <CalculatorTypeDialog
        open={typeDialogFor !== undefined}
        onOpenChange={(open) => {
          if (!open) setTypeDialogFor(undefined)
        }}
        onChoose={(complexity) => {
          const source = typeDialogFor
          setTypeDialogFor(undefined)
          if (source !== undefined) void startGeneration(source, complexity)
        }}
      />
      {config !== undefined && (
        <>
          <EditCalculatorDialog
            open={dialog === 'edit'}
            onOpenChange={(open) => setDialog(open ? 'edit' : undefined)}
            calculatorData={config}
            onSave={(edited) => dispatch({ type: 'edit', config: edited })}
          />
          {dialog === 'share' && (
            <ShareDialog
              open
              onOpenChange={(open) => setDialog(open ? 'share' : undefined)}
              calculatorData={config}
              content={() => proposalInput(config)}
            />
          )}
          <ProposalTemplateDialog
            open={dialog === 'proposal'}
            onOpenChange={(open) => setDialog(open ? 'proposal' : undefined)}
            onChoose={(templateType) =>
              void startProposalGeneration({ calculatorData: config, input: proposalInput(config), templateType })
            }
          />
        </>
      )}
    </section>
  )
}
