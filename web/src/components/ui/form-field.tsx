import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { Input } from './input.tsx'

/** A labelled input with its error (announced and tied to the input) and optional help below it. */
export function FormField({
  label,
  error,
  children,
  'aria-describedby': describedBy,
  ...inputProps
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; children?: ReactNode }) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={[error === undefined ? undefined : errorId, describedBy].filter(Boolean).join(' ') || undefined}
        {...inputProps}
      />
      {error !== undefined && (
        <p id={errorId} className="text-sm font-medium text-destructive dark:text-red-400">
          {error}
        </p>
      )}
      {children}
    </div>
  )
}
