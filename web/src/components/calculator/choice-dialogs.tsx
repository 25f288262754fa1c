import { useEffect, useRef } from 'react'
import type { ChosenComplexity } from '../../calculator/generation-api.ts'
import type { SellerChange } from '../../calculator/workspace.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'

interface Choice<Value extends string> {
  value: Value
  title: string
  description: string
}

/** SPEC §2: the four cards of 'Choose Calculator Type'. */
export const CALCULATOR_TYPE_CHOICES: ReadonlyArray<Choice<ChosenComplexity>> = [
  { value: 'minimal', title: 'Minimal', description: 'Single slider' },
  { value: 'balanced', title: 'Balanced', description: 'Two sliders' },
  { value: 'advanced', title: 'Advanced', description: 'Three sliders' },
  { value: 'value', title: 'Value', description: 'Business value calculator with simple inputs and key metrics' },
]

export type TemplateType = 'standard' | 'executive'

/** SPEC §2: the create-proposal template chooser. */
export const TEMPLATE_CHOICES: ReadonlyArray<Choice<TemplateType>> = [
  {
    value: 'standard',
    title: 'Professional Business Proposal',
    description: 'A complete proposal document: summary, problem, solution, value and the live ROI calculator.',
  },
  { value: 'executive', title: 'Executive Brief', description: 'A short brief for decision makers, led by the key financial impact.' },
]

/** A dialog of cards; choosing one closes it and reports the choice, once per opening (a double click chooses once). */
function ChoiceDialog<Value extends string>({
  open,
  onOpenChange,
  title,
  choices,
  onChoose,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  choices: ReadonlyArray<Choice<Value>>
  onChoose: (value: Value) => void
}) {
  const chosen = useRef(false)
  useEffect(() => {
    if (open) chosen.current = false
  }, [open])
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} className="max-w-xl">
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => (
          <button
            key={choice.value}
            type="button"
            onClick={() => {
              if (chosen.current) return
              chosen.current = true
              onOpenChange(false)
              onChoose(choice.value)
            }}
            className="grid gap-1 rounded-lg border p-4 text-left transition-colors hover:border-primary hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <span className="font-semibold">{choice.title}</span>
            <span className="text-sm text-muted-foreground">{choice.description}</span>
          </button>
        ))}
      </div>
    </Dialog>
  )
}

export function CalculatorTypeDialog(props: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onChoose: (complexity: ChosenComplexity) => void
}) {
  return <ChoiceDialog title="Choose Calculator Type" choices={CALCULATOR_TYPE_CHOICES} {...props} />
}

export function ProposalTemplateDialog(props: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onChoose: (templateType: TemplateType) => void
}) {
  return <ChoiceDialog title="Create Proposal" choices={TEMPLATE_CHOICES} {...props} />
}

/**
 * Generate with nothing left of the month's calculators (issue 36): said before the type is asked
 * for, with the way to Pro on Free. `message` is the server's or the usage's own sentence.
 */
export function LimitDialog({
  open,
  onOpenChange,
  message,
  pro,
  onUpgrade,
  upgrading,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  message: string
  pro: boolean
  onUpgrade: () => void
  upgrading: boolean
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="No calculators left this month" description={message}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Not now
        </Button>
        {!pro && (
          <Button disabled={upgrading} onClick={onUpgrade}>
            {upgrading ? 'Upgrading...' : 'Upgrade to Pro'}
          </Button>
        )}
      </div>
    </Dialog>
  )
}

const DISCARDED: Readonly<Record<SellerChange, string>> = {
  definition: 'your edits to the calculator, saved in the editor',
  values: 'the slider values you set',
}

/**
 * Regenerate asks first when it would discard the seller's work (issue 36): it names what goes —
 * the edits saved in the editor, the slider values set — and keeps everything unless confirmed.
 */
export function RegenerateConfirmDialog({
  changes,
  onOpenChange,
  onConfirm,
}: {
  /** What regenerating would discard; the dialog is open while this is given. */
  changes: readonly SellerChange[] | undefined
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
}) {
  return (
    <Dialog
      open={changes !== undefined}
      onOpenChange={onOpenChange}
      title="Regenerate this calculator?"
      description="It is generated again from its own document or description, in its own language and currency. This replaces:"
    >
      <ul className="grid list-disc gap-1 pl-5 text-sm">
        {(changes ?? []).map((change) => (
          <li key={change}>{DISCARDED[change]}</li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Keep my changes
        </Button>
        <Button variant="destructive" onClick={onConfirm}>
          Regenerate
        </Button>
      </div>
    </Dialog>
  )
}
