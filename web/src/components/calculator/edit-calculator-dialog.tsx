import { TIMEFRAME_PERIODS, type CalculatorData, type FormulaError, type TimeframePeriod, type ValueType } from '@valueproof/formula'
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type JSX,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import {
  addParameter,
  addValueField,
  CALCULATOR_LABELS,
  calculatorDataOf,
  calculatorFormOf,
  formulaErrorLine,
  formulaProblem,
  PARAMETER_LABELS,
  parameterFieldKey,
  VALUE_FIELD_LABELS,
  valueFieldFieldKey,
  valueFieldFormulaProblem,
  type CalculatorForm,
  type FieldKey,
  type FormProblem,
  type ParameterForm,
  type ParameterProperty,
  type ValueFieldForm,
  type ValueFieldProperty,
} from '../../calculator/edit-config.ts'
import { Button } from '../ui/button.tsx'
import { classNames } from '../ui/class-names.ts'
import { Dialog } from '../ui/dialog.tsx'
import { FormField } from '../ui/form-field.tsx'

/** SPEC §5's hints, to the letter. */
const HINTS = {
  name: 'Used in formula. Use camelCase, no spaces.',
  label: 'Display name shown to users',
  unit: 'E.g., employees, tickets, hours',
  formula: 'JavaScript expression using parameter name.',
} as const

const VALUE_TYPE_OPTIONS: ReadonlyArray<{ value: ValueType; label: string }> = [
  { value: 'moneyGained', label: 'Money Gained' },
  { value: 'moneySaved', label: 'Money Saved' },
]
/** Shown only while a definition has no value type; a select item never has an empty value (SPEC §5). */
const VALUE_TYPE_NOT_SET = 'notSet'

const TIMEFRAME_NAMES: Readonly<Record<TimeframePeriod, string>> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
}

const ERROR_TEXT = 'text-sm font-medium text-destructive dark:text-red-400'
const HINT_TEXT = 'text-sm text-muted-foreground'
const CONTROL =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none aria-invalid:border-destructive sm:text-sm'

export interface EditCalculatorDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The definition to edit (validated); each opening starts from it, discarding unsaved edits. */
  calculatorData: CalculatorData
  /** Called only with a definition validateCalculatorData accepted; the dialog then closes. */
  onSave: (calculatorData: CalculatorData) => void
}

/**
 * The 'Edit Calculator Configuration' dialog (issue 6): every field of the definition people may
 * change, formula errors marked where they are as people type, and Save only for a valid definition.
 */
export function EditCalculatorDialog({ open, onOpenChange, calculatorData, onSave }: EditCalculatorDialogProps): JSX.Element | null {
  // Unmounted while closed, so each opening starts again from calculatorData.
  if (!open) return null
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Edit Calculator Configuration"
      description="Nothing changes until you save."
      className="max-h-[calc(100dvh-2rem)] max-w-2xl! overflow-y-auto overscroll-contain pb-0!"
    >
      <EditCalculatorForm
        calculatorData={calculatorData}
        onCancel={() => onOpenChange(false)}
        onSave={(saved) => {
          onSave(saved)
          onOpenChange(false)
        }}
      />
    </Dialog>
  )
}

