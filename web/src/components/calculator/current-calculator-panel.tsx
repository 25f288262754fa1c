import { GENERATOR_SCREEN_LOCALE, type CalculatorData, type CalculatorParameter, type Currency } from '@valueproof/formula'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import type { SellerWarning, WarningFix } from '../../calculator/seller-warnings.ts'
import { hasCalculatorContent, LiveCalculator } from '../proposal/live-calculator.tsx'
import { SellerWarnings } from './calculator-warnings.tsx'
import { CalculatorNameEditor } from './input-name-editor.tsx'
import { InputRowTools, type InputChange } from './input-row-editor.tsx'
import { renamed, withInput } from './input-shape.ts'
import { inputTexts } from './input-texts.ts'
import { Button } from '../ui/button.tsx'
import { ProTag } from '../ui/pro-tag.tsx'
import { toast } from '../ui/use-toast.ts'

/** SPEC §9: the skeleton lingers 500 ms after the config arrives, then the calculator fades in. */
export const SKELETON_DELAY_MS = 500

export interface PanelActions {
  onEdit: () => void
  onRegenerate: () => void
  onCreateProposal: () => void
  onShare: () => void
  /** Save as template (Pro): disabled with a Pro tag on Free, and for a calculator the server does not keep. */
  onSaveTemplate: () => void
  /** Saves a change made in place (an input's shape, a confirmed figure, the name, issue 36); true once it is kept. */
  onConfigChange: (config: CalculatorData) => Promise<boolean>
}

/**
 * The input whose editor is open (issue 36), kept by the screen: the check before sharing opens it to
 * fix an unchecked assumption.
 */
export interface OpenInput {
  name: string | undefined
  onChange: (name: string | undefined) => void
}

/** A definition's identity on screen: what the seller shapes in place does not remount the calculator (and close its editors). */
function identityOf(config: CalculatorData): string {
  return JSON.stringify({
    ...config,
    name: undefined,
    parameters: config.parameters.map(({ name, defaultValue }) => ({ name, defaultValue })),
  })
}

/**
 * The current calculator panel (SPEC §2): a skeleton reading 'Your calculator is being generated...'
 * while no config exists, the live calculator in the display currency, and the edit, regenerate,
 * create-proposal and share actions — disabled unless the calculator has something to show — and
 * 'Save as template' (issue 16), a Pro feature.
 */
