import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Button } from '../components/ui/button.tsx'
import { classNames } from '../components/ui/class-names.ts'
import { DASHBOARD_RANGES, type DashboardRange } from './queries.ts'

/** The dashboard's cards: the settings and home pages' card look. */
export const CARD = 'rounded-lg border bg-card p-5 text-card-foreground shadow-sm sm:p-6'

const RANGE_LABELS: Record<DashboardRange, string> = { 7: '7 days', 30: '30 days', 90: '90 days', 365: '12 months' }

/** The look back the figures cover, as links (the range is in the address, so it can be shared and kept). */
function RangePicker({ days }: { days: DashboardRange }) {
  return (
    <nav aria-label="Period" className="flex flex-wrap gap-1 rounded-lg border bg-muted/40 p-1">
      {DASHBOARD_RANGES.map((range) => (
        <Link
          key={range}
          to="."
          search={{ days: range }}
          aria-current={range === days ? 'true' : undefined}
          className={classNames(
            'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            range === days ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:bg-accent hover:text-foreground',
          )}
        >
          {RANGE_LABELS[range]}
        </Link>
      ))}
    </nav>
  )
}

/** The page frame: a way back (on the detail), the title, what it shows, and the period. */
export function DashboardFrame({
  title,
  description,
  days,
  back,
  children,
}: {
  title: string
  description: ReactNode
  /** The period picker; none on the upgrade view. */
  days?: DashboardRange | undefined
  back?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10">
      <div className="grid gap-4">
        {back}
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight break-words">{title}</h1>
            <p className="mt-2 text-muted-foreground">{description}</p>
          </div>
          {days !== undefined && <RangePicker days={days} />}
        </div>
      </div>
      {children}
    </section>
  )
}

export function DashboardLoading() {
  return (
    <div role="status" className="grid gap-4" data-testid="analytics-loading">
      <span className="sr-only">Loading analytics…</span>
      <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((card) => (
          <div key={card} className="h-24 rounded-lg border bg-muted/40 motion-safe:animate-pulse" />
        ))}
      </div>
      <div aria-hidden="true" className="h-64 rounded-lg border bg-muted/40 motion-safe:animate-pulse" />
    </div>
  )
}

export function DashboardError({ error, onRetry, retrying }: { error: Error; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-lg border p-6">
      <p className="font-semibold">Analytics could not be loaded</p>
      <p className="text-sm break-words text-muted-foreground">{error.message}</p>
      <Button variant="outline" className="min-h-11" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </div>
  )
}

/** One figure of the totals: what it is, the figure, and a line on how it is counted. */
export function StatCard({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="grid min-w-0 content-start gap-1 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{value}</dd>
      <dd className="text-xs text-muted-foreground">{hint}</dd>
    </div>
  )
}
