import type { InputHTMLAttributes, ReactNode } from 'react'

/**
 * A labelled on/off switch: a real checkbox with the switch role (Space toggles it, a screen reader
 * says "on" or "off") covering its whole row, so that the row is the tap target, and a track with a
 * thumb drawn beside the label.
 */
export function SwitchRow({
  label,
  ...props
}: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role' | 'className'>) {
  return (
    <label className="relative flex min-h-11 cursor-pointer items-center justify-between gap-4 py-2 text-sm has-disabled:cursor-not-allowed">
      <input
        type="checkbox"
        role="switch"
        className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-md focus-visible:outline-none disabled:cursor-not-allowed"
        {...props}
      />
      <span>{label}</span>
      <span
        aria-hidden="true"
        className="relative h-6 w-11 shrink-0 rounded-full bg-input transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-disabled:opacity-60 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-background after:shadow-sm after:transition-transform peer-checked:after:translate-x-5 motion-reduce:transition-none motion-reduce:after:transition-none"
      />
    </label>
  )
}
