import { TIMEFRAME_PERIODS, type CalculatorData, type TimeframePeriod, type ValueType } from '@valueproof/formula'
import { useEffect, useId, useRef, useState, type FormEvent, type JSX } from 'react'
import {
  addParameter,
  addValueField,
  CALCULATOR_LABELS,
  calculatorDataOf,
  calculatorFormOf,
  formulaProblem,
  PARAMETER_LABELS,
  parameterFieldKey,
  priceFieldKey,
  VALUE_FIELD_LABELS,
  valueFieldFieldKey,
  valueFieldFormulaProblem,
  type CalculatorForm,
  type FieldKey,
  type FormProblem,
  type ParameterProperty,
  type ValueFieldForm,
  type ValueFieldProperty,
} from '../../calculator/edit-config.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { FormField } from '../ui/form-field.tsx'
import { FormulaField, ParameterFields, ValueFieldFields } from './definition-fields.tsx'
import { ERROR_TEXT, HINT_TEXT, SelectField, TextAreaField } from './edit-fields.tsx'
import { PriceFields, type PriceChange } from './price-fields.tsx'

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

  function changePrice(next: PriceChange) {
    const fields = (['amount', 'period', 'setup'] as const).filter((property) => property in next).map(priceFieldKey)
    change(fields, (current) => ({ ...current, price: { ...current.price, ...next } }))
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

      {/* A value calculator's key metrics are its own fields: its price, if any, is one of them. */}
      {!isValueCalculator && (
        <PriceFields price={form.price} currency={calculatorData.baseCurrency} problemAt={problemAt} onChange={changePrice} />
      )}

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
