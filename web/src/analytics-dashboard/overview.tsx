// The dashboard's overview (issue 19): totals, views per day, and the proposals prospects opened.
// Titles are not analytics' to keep: they come from the owner's own proposal list.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { AnalyticsOverview, AnalyticsProposalRow } from '@valueproof/contracts'
import { lazy, Suspense } from 'react'
import { ButtonLink } from '../components/ui/button-link.tsx'
import { classNames } from '../components/ui/class-names.ts'
import { proposalsQueryOptions } from '../queries/proposal-list.ts'
import { CARD, StatCard } from './dashboard-frame.tsx'
import { formatCount, formatDuration, formatWhen, plural } from './format.ts'
import type { DashboardRange } from './queries.ts'
import { SuspectViewsNote } from './suspect-views.tsx'

// uPlot comes with the chart only.
const ViewsChart = lazy(() => import('./views-chart.tsx'))

/** The range's figures, and apart from them the opens not counted (suspected automated). */
export function Totals({ totals }: { totals: AnalyticsOverview['totals'] }) {
  return (
    <div className="grid gap-3">
      <dl aria-label="Totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Views"
          value={formatCount(totals.views)}
          hint="People opening a proposal: a quick reopening counts once, your own visits never."
        />
        <StatCard label="Unique visitors" value={formatCount(totals.uniqueVisitors)} hint="Different browsers, counted without accounts." />
        <StatCard label="Median time" value={formatDuration(totals.medianVisibleMs)} hint="Per visit, while the proposal was on screen." />
        <StatCard label="Total time" value={formatDuration(totals.totalVisibleMs)} hint="All visits together." />
      </dl>
      <SuspectViewsNote count={totals.suspectViews} />
    </div>
  )
}

export function ViewsChartCard({ days, caption }: { days: AnalyticsOverview['days']; caption: string }) {
  return (
    <div className={classNames(CARD, 'min-w-0')}>
      <Suspense fallback={<div className="h-[252px] rounded-md bg-muted/40 motion-safe:animate-pulse" aria-hidden="true" />}>
        <ViewsChart days={days} caption={caption} />
      </Suspense>
    </div>
  )
}

const cell = 'px-4 py-3 align-middle'

function ProposalRow({ row, title, days, now }: { row: AnalyticsProposalRow; title: string | undefined; days: DashboardRange; now: Date }) {
  return (
    <tr>
      <th scope="row" className={classNames(cell, 'min-w-48 font-medium')}>
        <Link
          to="/analytics/$id"
          params={{ id: row.proposalId }}
          search={{ days }}
          className="inline-flex min-h-11 items-center rounded-md break-words text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {title ?? 'A deleted proposal'}
        </Link>
        {row.agreement !== null && (
          <span
            className="mb-2 block w-fit rounded-full border border-emerald-600/50 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100"
            data-testid="analytics-agreed"
          >
            Agreed ({row.agreement.scenario}) · {formatWhen(row.agreement.agreedAt, now)}
          </span>
        )}
      </th>
      <td className={classNames(cell, 'text-right tabular-nums')}>
        {formatCount(row.views)}
        {row.suspectViews > 0 && (
          <span className="block text-xs whitespace-nowrap text-muted-foreground" data-testid="row-suspect-views">
            {formatCount(row.suspectViews)} suspect
          </span>
        )}
      </td>
      <td className={classNames(cell, 'text-right tabular-nums')}>{formatCount(row.uniqueVisitors)}</td>
      <td className={classNames(cell, 'text-right tabular-nums whitespace-nowrap')}>{formatDuration(row.medianVisibleMs)}</td>
      <td className={classNames(cell, 'whitespace-nowrap')}>{formatWhen(row.lastViewedAt, now)}</td>
      <td className={classNames(cell, 'text-right tabular-nums')}>{formatCount(row.pdfDownloads)}</td>
    </tr>
  )
}

function ProposalsTable({ rows, days }: { rows: AnalyticsProposalRow[]; days: DashboardRange }) {
  const list = useQuery(proposalsQueryOptions())
  const titles = new Map(list.data?.map((entry) => [entry.id, entry.title]))
  const now = new Date()
  return (
    <div className="grid min-w-0 gap-4 overflow-hidden rounded-lg border bg-card pt-5 text-card-foreground shadow-sm sm:pt-6">
      <h2 id="analytics-proposals-title" className="px-5 text-lg font-semibold sm:px-6">
        Proposals prospects opened
      </h2>
      <div className="overflow-x-auto">
        <table aria-labelledby="analytics-proposals-title" className="w-full text-left text-sm">
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className={classNames(cell, 'font-medium')}>
                Proposal
              </th>
              <th scope="col" className={classNames(cell, 'text-right font-medium')}>
                Views
              </th>
              <th scope="col" className={classNames(cell, 'text-right font-medium')}>
                Unique visitors
              </th>
              <th scope="col" className={classNames(cell, 'text-right font-medium')}>
                Median time
              </th>
              <th scope="col" className={classNames(cell, 'font-medium')}>
                Last opened
              </th>
              <th scope="col" className={classNames(cell, 'text-right font-medium')}>
                PDF downloads
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <ProposalRow key={row.proposalId} row={row} title={list.isPending ? '…' : titles.get(row.proposalId)} days={days} now={now} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

/** Nobody has opened anything in the range: say so, and what makes figures appear. */
function EmptyState({ days }: { days: DashboardRange }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center" data-testid="analytics-empty">
      <h2 className="text-lg font-semibold">
        No prospect has opened a proposal {days === 365 ? 'in the last 12 months' : `in the last ${days} days`}
      </h2>
      <p className="max-w-xl text-sm text-muted-foreground">
        Share a proposal's link with a prospect: when they open it, the visit shows here within seconds, with the time they spent and the
        calculator inputs they moved.
      </p>
      <ButtonLink to="/proposals" variant="outline" className="min-h-11">
        My Proposals
      </ButtonLink>
    </div>
  )
}

export function Overview({ overview, days }: { overview: AnalyticsOverview; days: DashboardRange }) {
  if (overview.totals.views === 0 && overview.proposals.length === 0) return <EmptyState days={days} />
  return (
    <>
      <Totals totals={overview.totals} />
      <ViewsChartCard days={overview.days} caption={`Views per day, ${plural(overview.totals.views, 'view')} in all`} />
      <ProposalsTable rows={overview.proposals} days={days} />
    </>
  )
}
