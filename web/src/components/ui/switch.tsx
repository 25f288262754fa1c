import type { InputHTMLAttributes } from 'react'
import { classNames } from './class-names.ts'

/**
 * An on/off switch: a real checkbox with the switch role (Space toggles it, a screen reader says
 * "on" or "off"), drawn as a track with a thumb.
 */
export function Switch({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>) {
  return (
    <input
      type="checkbox"
      role="switch"
      className={classNames(
        'relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-input transition-colors checked:bg-primary',
        'before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-background before:shadow-sm before:transition-transform checked:before:translate-x-5',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  )
}
