import { classNames } from './ui/class-names.ts'

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden="true"
        className={classNames(
          'inline-block size-8 animate-spin rounded-full border-4 border-primary border-t-transparent motion-reduce:animate-none',
          className,
        )}
      />
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** Shown while a route waits for the session or its data. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center">
      <Spinner />
    </div>
  )
}
