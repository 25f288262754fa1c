import { SCENARIOS, type ProposalTexts, type Scenario } from '@valueproof/formula'
import { useId } from 'react'
import { classNames } from '../ui/class-names.ts'

/**
 * The prospect's choice of scenario (issue 20): one segmented group of real radio buttons (arrow
 * keys move between them), each covering its whole segment so that it is easy to tap.
 */
export function ScenarioSwitch({
  scenario,
  onChoose,
  texts,
}: {
  scenario: Scenario
  onChoose: (scenario: Scenario) => void
  texts: ProposalTexts
}) {
  const name = useId()
  const noteId = `${name}-note`
  return (
    <fieldset aria-describedby={noteId} className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{texts.scenario}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg border bg-muted p-1">
        {SCENARIOS.map((option) => (
          <label
            key={option}
            className={classNames(
              'relative flex min-h-11 items-center justify-center rounded-md px-2 text-center text-sm font-medium transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring',
              option === scenario ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === scenario}
              onChange={() => onChoose(option)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-md focus-visible:outline-none"
            />
            {texts.scenarioNames[option]}
          </label>
        ))}
      </div>
      <p id={noteId} className="text-xs text-muted-foreground">
        {texts.scenarioNote}
      </p>
    </fieldset>
  )
}