function EditCalculatorForm({
  calculatorData,
  onCancel,
  onSave,
}: {
  calculatorData: CalculatorData
  onCancel: () => void
  onSave: (calculatorData: CalculatorData) => void
}) {
  const [form, setForm] = useState<CalculatorForm>(() => calculatorFormOf(calculatorData))
  const [problems, setProblems] = useState<FormProblem[]>([])
  const [failedSaves, setFailedSaves] = useState(0)
  // The field to focus once it is on screen; a new request each time, so asking again focuses again.
  const [focusRequest, setFocusRequest] = useState<{ target: FieldKey | 'addParameter' | 'addValueField' }>()
  const formRef = useRef<HTMLFormElement>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const summaryTitleId = useId()
  const parametersTitleId = useId()
  const valueFieldsTitleId = useId()
  const isValueCalculator = calculatorData.calculatorType === 'value'

  useEffect(() => {
    if (failedSaves > 0) summaryRef.current?.focus()
  }, [failedSaves])

  useEffect(() => {
    if (focusRequest === undefined) return
    formRef.current?.querySelector<HTMLElement>(`[data-field="${focusRequest.target}"]`)?.focus()
  }, [focusRequest])

  /** Applies an edit; the problems shown at those fields since the last Save go, as they may be fixed. */
  function change(fields: readonly FieldKey[], next: (form: CalculatorForm) => CalculatorForm) {
    setForm(next)
    setProblems((current) => current.filter((problem) => problem.field === undefined || !fields.includes(problem.field)))
  }

  const problemAt = (field: FieldKey): string | undefined => {
    const messages = problems.filter((problem) => problem.field === field).map((problem) => problem.message)
    return messages.length === 0 ? undefined : messages.join('; ')
  }

  const setText = (field: 'name' | 'description' | 'explanation' | 'formula') => (value: string) =>
    change([field], (current) => ({ ...current, [field]: value }))

  function changeParameter(key: string, property: ParameterProperty, value: string) {
    change([parameterFieldKey(key, property)], (current) => ({
      ...current,
      parameters: current.parameters.map((parameter) => (parameter.key === key ? { ...parameter, [property]: value } : parameter)),
    }))
  }

  function removeParameter(key: string) {
    const fields = (Object.keys(PARAMETER_LABELS) as ParameterProperty[]).map((property) => parameterFieldKey(key, property))
    change(fields, (current) => ({ ...current, parameters: current.parameters.filter((parameter) => parameter.key !== key) }))
    setFocusRequest({ target: 'addParameter' })
  }

  function changeValueField<P extends ValueFieldProperty>(key: string, property: P, value: ValueFieldForm[P]) {
    change([valueFieldFieldKey(key, property)], (current) => ({
      ...current,
      valueFields: current.valueFields.map((field) => (field.key === key ? { ...field, [property]: value } : field)),
    }))
  }

  function removeValueField(key: string) {
    const fields = (Object.keys(VALUE_FIELD_LABELS) as ValueFieldProperty[]).map((property) => valueFieldFieldKey(key, property))
    change(fields, (current) => ({ ...current, valueFields: current.valueFields.filter((field) => field.key !== key) }))
    setFocusRequest({ target: 'addValueField' })
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = calculatorDataOf(form, calculatorData)
    if (result.ok) {
      onSave(result.calculatorData)
      return
    }
    setProblems(result.problems)
    setFailedSaves((count) => count + 1)
  }

  return (
    <form ref={formRef} onSubmit={save} noValidate className="grid gap-6">
      {problems.length > 0 && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby={summaryTitleId}
          className="rounded-md border border-destructive p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <p id={summaryTitleId} className={ERROR_TEXT}>
            Nothing was saved. {problems.length === 1 ? 'Fix this problem:' : `Fix these ${problems.length} problems:`}
          </p>
          <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm">
            {problems.map(({ field, where, message }, index) => (
              <li key={index}>
                {field === undefined ? (
                  <span className="font-medium">{where}</span>
                ) : (
                  <button
                    type="button"
                    className="inline text-left font-medium underline underline-offset-4 hover:no-underline"
                    onClick={() => setFocusRequest({ target: field })}
                  >
                    {where}
                  </button>
                )}
                : {message}
              </li>
            ))}
          </ul>
        </div>
      )}

      <section className="grid gap-4" aria-label="Calculator">
        <FormField
          label={CALCULATOR_LABELS.name}
          data-field="name"
          autoComplete="off"
          value={form.name}
          onChange={(event) => setText('name')(event.target.value)}
          error={problemAt('name')}
        />
        <FormField
          label={CALCULATOR_LABELS.description}
          data-field="description"
          autoComplete="off"
          value={form.description}
          onChange={(event) => setText('description')(event.target.value)}
          error={problemAt('description')}
        />
        <TextAreaField
          label={CALCULATOR_LABELS.explanation}
          data-field="explanation"
          rows={3}
          value={form.explanation}
          onChange={(event) => setText('explanation')(event.target.value)}
          error={problemAt('explanation')}
        />
        <FormulaField
          label={CALCULATOR_LABELS.formula}
          fieldKey="formula"
          value={form.formula}
          onValueChange={setText('formula')}
          liveError={formulaProblem(form)}
          savedError={problemAt('formula')}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <SelectField
            label={CALCULATOR_LABELS.valueType}
            data-field="valueType"
            value={form.valueType ?? VALUE_TYPE_NOT_SET}
            onChange={(event) => {
              const chosen = VALUE_TYPE_OPTIONS.find((option) => option.value === event.target.value)
              if (chosen !== undefined) change(['valueType'], (current) => ({ ...current, valueType: chosen.value }))
            }}
            error={problemAt('valueType')}
          >
            {form.valueType === undefined && (
              <option value={VALUE_TYPE_NOT_SET} disabled>
                Not set
              </option>
            )}
            {VALUE_TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={CALCULATOR_LABELS.baseTimeframe}
            data-field="baseTimeframe"
            value={form.baseTimeframe}
            onChange={(event) => {
              const chosen = TIMEFRAME_PERIODS.find((period) => period === event.target.value)
              if (chosen !== undefined) change(['baseTimeframe'], (current) => ({ ...current, baseTimeframe: chosen }))
            }}
            error={problemAt('baseTimeframe')}
          >
            {TIMEFRAME_PERIODS.map((period) => (
              <option key={period} value={period}>
                {TIMEFRAME_NAMES[period]}
              </option>
            ))}
          </SelectField>
        </div>
      </section>

      <section className="grid gap-4" aria-labelledby={parametersTitleId}>
        <h3 id={parametersTitleId} className="text-base font-semibold">
          Parameters
        </h3>
        {form.parameters.length === 0 && <p className={HINT_TEXT}>No parameters yet.</p>}
        {form.parameters.map((parameter, index) => (
          <ParameterFields
            key={parameter.key}
            index={index}
            parameter={parameter}
            problemAt={problemAt}
            onChange={(property, value) => changeParameter(parameter.key, property, value)}
            onRemove={() => removeParameter(parameter.key)}
          />
        ))}
        <Button
          variant="outline"
          data-field="addParameter"
          className="justify-self-start"
          onClick={() => {
            const next = addParameter(form)
            change([], () => next)
            const added = next.parameters.at(-1)
            if (added !== undefined) setFocusRequest({ target: parameterFieldKey(added.key, 'name') })
          }}
        >
          Add parameter
        </Button>
      </section>

      {isValueCalculator && (
        <section className="grid gap-4" aria-labelledby={valueFieldsTitleId}>
          <h3 id={valueFieldsTitleId} className="text-base font-semibold">
            Value fields
          </h3>
          {form.valueFields.length === 0 && <p className={HINT_TEXT}>No value fields yet.</p>}
          {form.valueFields.map((field, index) => (
            <ValueFieldFields
              key={field.key}
              index={index}
              field={field}
              liveFormulaError={valueFieldFormulaProblem(form, field.key)}
              problemAt={problemAt}
              onChange={(property, value) => changeValueField(field.key, property, value)}
              onRemove={() => removeValueField(field.key)}
            />
          ))}
          <Button
            variant="outline"
            data-field="addValueField"
            className="justify-self-start"
            onClick={() => {
              const next = addValueField(form)
              change([], () => next)
              const added = next.valueFields.at(-1)
              if (added !== undefined) setFocusRequest({ target: valueFieldFieldKey(added.key, 'name') })
            }}
          >
            Add value field
          </Button>
        </section>
      )}

      <div className="sticky bottom-0 -mx-6 flex justify-end gap-2 border-t bg-background px-6 py-4">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Save</Button>
      </div>
    </form>
  )
}

