import type { Currency } from '@valueproof/formula'
import { sellerWarnings } from '../../calculator/seller-warnings.ts'
import type { CalculatorEntry } from '../../calculator/storage.ts'
import { entryValues } from '../../calculator/workspace.ts'
import { XIcon } from '../icons.tsx'
import { Spinner } from '../spinner.tsx'
import { Button } from '../ui/button.tsx'
import { classNames } from '../ui/class-names.ts'
import { LockIcon } from '../icons.tsx'

/** SPEC §9: list entries appear 150 ms after one another. */
export const LIST_STAGGER_MS = 150

const STATUS = {
  loading: { label: 'Generating', dot: 'bg-yellow-500', border: 'border-yellow-500/40' },
  completed: { label: 'Ready', dot: 'bg-green-600', border: 'border-green-600/40' },
  error: { label: 'Failed', dot: 'bg-red-600', border: 'border-red-600/50' },
} as const

/** Warnings per entry, computed once per entry object (entries are replaced, never changed, when they change). */
const warningCounts = new WeakMap<CalculatorEntry, { currency: Currency; count: number }>()

function warningCount(entry: CalculatorEntry, displayCurrency: Currency): number {
  if (entry.config === undefined) return 0
  const known = warningCounts.get(entry)
  if (known?.currency === displayCurrency) return known.count
  const values = entryValues({ ...entry, config: entry.config })
  const count = sellerWarnings(entry.config, { values, displayCurrency, checks: entry.checks }).length
  warningCounts.set(entry, { currency: displayCurrency, count })
  return count
}

/**
 * SPEC §2 'Generated Calculators', newest first: a loading entry has a yellow indicator, a skeleton
 * name, a spinner and no view action; a completed one is green; a failed one red with its message.
 * A locked one (made on Pro beyond the Free allowance, the user now on Free) shows a lock and the
 * upgrade instead of the view action; it can still be removed. A calculator with warnings to
 * confirm before sharing (issue 35) says how many.
 */
export function GeneratedCalculators({
  entries,
  displayCurrency,
  currentId,
  onView,
  onRemove,
  onUpgrade,
  upgrading,
}: {
  entries: readonly CalculatorEntry[]
  displayCurrency: Currency
  currentId: string | undefined
  onView: (id: string) => void
  onRemove: (id: string) => void
  onUpgrade: () => void
  upgrading: boolean
}) {
  return (
    <section aria-labelledby="generated-calculators-heading" className="grid grid-cols-1 gap-3">
      <h2 id="generated-calculators-heading" className="text-lg font-semibold">
        Generated Calculators
      </h2>
      {entries.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          Calculators you generate are listed here.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {entries.map((entry, index) => {
            const status = STATUS[entry.status]
            const name = entry.config?.name ?? entry.name ?? entry.source ?? 'Calculator'
            if (entry.locked === true) {
              return (
                <LockedEntry
                  key={entry.id}
                  name={name}
                  index={index}
                  onRemove={() => onRemove(entry.id)}
                  onUpgrade={onUpgrade}
                  upgrading={upgrading}
                />
              )
            }
            return (
              <li
                key={entry.id}
                data-status={entry.status}
                aria-current={entry.id === currentId ? 'true' : undefined}
                className={classNames(
                  'calculator-enter grid grid-cols-1 gap-2 rounded-lg border bg-card p-3',
                  status.border,
                  entry.id === currentId && 'ring-2 ring-primary/40',
                )}
                style={{ animationDelay: `${index * LIST_STAGGER_MS}ms` }}
              >
                <div className="flex items-center gap-3">
                  <span className={classNames('size-2.5 shrink-0 rounded-full', status.dot)} aria-hidden="true" />
                  <span className="sr-only">{status.label}:</span>
                  {entry.status === 'loading' ? (
                    <span className="flex min-w-0 flex-1 items-center gap-2">
                      <span className="h-4 w-40 max-w-full animate-pulse rounded bg-muted" aria-hidden="true" />
                      <span className="sr-only">{name}</span>
                      <Spinner className="size-4" label="Generating calculator" />
                    </span>
                  ) : (
                    <span className="min-w-0 flex-1 truncate text-sm font-medium" title={name}>
                      {name}
                    </span>
                  )}
                  {entry.status === 'completed' && <WarningBadge count={warningCount(entry, displayCurrency)} />}
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 shrink-0"
                    aria-label={`Remove ${name}`}
                    onClick={() => onRemove(entry.id)}
                  >
                    <XIcon className="size-4" />
                  </Button>
                </div>
                {entry.status === 'error' && (
                  <p className="text-sm break-words text-destructive dark:text-red-400">{entry.error ?? 'Something went wrong'}</p>
                )}
                {entry.status !== 'error' && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    disabled={entry.status !== 'completed'}
                    onClick={() => onView(entry.id)}
                  >
                    View Calculator
                  </Button>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

function WarningBadge({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <span
      data-testid="warning-badge"
      className="shrink-0 rounded-full border border-amber-500/60 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {count} to check
    </span>
  )
}

function LockedEntry({
  name,
  index,
  onRemove,
  onUpgrade,
  upgrading,
}: {
  name: string
  index: number
  onRemove: () => void
  onUpgrade: () => void
  upgrading: boolean
}) {
  return (
    <li
      data-status="locked"
      className="calculator-enter grid grid-cols-1 gap-2 rounded-lg border border-dashed bg-muted/40 p-3"
      style={{ animationDelay: `${index * LIST_STAGGER_MS}ms` }}
    >
      <div className="flex items-center gap-3">
        <LockIcon className="size-4 shrink-0 text-muted-foreground" />
        <span className="sr-only">Locked:</span>
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-muted-foreground" title={name}>
          {name}
        </span>
        <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={`Remove ${name}`} onClick={onRemove}>
          <XIcon className="size-4" />
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Made on Pro beyond the Free plan's monthly calculators. It is kept, not deleted.</p>
      <Button variant="outline" size="sm" className="justify-self-start" disabled={upgrading} onClick={onUpgrade}>
        <LockIcon className="size-3.5" />
        {upgrading ? 'Processing...' : 'Upgrade to Pro to open'}
      </Button>
    </li>
  )
}
