import { useState } from 'react'

const MASK = '••••••'

/**
 * SPEC §2's Access Code column: 'None' when the proposal has no code; otherwise the code stays
 * masked (someone looking at the screen does not read it) until its owner presses Reveal.
 */
export function AccessCodeCell({ title, accessCode }: { title: string; accessCode: string | null | undefined }) {
  const [shown, setShown] = useState(false)
  if (accessCode === null || accessCode === undefined || accessCode === '') {
    return <span className="text-muted-foreground">None</span>
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      {shown ? (
        <span className="font-mono break-all">{accessCode}</span>
      ) : (
        <>
          <span aria-hidden="true" className="font-mono tracking-widest">
            {MASK}
          </span>
          <span className="sr-only">Hidden</span>
        </>
      )}
      <button
        type="button"
        onClick={() => setShown((value) => !value)}
        className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
      >
        {shown ? 'Hide' : 'Reveal'}
        <span className="sr-only"> access code for {title}</span>
      </button>
    </span>
  )
}
