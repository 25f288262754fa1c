// Parts of the live calculator (issue 36): a fixed input as the prospect sees it — the seller's figure
// with its source, nothing to move — and a text whose long lists fold ("44 fees — show").
import { formatInputValue, type CalculatorLanguage } from '@valueproof/formula'
import { foldedParts, foldSummary } from './live-calculator-folds.ts'

export function FixedInput({
  name,
  label,
  value,
  unit,
  source,
  locale,
}: {
  name: string
  label: string
  value: number
  unit: string | undefined
  /** The neutral source line ("From the proposal, p. 3"). */
  source: string | undefined
  locale: string
}) {
  return (
    <div className="grid gap-1" data-input={name} data-input-type="fixed">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="text-sm font-medium">{label}</span>
        <span className="text-base font-semibold tabular-nums" data-fixed-value="">
          {formatInputValue(value, unit, locale)}
        </span>
      </div>
      {source !== undefined && source.trim() !== '' && <p className="text-xs text-muted-foreground">{source}</p>}
    </div>
  )
}

/** A text under the calculator, its lines kept, its long lists folded to one line each. */
export function FoldedText({ text, language, className }: { text: string; language: CalculatorLanguage | undefined; className: string }) {
  return (
    <div className={className}>
      {foldedParts(text).map((part, index) =>
        part.kind === 'text' ? (
          <p key={index}>{part.text}</p>
        ) : (
          <details key={index} data-folded-list="">
            <summary className="cursor-pointer font-medium underline-offset-2 hover:underline">{foldSummary(part.items, language)}</summary>
            <ul className="mt-1 grid list-disc gap-0.5 pl-5">
              {part.items.map((item, itemIndex) => (
                <li key={itemIndex}>{item}</li>
              ))}
            </ul>
          </details>
        ),
      )}
    </div>
  )
}
