import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { Plan } from '@valueproof/contracts'
import type { CalculatorData, Currency } from '@valueproof/formula'
import { useMemo, useRef, useState } from 'react'
import { UPGRADE_ERROR_TITLE } from '../../billing/texts.ts'
import { useUpgrade } from '../../billing/use-upgrade.ts'
import {
  analyzeDescription,
  analyzeDocument,
  GenerationError,
  serverText,
  type ChosenComplexity,
  type GeneratedCalculator,
} from '../../calculator/generation-api.ts'
import { calculatorSourceQuery } from '../../calculator/saved-api.ts'
import { useSaveValues, useSavedCalculators } from '../../calculator/saved-sync.ts'
import { sellerWarnings, type GuardedAction } from '../../calculator/seller-warnings.ts'
import { newEntryId } from '../../calculator/storage.ts'
import { monthUsedUp } from '../../calculator/allowance.ts'
import { useStartFromTemplate } from '../../calculator/use-templates.ts'
import { useCalculatorEdits } from '../../calculator/use-edits.ts'
import { useRegenerate } from '../../calculator/use-regenerate.ts'
import { useWorkspace, withStartValues } from '../../calculator/workspace.ts'
import { ConfirmWarningsDialog } from '../../components/calculator/calculator-warnings.tsx'
import {
  CalculatorTypeDialog,
  LimitDialog,
  ProposalTemplateDialog,
  RegenerateConfirmDialog,
} from '../../components/calculator/choice-dialogs.tsx'
import { CurrentCalculatorPanel } from '../../components/calculator/current-calculator-panel.tsx'
import { EditCalculatorDialog } from '../../components/calculator/edit-calculator-dialog.tsx'
import { FiguresPanel } from '../../components/calculator/figures-panel.tsx'
import { GeneratedCalculators } from '../../components/calculator/generated-calculators.tsx'
import { GenerationInput, type InputMode, type UploadState } from '../../components/calculator/generation-input.tsx'
import { LiveCalculators } from '../../components/calculator/live-calculators.tsx'
import { SaveTemplateDialog } from '../../components/calculator/save-template-dialog.tsx'
import { ShareDialog } from '../../components/calculator/share-dialog.tsx'
import { TemplatesDialog } from '../../components/calculator/templates-dialog.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Tabs } from '../../components/ui/tabs.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { pageHead } from '../../page-title.ts'
import { useStartProposalGeneration } from '../../proposals/generation.ts'
import { userQueryKey, userQueryOptions } from '../../queries/user.ts'

/** `?input=file|description` (the home's shortcuts): the generator opens with that input ready. */
type GenerationInputChoice = 'file' | 'description'

function inputChoice(value: unknown): GenerationInputChoice | undefined {
  return value === 'file' || value === 'description' ? value : undefined
}

