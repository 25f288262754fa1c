import type { ChosenComplexity } from '../../calculator/generation-api.ts'
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

/** A dialog of cards; choosing one closes it and reports the choice. */
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} className="max-w-xl">
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => (
          <button
            key={choice.value}
            type="button"
            onClick={() => {
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
