// The form fields of the Edit Calculator Configuration dialog, shared by its parts (the calculator,
// parameters, value fields and the price): a label, the control, a hint and the problem found at Save.
import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { classNames } from '../ui/class-names.ts'
import { FormField } from '../ui/form-field.tsx'

export const ERROR_TEXT = 'text-sm font-medium text-destructive dark:text-red-400'
export const HINT_TEXT = 'text-sm text-muted-foreground'
export const CONTROL =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none aria-invalid:border-destructive sm:text-sm'
/** A select that sits in a row beside text (the figures panel's role and stream menus): as wide as its choice. */
export const INLINE_SELECT =
  'h-9 max-w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none'

/** A one-line text field of a parameter or value field, with its hint below and its problem, if any. */
export function TextField({
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
export function TextAreaField({
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
export function SelectField({
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
