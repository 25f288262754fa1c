// A Pro seller's brand colour (issue 37): a colour only reaches the document when it reads on white
// and on the dark theme (contracts' brandColorProblem); otherwise the field says why, in the
// contract's words, and the document keeps the colour it had.
import { BRAND_COLOR_MESSAGES, brandColorProblem } from '@valueproof/contracts/proposal-document'
import { useId, useState } from 'react'
import { Button } from '../ui/button.tsx'

export function BrandColorField({ value, onChange }: { value: string | undefined; onChange: (color: string | undefined) => void }) {
  const id = useId()
  const [candidate, setCandidate] = useState(value ?? '#2563eb')
  const problem = brandColorProblem(candidate)
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Brand colour
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="color"
          value={candidate}
          aria-invalid={problem === undefined ? undefined : true}
          aria-describedby={`${id}-message`}
          onChange={(event) => {
            const color = event.target.value
            setCandidate(color)
            if (brandColorProblem(color) === undefined) onChange(color)
          }}
          className="h-10 w-16 cursor-pointer rounded border border-input bg-background"
        />
        <span className="font-mono text-sm">{candidate}</span>
        {value !== undefined && (
          <Button variant="ghost" size="sm" onClick={() => onChange(undefined)}>
            No brand colour
          </Button>
        )}
      </div>
      <p
        id={`${id}-message`}
        aria-live="polite"
        className={problem === undefined ? 'text-sm text-muted-foreground' : 'text-sm font-medium text-destructive dark:text-red-400'}
      >
        {problem === undefined ? (value === candidate ? 'Used for the page’s accents and buttons.' : '') : BRAND_COLOR_MESSAGES[problem]}
      </p>
    </div>
  )
}
