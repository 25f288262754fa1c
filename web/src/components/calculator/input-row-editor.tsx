// Each input the seller's to shape (issue 36), in place under the input on the generator screen:
// "I checked this figure" for an assumption, and a small editor for how the prospect meets the input
// (slider, number field or a fixed figure), its label, unit and range. Every change applies at once.
import { isUncheckedAssumption, PARAMETER_TYPES, type CalculatorParameter } from '@valueproof/formula'
import { useId, useRef, useState, type FormEvent } from 'react'
import { Button, buttonClassName } from '../ui/button.tsx'
import { Input } from '../ui/input.tsx'
import { confirmedInput, draftOf, reshapedInput, type InputShapeDraft, type InputShapeProblem } from './input-shape.ts'
import type { InputTexts } from './input-texts.ts'

export type InputChange = 'input' | 'confirmed'

export function InputRowTools({
  parameter,
  texts,
  open,
  onOpenChange,
  onChange,
}: {
  parameter: CalculatorParameter
  texts: InputTexts
  open: boolean
  onOpenChange: (open: boolean) => void
  onChange: (parameter: CalculatorParameter, change: InputChange) => void
}) {
  const editorId = useId()
  const editButton = useRef<HTMLButtonElement>(null)
  const unchecked = isUncheckedAssumption(parameter)
  return (
    <div className="grid gap-2" data-input-tools={parameter.name}>
      <div className="flex flex-wrap items-center gap-2">
        {unchecked && (
          <Button
            variant="outline"
            size="sm"
            data-confirm-input={parameter.name}
            onClick={() => {
              // The button goes once the figure is confirmed: the focus stays in the row.
              editButton.current?.focus()
              onChange(confirmedInput(parameter), 'confirmed')
            }}
          >
            {texts.confirm}
          </Button>
        )}
        <button
          ref={editButton}
          type="button"
          className={buttonClassName('ghost', 'sm')}
          aria-expanded={open}
          aria-controls={editorId}
          aria-label={texts.editInput(parameter.label)}
          onClick={() => onOpenChange(!open)}
        >
          {texts.edit}
        </button>
        {parameter.type === 'fixed' && <span className="text-xs text-muted-foreground">{texts.fixedForProspect}</span>}
      </div>
      {open && (
        <InputShapeEditor
          id={editorId}
          parameter={parameter}
          texts={texts}
          onChange={(next) => onChange(next, 'input')}
          onDone={() => onOpenChange(false)}
        />
      )}
    </div>
  )
}

const FIELDS = ['label', 'unit', 'min', 'max', 'step'] as const
type TextField = (typeof FIELDS)[number]

/** Which field a problem is shown under. */
const PROBLEM_FIELD: Readonly<Record<InputShapeProblem, TextField | 'type'>> = {
  label: 'label',
  min: 'min',
  max: 'max',
  step: 'step',
  range: 'max',
  fixed: 'type',
}

function InputShapeEditor({
  id,
  parameter,
  texts,
  onChange,
  onDone,
}: {
  id: string
  parameter: CalculatorParameter
  texts: InputTexts
  onChange: (parameter: CalculatorParameter) => void
  onDone: () => void
}) {
  const fieldId = useId()
  const [draft, setDraft] = useState<InputShapeDraft>(() => draftOf(parameter))
  const [problem, setProblem] = useState<InputShapeProblem>()
  const unchecked = isUncheckedAssumption(parameter)
  // What was last applied: a blur and the click that caused it apply the same draft once.
  const applied = useRef(JSON.stringify(parameter))

  /** Applies the draft when it makes a valid input that differs from the one shown. */
  function commit(next: InputShapeDraft): boolean {
    const result = reshapedInput(parameter, next)
    if (!result.ok) {
      setProblem(result.problem)
      return false
    }
    setProblem(undefined)
    const json = JSON.stringify(result.parameter)
    if (json !== applied.current) {
      applied.current = json
      onChange(result.parameter)
    }
    return true
  }

  /** Takes what is typed; a problem shows (and clears) as the seller types, so nothing jumps under the pointer on blur. */
  function edit(next: InputShapeDraft) {
    setDraft(next)
    const result = reshapedInput(parameter, next)
    setProblem(result.ok ? undefined : result.problem)
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    commit(draft)
  }

  const problemAt = (field: TextField | 'type') =>
    problem !== undefined && PROBLEM_FIELD[problem] === field ? texts.problems[problem] : undefined

  return (
    <form id={id} onSubmit={onSubmit} className="grid gap-3 rounded-md border bg-muted/40 p-3" data-input-editor={parameter.name}>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-xs font-medium">{texts.shownAs}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {PARAMETER_TYPES.map((type) => (
            <label key={type} className="flex min-h-6 items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${fieldId}-type`}
                value={type}
                checked={draft.type === type}
                disabled={type === 'fixed' && unchecked}
                onChange={() => {
                  const next = { ...draft, type }
                  setDraft(next)
                  commit(next)
                }}
                className="size-4 accent-primary"
              />
              {texts.types[type]}
            </label>
          ))}
        </div>
        {unchecked && <p className="text-xs text-muted-foreground">{texts.fixedNeedsCheck}</p>}
        {problemAt('type') !== undefined && <p className="text-xs font-medium text-destructive dark:text-red-400">{problemAt('type')}</p>}
      </fieldset>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {FIELDS.map((field) => {
          const error = problemAt(field)
          const errorId = `${fieldId}-${field}-error`
          return (
            <div key={field} className={field === 'label' ? 'col-span-2 grid gap-1 sm:col-span-3' : 'grid gap-1'}>
              <label htmlFor={`${fieldId}-${field}`} className="text-xs font-medium">
                {texts[field]}
              </label>
              <Input
                id={`${fieldId}-${field}`}
                inputMode={field === 'label' || field === 'unit' ? undefined : 'decimal'}
                value={draft[field]}
                onChange={(event) => edit({ ...draft, [field]: event.target.value })}
                onBlur={() => commit(draft)}
                aria-invalid={error === undefined ? undefined : true}
                aria-describedby={error === undefined ? undefined : errorId}
                className="h-9"
              />
              {error !== undefined && (
                <p id={errorId} className="text-xs font-medium text-destructive dark:text-red-400">
                  {error}
                </p>
              )}
            </div>
          )
        })}
      </div>
      <div className="flex justify-end">
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            if (commit(draft)) onDone()
          }}
        >
          {texts.done}
        </Button>
      </div>
    </form>
  )
}
