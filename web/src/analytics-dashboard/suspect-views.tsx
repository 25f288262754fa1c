// The opens analytics did not count (issue 34, docs/decisions/119): past a proposal's ceiling a
// minute or beyond what one network's people open, they look automated. Shown apart so a seller
// knows they happened, never added to the views.
import { plural } from './format.ts'

export function SuspectViewsNote({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <p
      className="rounded-lg border border-dashed border-amber-600/60 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-50"
      data-testid="suspect-views"
    >
      <strong className="font-semibold">{plural(count, 'suspected automated open')} not counted.</strong> They came faster, or from one
      network in greater numbers, than people open a proposal: they are not in the views and sent you no notification.
    </p>
  )
}