function ParameterFields({
  index,
  parameter,
  problemAt,
  onChange,
  onRemove,
}: {
  index: number
  parameter: ParameterForm
  problemAt: (field: FieldKey) => string | undefined
  onChange: (property: ParameterProperty, value: string) => void
  onRemove: () => void
}) {
  // Numbers are text inputs, not type=number: a half-typed '1.' or '-' stays as typed until Save reads it.
  const field = (property: ParameterProperty, options: { hint?: string; monospace?: boolean } = {}) => {
    const key = parameterFieldKey(parameter.key, property)
    return (
      <TextField
        label={PARAMETER_LABELS[property]}
        fieldKey={key}
        value={parameter[property]}
        onValueChange={(value) => onChange(property, value)}
        error={problemAt(key)}
        {...options}
      />
    )
  }
  const name = parameter.name.trim() === '' ? String(index + 1) : parameter.name
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-lg border bg-card p-4 text-card-foreground">
      <legend className="px-1 text-sm font-semibold">Parameter {index + 1}</legend>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {field('name', { hint: HINTS.name, monospace: true })}
        {field('label', { hint: HINTS.label })}
        {field('unit', { hint: HINTS.unit })}
        {field('description')}
      </div>
      <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-4">
        {field('min')}
        {field('max')}
        {field('step')}
        {field('defaultValue')}
      </div>
      <Button variant="outline" size="sm" className="justify-self-end" aria-label={`Remove parameter ${name}`} onClick={onRemove}>
        Remove
      </Button>
    </fieldset>
  )
}

