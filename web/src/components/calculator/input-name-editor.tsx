// The calculator's name, renamed in place on the generator screen (issue 36): the heading with a
// Rename button, and in its place while renaming a field that saves on Enter and cancels on Escape.
import { useState, type FormEvent } from 'react'
import { Button } from '../ui/button.tsx'
import { Input } from '../ui/input.tsx'
import type { InputTexts } from './input-texts.ts'

export function CalculatorNameEditor({
  headingId,
  name,
  texts,
  onRename,
}: {
  headingId: string
  name: string
  texts: InputTexts
  onRename: (name: string) => void
}) {
  const [draft, setDraft] = useState<string>()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (draft !== undefined && draft.trim() !== '' && draft.trim() !== name) onRename(draft)
    setDraft(undefined)
  }

  if (draft === undefined) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words">
          {name}
        </h3>
        <Button variant="ghost" size="sm" onClick={() => setDraft(name)} aria-label={`${texts.rename}: ${name}`}>
          {texts.rename}
        </Button>
      </div>
    )
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-2" data-rename-calculator="">
      {/* The group keeps its accessible name while the heading is a field. */}
      <span id={headingId} className="sr-only">
        {name}
      </span>
      <label htmlFor={`${headingId}-name`} className="sr-only">
        {texts.calculatorName}
      </label>
      <Input
        id={`${headingId}-name`}
        value={draft}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault()
            setDraft(undefined)
          }
        }}
        aria-invalid={draft.trim() === '' ? true : undefined}
        className="h-9 min-w-0 flex-1 text-base font-semibold"
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={draft.trim() === ''}>
          {texts.save}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDraft(undefined)}>
          {texts.cancel}
        </Button>
      </div>
    </form>
  )
}