export const Route = createFileRoute('/_authenticated/calculator')({
  validateSearch: (search: Record<string, unknown>): { input?: GenerationInputChoice } => {
    const input = inputChoice(search.input)
    return input === undefined ? {} : { input }
  },
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

/** The words a proposal is written from when the calculator's own input is not kept (a calculator from before issue 15). */
function describeCalculator(config: CalculatorData): string {
  return [config.name, config.description, config.explanation].filter((part) => part.trim() !== '').join('\n\n')
}

function CalculatorPage() {
  const { data: user } = useSuspenseQuery(userQueryOptions())
  // Checked again: the router hands on parameters its validation dropped (?input=nonsense) as they came.
  const input = inputChoice(Route.useSearch().input)
  return user === null ? null : <CalculatorScreen userId={user.id} plan={user.plan} input={input} />
}

function CalculatorScreen({ userId, plan, input }: { userId: number; plan: Plan; input: GenerationInputChoice | undefined }) {
  const [tab, setTab] = useState<Tab>('create')
  const { state, dispatch, latest } = useWorkspace(userId)
  const { language } = state
  const [mode, setMode] = useState<InputMode>(input === 'description' ? 'text' : 'file')
  const [file, setFile] = useState<File>()
  const [description, setDescription] = useState('')
  const [typeDialogFor, setTypeDialogFor] = useState<GenerationSource>()
  // The source the open type dialog generates from, taken once: a double click never starts two generations.
  const pendingSource = useRef<GenerationSource>(undefined)
  // Generate is checking the month's allowance: a second click meanwhile does nothing.
  const checkingAllowance = useRef(false)
  const [limitMessage, setLimitMessage] = useState<string>()
  const queryClient = useQueryClient()
  const [running, setRunning] = useState(0)
  const [upload, setUpload] = useState<UploadState>()
  const [dialog, setDialog] = useState<'edit' | 'share' | 'proposal' | 'templates' | 'save-template'>()
  // Share or Create Proposal waiting for the seller to confirm the calculator's warnings (issue 35).
  const [confirming, setConfirming] = useState<GuardedAction>()
  // The input whose editor is open beside the calculator (issue 36); the check before sharing opens one to fix it.
  const [openInput, setOpenInput] = useState<string>()
  // The words each kept calculator's proposal is written from, fetched once per calculator.
  const inputs = useRef(new Map<string, string>())
  const [shareInput, setShareInput] = useState('')
  const startProposalGeneration = useStartProposalGeneration()
  useSavedCalculators(dispatch)
  useSaveValues(state)
  // Templates are Pro (issue 16); Free users see them locked, with the upgrade.
  const pro = plan === 'pro'
  const { upgrade, busy: upgrading } = useUpgrade({
    onError: (message) => toast({ variant: 'destructive', title: UPGRADE_ERROR_TITLE, description: message }),
  })
  const startFromTemplate = useStartFromTemplate(dispatch, state.displayCurrency)
  const {
    regenerating,
    discarding,
    regenerate,
    confirm: confirmRegenerate,
    cancel: cancelRegenerate,
  } = useRegenerate({
    state,
    dispatch,
    onRegenerated: (id) => inputs.current.delete(id),
  })

  const { saveEdit, applyPrice, remove } = useCalculatorEdits(state, dispatch, (id) => inputs.current.delete(id))

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
      entry: {
        id,
        status: 'loading',
        source: source.type === 'file' ? source.file.name : source.text.slice(0, 80),
        createdAt: new Date().toISOString(),
      },
    })
    // SPEC §4: after a file request the file is cleared; after a text request the description.
    if (source.type === 'file') setFile(undefined)
    else setDescription('')
    setRunning((count) => count + 1)
    if (source.type === 'file') setUpload({ phase: 'uploading', fraction: 0 })
    else setUpload({ phase: 'analyzing' })
    try {
      const generated = await generate(source, complexity, (fraction) =>
        setUpload(fraction >= 1 ? { phase: 'analyzing' } : { phase: 'uploading', fraction }),
      )
      const entry = generated.saved
      inputs.current.set(entry.id, generated.content ?? (source.type === 'text' ? source.text : ''))
      dispatch({ type: 'settle', id, entry })
    } catch (error) {
      const failure = error instanceof GenerationError ? error : new GenerationError('Error analyzing document', String(error), undefined)
      dispatch({ type: 'fail', id, error: failure.message })
      // A failed generation keeps what the user gave it, unless they have started on something else.
      if (source.type === 'text') setDescription((typed) => (typed === '' ? source.text : typed))
      else setFile((chosen) => chosen ?? source.file)
      toast({ variant: 'destructive', title: failure.title, description: failure.message })
    } finally {
      setRunning((count) => count - 1)
      setUpload(undefined)
      // The month's count changed (or the server said it is used up): the next Generate reads it again.
      void queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true })
    }
  }

  /** The selected calculator's own input: its description or its document's text, as the server keeps it. */
  async function proposalInput(config: CalculatorData): Promise<string> {
    const id = latest.current.currentId
    const entry = latest.current.entries.find((candidate) => candidate.id === id)
    if (id === undefined || entry?.saved !== true) return describeCalculator(config)
    const known = inputs.current.get(id)
    if (known !== undefined && known.trim() !== '') return known
    const { text } = await queryClient.fetchQuery(calculatorSourceQuery(id))
    inputs.current.set(id, text)
    return text.trim() === '' ? describeCalculator(config) : text
  }

  async function openWithInput(which: 'share' | 'proposal') {
    if (state.config === undefined) return
    try {
      setShareInput(await proposalInput(state.config))
      setDialog(which)
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error loading the calculator', description: serverText(error) })
    }
  }

  /** Generate: the month's allowance first (issue 36), then the type dialog, opened once however often it is clicked. */
  async function onGenerate() {
    if (running > 0 || checkingAllowance.current || typeDialogFor !== undefined) return
    let source: GenerationSource | undefined
    if (mode === 'file' && file !== undefined) source = { type: 'file', file }
    else if (mode === 'text' && description.trim() !== '') source = { type: 'text', text: description.trim() }
    if (source === undefined) return
    checkingAllowance.current = true
    try {
      const usedUp = await monthUsedUp(queryClient)
      if (usedUp !== undefined) {
        setLimitMessage(usedUp)
        return
      }
      pendingSource.current = source
      setTypeDialogFor(source)
    } finally {
      checkingAllowance.current = false
    }
  }

  const config = state.config
  const current = state.entries.find((entry) => entry.id === state.currentId)
  const generating = running > 0 || regenerating
  const checks = current?.checks
  const warnings = useMemo(
    () => (config === undefined ? [] : sellerWarnings(config, { values: state.values, displayCurrency: state.displayCurrency, checks })),
    [config, state.values, state.displayCurrency, checks],
  )

  /** Share and Create Proposal ask first when the calculator has something to confirm. */
  function guarded(action: GuardedAction) {
    if (warnings.length > 0) setConfirming(action)
    else void openWithInput(action)
  }

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="sr-only">Calculator</h1>
      <div
        inert={
          dialog !== undefined ||
          typeDialogFor !== undefined ||
          confirming !== undefined ||
          limitMessage !== undefined ||
          discarding !== undefined
        }
      >
        <Tabs label="Calculator" items={TABS} value={tab} onValueChange={setTab}>
          {tab === 'create' ? (
            <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              {/* Below lg one column: the input, then the current calculator, then the generated list (its section). */}
              <div className="contents lg:grid lg:grid-cols-1 lg:content-start lg:gap-8 max-lg:[&>section]:order-last">
                <div className="rounded-lg border bg-card p-5 shadow-sm">
                  <GenerationInput
                    language={language}
                    onLanguageChange={(next) => dispatch({ type: 'language', language: next })}
                    currency={state.displayCurrency}
                    onCurrencyChange={(currency: Currency) => dispatch({ type: 'currency', currency })}
                    mode={mode}
                    onModeChange={setMode}
                    focusOnArrival={input !== undefined}
                    file={file}
                    onFileChange={setFile}
                    description={description}
                    onDescriptionChange={setDescription}
                    busy={running > 0}
                    upload={upload}
                    onGenerate={() => void onGenerate()}
                  />
                  <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t pt-4">
                    <p className="text-sm text-muted-foreground">Or begin with a ready-made ROI story.</p>
                    <Button variant="outline" size="sm" onClick={() => setDialog('templates')}>
                      Start from a template
                    </Button>
                  </div>
                </div>
                <GeneratedCalculators
                  entries={state.entries}
                  displayCurrency={state.displayCurrency}
                  currentId={state.currentId}
                  onView={(id) => dispatch({ type: 'view', id })}
                  onRemove={(id) => void remove(id)}
                  onUpgrade={upgrade}
                  upgrading={upgrading}
                />
              </div>
              <div className="grid min-w-0 content-start gap-6">
                <CurrentCalculatorPanel
                  config={config}
                  generating={generating}
                  values={state.values}
                  onValuesChange={(values) => dispatch({ type: 'values', values })}
                  displayCurrency={state.displayCurrency}
                  warnings={warnings}
                  busy={regenerating}
                  templates={{ pro, kept: current?.saved === true }}
                  openInput={{ name: openInput, onChange: setOpenInput }}
                  actions={{
                    onEdit: () => setDialog('edit'),
                    onRegenerate: regenerate,
                    onCreateProposal: () => guarded('proposal'),
                    onShare: () => guarded('share'),
                    onSaveTemplate: () => setDialog('save-template'),
                    onConfigChange: (edited) => saveEdit(edited, { quiet: true }),
                  }}
                />
                {config !== undefined && current?.saved === true && current.locked !== true && !generating && (
                  <FiguresPanel
                    key={current.id}
                    calculatorId={current.id}
                    config={config}
                    fileName={current.source}
                    kept={current.figures}
                    onRebuilt={(rebuilt, figures) => void saveEdit(rebuilt, { figures })}
                    onPrice={(price) => applyPrice(config, price)}
                  />
                )}
              </div>
            </div>
          ) : (
            <div className="mt-6">
              <LiveCalculators />
            </div>
          )}
        </Tabs>
      </div>

      <TemplatesDialog
        open={dialog === 'templates'}
        onOpenChange={(open) => setDialog(open ? 'templates' : undefined)}
        language={language}
        pro={pro}
        onUse={(template) => void startFromTemplate(template)}
        onUpgrade={upgrade}
        upgrading={upgrading}
      />
      <CalculatorTypeDialog
        open={typeDialogFor !== undefined}
        onOpenChange={(open) => {
          // The pending source stays: choosing a card reports the closing first, then the choice.
          if (!open) setTypeDialogFor(undefined)
        }}
        onChoose={(complexity) => {
          const source = pendingSource.current
          pendingSource.current = undefined
          setTypeDialogFor(undefined)
          if (source !== undefined) void startGeneration(source, complexity)
        }}
      />
      <LimitDialog
        open={limitMessage !== undefined}
        onOpenChange={(open) => {
          if (!open) setLimitMessage(undefined)
        }}
        message={limitMessage ?? ''}
        pro={pro}
        onUpgrade={upgrade}
        upgrading={upgrading}
      />
      <RegenerateConfirmDialog
        changes={discarding}
        onOpenChange={(open) => {
          if (!open) cancelRegenerate()
        }}
        onConfirm={confirmRegenerate}
      />
      {config !== undefined && (
        <>
          <ConfirmWarningsDialog
            action={confirming}
            warnings={warnings}
            config={config}
            onOpenChange={(open) => {
              if (!open) setConfirming(undefined)
            }}
            onConfirm={(action) => {
              setConfirming(undefined)
              void openWithInput(action)
            }}
            onFix={(fix) => {
              setConfirming(undefined)
              if (fix.kind === 'edit') setDialog('edit')
              else setOpenInput(fix.name)
            }}
          />
          <EditCalculatorDialog
            open={dialog === 'edit'}
            onOpenChange={(open) => setDialog(open ? 'edit' : undefined)}
            calculatorData={config}
            onSave={(edited) => void saveEdit(edited)}
          />
          {dialog === 'save-template' && current?.saved === true && (
            <SaveTemplateDialog
              open
              onOpenChange={(open) => setDialog(open ? 'save-template' : undefined)}
              calculatorId={current.id}
              calculatorName={config.name}
            />
          )}
          {dialog === 'share' && (
            <ShareDialog
              open
              onOpenChange={(open) => setDialog(open ? 'share' : undefined)}
              calculatorData={withStartValues(config, state.values)}
              content={() => shareInput}
            />
          )}
          <ProposalTemplateDialog
            open={dialog === 'proposal'}
            onOpenChange={(open) => setDialog(open ? 'proposal' : undefined)}
            onChoose={(templateType) =>
              void startProposalGeneration({ calculatorData: withStartValues(config, state.values), input: shareInput, templateType })
            }
          />
        </>
      )}
    </section>
  )
}