function ValueFieldFields({
  index,
  field,
  liveFormulaError,
  problemAt,
  onChange,
  onRemove,
}: {
  index: number
  field: ValueFieldForm
  liveFormulaError: FormulaError | undefined
  problemAt: (field: FieldKey) => string | undefined
  onChange: <P extends ValueFieldProperty>(property: P, value: ValueFieldForm[P]) => void
  onRemove: () => void
}) {
  const id = useId()
  const text = (
    property: 'name' | 'label' | 'description' | 'defaultValue' | 'unit' | 'prefix',
    options: { hint?: string; monospace?: boolean } = {},
  ) => {
    const key = valueFieldFieldKey(field.key, property)
    return (
      <TextField
        label={VALUE_FIELD_LABELS[property]}
        fieldKey={key}
        value={field[property]}
        onValueChange={(value) => onChange(property, value)}
        error={problemAt(key)}
        {...options}
      />
    )
  }
  const flag = (property: 'calculated' | 'highlight') => {
    const key = valueFieldFieldKey(field.key, property)
    const error = problemAt(key)
    const errorId = `${id}-${property}-error`
    return (
      <div className="grid gap-1">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            data-field={key}
            className="size-4 accent-primary"
            checked={field[property]}
            aria-invalid={error === undefined ? undefined : true}
            aria-describedby={error === undefined ? undefined : errorId}
            onChange={(event) => onChange(property, event.target.checked)}
          />
          {VALUE_FIELD_LABELS[property]}
        </label>
        {error !== undefined && (
          <p id={errorId} className={ERROR_TEXT}>
            {error}
          </p>
        )}
      </div>
    )
  }
  const name = field.name.trim() === '' ? String(index + 1) : field.name
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-lg border bg-card p-4 text-card-foreground">
      <legend className="px-1 text-sm font-semibold">Value field {index + 1}</legend>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {text('name', { hint: HINTS.name, monospace: true })}
        {text('label', { hint: HINTS.label })}
      </div>
      {text('description')}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {flag('calculated')}
        {flag('highlight')}
      </div>
      <FormulaField
        label={VALUE_FIELD_LABELS.formula}
        fieldKey={valueFieldFieldKey(field.key, 'formula')}
        value={field.formula}
        onValueChange={(value) => onChange('formula', value)}
        liveError={liveFormulaError}
        savedError={problemAt(valueFieldFieldKey(field.key, 'formula'))}
      />
      <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-3">
        {text('defaultValue')}
        {text('unit', { hint: HINTS.unit })}
        {text('prefix')}
      </div>
      <Button variant="outline" size="sm" className="justify-self-end" aria-label={`Remove value field ${name}`} onClick={onRemove}>
        Remove
      </Button>
    </fieldset>
  )
}

/**
 * A formula: monospace text, the hint, and as people type the engine's message (announced, tied
 * to the field) with the formula's line shown again below, the offending characters marked and a
 * caret under them.
 */
