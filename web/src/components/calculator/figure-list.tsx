// The figures of the figures panel (issue 36): each figure as written, the role it has (a menu to
// change it), whether the calculator uses it, and the passage and page it came from. The figures
// the calculator uses come first; the rest fold under one line.
import type { FigureChoices, FigureView, SellerRole } from '@valueproof/analyzer'
import { useId, useState } from 'react'
import { ROLE_CHOICES, withRole } from '../../calculator/figures.ts'
import { Button } from '../ui/button.tsx'
import { classNames } from '../ui/class-names.ts'
import { INLINE_SELECT } from './edit-fields.tsx'

/** Up to this many figures show whole. */
const FOLD_AFTER = 12

function roleOf(value: string): SellerRole | undefined {
  return ROLE_CHOICES.find((choice) => choice.value === value)?.value
}

export function FigureList({
  figures,
  used,
  choices,
  onChoose,
}: {
  figures: readonly FigureView[]
  used: (figure: FigureView) => boolean
  choices: FigureChoices
  onChoose: (choices: FigureChoices) => void
}) {
  const headingId = useId()
  const [open, setOpen] = useState(false)
  // A short list shows whole; a long one (a document's tables) folds what the calculator does not use.
  const folds = figures.length > FOLD_AFTER
  const inUse = folds ? figures.filter(used) : figures
  const others = folds ? figures.filter((figure) => !used(figure)) : []
  return (
    <div className="grid gap-2" role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold">
        {figures.length === 1 ? '1 figure read' : `${figures.length} figures read`}
        <span className="font-normal text-muted-foreground"> · {inUse.length} in the calculator</span>
      </h3>
      {figures.length === 0 && <p className="text-sm text-muted-foreground">The text states no figures: every input is an assumption.</p>}
      <ul className="grid gap-2">
        {inUse.map((figure) => (
          <FigureRow key={figure.index} figure={figure} inCalculator={used(figure)} choices={choices} onChoose={onChoose} />
        ))}
        {open &&
          others.map((figure) => (
            <FigureRow key={figure.index} figure={figure} inCalculator={false} choices={choices} onChoose={onChoose} />
          ))}
      </ul>
      {others.length > 0 && (
        <Button variant="link" size="sm" className="justify-self-start px-0" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? `Hide the ${others.length} figures not in the calculator` : `${others.length} more figures not in the calculator — show`}
        </Button>
      )}
    </div>
  )
}

function FigureRow({
  figure,
  inCalculator,
  choices,
  onChoose,
}: {
  figure: FigureView
  inCalculator: boolean
  choices: FigureChoices
  onChoose: (choices: FigureChoices) => void
}) {
  const chosen = figure.role !== figure.suggested
  return (
    <li className="grid gap-1 rounded-md border px-3 py-2" data-figure={figure.text} data-figure-index={figure.index}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium tabular-nums">{figure.text}</span>
        <span
          className={classNames(
            'rounded-full px-2 py-0.5 text-xs',
            inCalculator ? 'bg-primary/10 text-foreground' : 'bg-muted text-muted-foreground',
          )}
        >
          {inCalculator ? 'In the calculator' : 'Not used'}
        </span>
        <select
          aria-label={`Role of ${figure.text}`}
          className={classNames(INLINE_SELECT, 'ml-auto')}
          value={figure.role}
          onChange={(event) => {
            const role = roleOf(event.target.value)
            if (role !== undefined) onChoose(withRole(choices, figure.index, role, figure.suggested))
          }}
        >
          {ROLE_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
              {choice.value === figure.suggested && chosen ? ' (as read)' : ''}
            </option>
          ))}
        </select>
      </div>
      <p className="line-clamp-2 text-sm text-muted-foreground" title={figure.quote}>
        {figure.page === undefined ? '' : `Page ${figure.page}: `}“{figure.quote}”
      </p>
    </li>
  )
}