export function CurrentCalculatorPanel({
  config,
  generating,
  values,
  onValuesChange,
  displayCurrency,
  warnings,
  busy,
  actions,
  templates,
  openInput,
  children,
}: {
  config: CalculatorData | undefined
  generating: boolean
  values: Record<string, number>
  onValuesChange: (values: Record<string, number>) => void
  displayCurrency: Currency
  /** What the seller should fix or confirm before sharing (issue 35), shown above the calculator. */
  warnings: readonly SellerWarning[]
  /** An action of the panel (regenerate) is running. */
  busy: boolean
  actions: PanelActions
  /** Whether the user is on Pro, and whether the current calculator is kept by the server (a template copies it there). */
  templates: { pro: boolean; kept: boolean }
  openInput: OpenInput
  /** The slot at the panel's bottom, below the calculator (the figures beside it). */
  children?: ReactNode
}) {
  // The config on screen: it follows `config`, but one arriving after none waits out the skeleton delay.
  const [revealed, setRevealed] = useState(config !== undefined)
  if (config === undefined && revealed) setRevealed(false)
  useEffect(() => {
    if (config === undefined || revealed) return
    const timer = setTimeout(() => setRevealed(true), SKELETON_DELAY_MS)
    return () => clearTimeout(timer)
  }, [config, revealed])
  const shown = revealed ? config : undefined

  // A new definition remounts the calculator, so no input keeps text typed for the previous one.
  const shownKey = useMemo(() => (shown === undefined ? '' : identityOf(shown)), [shown])
  const texts = inputTexts(shown?.language)

  // A warning's fix asks for an input: bring its tools into view and focus them (a click in the tools keeps its focus).
  useEffect(() => {
    if (openInput.name === undefined) return
    const tools = document.querySelector<HTMLElement>(`[data-input-tools="${CSS.escape(openInput.name)}"]`)
    if (tools === null || tools.contains(document.activeElement)) return
    tools.scrollIntoView({ block: 'center' })
    tools.querySelector<HTMLElement>('button')?.focus()
  }, [openInput.name])

  async function apply(config: CalculatorData | undefined, saved: string) {
    if (config === undefined) return
    if (await actions.onConfigChange(config)) toast({ title: saved })
  }

  function changeInput(config: CalculatorData, parameter: CalculatorParameter, change: InputChange) {
    void apply(withInput(config, parameter), change === 'confirmed' ? texts.saved.confirmed : texts.saved.input)
  }

  const usable = shown !== undefined && hasCalculatorContent(shown)
  const disabled = !usable || busy

  return (
    <section aria-labelledby="current-calculator-heading" className="grid content-start gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="current-calculator-heading" className="text-lg font-semibold">
          Current Calculator
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={disabled} onClick={actions.onEdit}>
            Edit
          </Button>
          <Button variant="outline" size="sm" disabled={disabled} onClick={actions.onRegenerate}>
            Regenerate
          </Button>
          <Button variant="outline" size="sm" disabled={disabled} onClick={actions.onCreateProposal}>
            Create Proposal
          </Button>
          <Button size="sm" disabled={disabled} onClick={actions.onShare}>
            Share
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={disabled || !templates.pro || !templates.kept}
            title={templates.pro ? undefined : 'Calculator templates are a Pro feature'}
            onClick={actions.onSaveTemplate}
          >
            Save as template
            {!templates.pro && <ProTag />}
          </Button>
        </div>
      </div>
      {shown === undefined ? (
        generating || config !== undefined ? (
          <CalculatorSkeleton />
        ) : (
          <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
            Upload a proposal or describe your service, then generate a calculator: it appears here.
          </p>
        )
      ) : !hasCalculatorContent(shown) ? (
        <p className="rounded-lg border p-10 text-center text-muted-foreground">No calculator parameters available.</p>
      ) : (
        <div className="calculator-enter grid gap-4" data-testid="current-calculator">
          <SellerWarnings
            warnings={warnings}
            config={shown}
            onFix={(fix: WarningFix) => (fix.kind === 'edit' ? actions.onEdit() : openInput.onChange(fix.name))}
          />
          <LiveCalculator
            key={shownKey}
            calculatorData={shown}
            values={values}
            onValuesChange={onValuesChange}
            displayCurrency={displayCurrency}
            moneyLocale={GENERATOR_SCREEN_LOCALE}
            showSources
            renderTitle={(headingId) => (
              <CalculatorNameEditor
                headingId={headingId}
                name={shown.name}
                texts={texts}
                onRename={(name) => void apply(renamed(shown, name), texts.saved.renamed)}
              />
            )}
            inputTools={(input) => {
              const parameter = shown.parameters.find((candidate) => candidate.name === input.name)
              if (parameter === undefined) return null
              return (
                <InputRowTools
                  parameter={parameter}
                  texts={texts}
                  open={openInput.name === parameter.name}
                  onOpenChange={(open) => openInput.onChange(open ? parameter.name : undefined)}
                  onChange={(next, change) => changeInput(shown, next, change)}
                />
              )
            }}
          />
        </div>
      )}
      {children}
    </section>
  )
}

function CalculatorSkeleton() {
  return (
    <div role="status" className="grid gap-6 rounded-lg border p-6" data-testid="calculator-skeleton">
      <p className="text-sm text-muted-foreground">Your calculator is being generated...</p>
      <div className="h-6 w-2/3 animate-pulse rounded bg-muted" aria-hidden="true" />
      {[0, 1, 2].map((row) => (
        <div key={row} className="grid gap-2" aria-hidden="true">
          <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
          <div className="h-2 w-full animate-pulse rounded bg-muted" />
        </div>
      ))}
      <div className="grid gap-3 sm:grid-cols-2" aria-hidden="true">
        <div className="h-20 animate-pulse rounded bg-muted" />
        <div className="h-20 animate-pulse rounded bg-muted" />
      </div>
    </div>
  )
}