function FormulaField({
  label,
  fieldKey,
  value,
  onValueChange,
  liveError,
  savedError,
}: {
  label: string
  fieldKey: FieldKey
  value: string
  onValueChange: (value: string) => void
  liveError: FormulaError | undefined
  /** A problem Save found that the live check does not cover (e.g. an empty formula). */
  savedError: string | undefined
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const savedErrorId = `${id}-saved-error`
  const shownSavedError = liveError === undefined ? savedError : undefined
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        data-field={fieldKey}
        rows={3}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        autoComplete="off"
        className={classNames(CONTROL, 'min-h-20 resize-y font-mono')}
        aria-invalid={liveError === undefined && shownSavedError === undefined ? undefined : true}
        aria-describedby={[liveError === undefined ? undefined : errorId, shownSavedError === undefined ? undefined : savedErrorId, hintId]
          .filter(Boolean)
          .join(' ')}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {liveError !== undefined && <FormulaErrorMarker source={value} error={liveError} />}
      {/* Always present, so the messages that appear in it while typing are announced. */}
      <div aria-live="polite">
        {liveError !== undefined && (
          <p id={errorId} className={ERROR_TEXT}>
            {liveError.message}
          </p>
        )}
      </div>
      {shownSavedError !== undefined && (
        <p id={savedErrorId} className={ERROR_TEXT}>
          {shownSavedError}
        </p>
      )}
      <p id={hintId} className={HINT_TEXT}>
        {HINTS.formula}
      </p>
    </div>
  )
}

/** The formula's line with the error's characters marked and a caret under them; the message says the same in words. */
function FormulaErrorMarker({ source, error }: { source: string; error: FormulaError }) {
  const line = formulaErrorLine(source, error)
  const frame = useRef<HTMLPreElement>(null)
  const mark = useRef<HTMLElement>(null)
  // A long line scrolls sideways; bring the marked characters into view as they move.
  useLayoutEffect(() => {
    const pre = frame.current
    const marked = mark.current
    if (pre === null || marked === null) return
    const left = marked.offsetLeft
    if (left < pre.scrollLeft || left + marked.offsetWidth > pre.scrollLeft + pre.clientWidth)
      pre.scrollLeft = Math.max(0, left - pre.clientWidth / 3)
  })
  return (
    <pre
      ref={frame}
      aria-hidden="true"
      data-formula-error-marker=""
      className="relative overflow-x-auto rounded-md border border-input bg-muted px-3 py-2 font-mono text-xs leading-5"
    >
      {source.includes('\n') && <span className="text-muted-foreground">{`Line ${line.lineNumber}\n`}</span>}
      {line.before}
      <mark ref={mark} className="rounded-sm bg-destructive text-destructive-foreground">
        {line.marked === '' ? ' ' : line.marked}
      </mark>
      {line.after}
      {'\n'}
      <span className="text-destructive dark:text-red-400">{line.caret}</span>
    </pre>
  )
}

/** A one-line text field of a parameter or value field, with its hint below and its problem, if any. */
function TextField({
  label,
  fieldKey,
  value,
  onValueChange,
  error,
  hint,
  monospace = false,
}: {
  label: string
  fieldKey: string
  value: string
  onValueChange: (value: string) => void
  error: string | undefined
  hint?: string
  monospace?: boolean
}) {
  const hintId = useId()
  return (
    <FormField
      label={label}
      data-field={fieldKey}
      autoComplete="off"
      spellCheck={monospace ? false : undefined}
      autoCapitalize={monospace ? 'off' : undefined}
      className={monospace ? 'font-mono' : undefined}
      aria-describedby={hint === undefined ? undefined : hintId}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      error={error}
    >
      {hint !== undefined && (
        <p id={hintId} className={HINT_TEXT}>
          {hint}
        </p>
      )}
    </FormField>
  )
}

function FieldFrame({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error !== undefined && (
        <p id={`${id}-error`} className={ERROR_TEXT}>
          {error}
        </p>
      )}
    </div>
  )
}

/** FormField's look and wiring for a textarea. */
function TextAreaField({
  label,
  error,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error: string | undefined }) {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} error={error}>
      <textarea
        id={id}
        className={classNames(CONTROL, 'min-h-20 resize-y')}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        {...props}
      />
    </FieldFrame>
  )
}

/** FormField's look and wiring for a native select. */
function SelectField({
  label,
  error,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error: string | undefined }) {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        className={classNames(CONTROL, 'h-10 py-0')}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        {...props}
      >
        {children}
      </select>
    </FieldFrame>
  )
}
