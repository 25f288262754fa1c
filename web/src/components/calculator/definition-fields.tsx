// The parts of the Edit Calculator Configuration dialog that edit the definition's formulas and
// inputs: a parameter, a value field, and a formula with its error marked where it is.
import type { FormulaError } from '@valueproof/formula'
import { useId, useLayoutEffect, useRef } from 'react'
import {
  PARAMETER_LABELS,
  parameterFieldKey,
  VALUE_FIELD_LABELS,
  valueFieldFieldKey,
  type FieldKey,
  type ParameterForm,
  type ParameterProperty,
  type ValueFieldForm,
  type ValueFieldProperty,
} from '../../calculator/edit-config.ts'
import { formulaErrorLine } from '../../calculator/formula-error-line.ts'
import { Button } from '../ui/button.tsx'
import { classNames } from '../ui/class-names.ts'
import { CONTROL, ERROR_TEXT, HINT_TEXT, TextField } from './edit-fields.tsx'

/** SPEC §5's hints, to the letter. */
export const HINTS = {
  name: 'Used in formula. Use camelCase, no spaces.',
  label: 'Display name shown to users',
  unit: 'E.g., employees, tickets, hours',
  formula: 'JavaScript expression using parameter name.',
} as const

export function ParameterFields({
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

export function ValueFieldFields({
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
export function FormulaField({
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
