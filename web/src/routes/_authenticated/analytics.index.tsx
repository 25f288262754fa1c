import { createFileRoute } from '@tanstack/react-router'
import { OverviewPage } from '../../analytics-dashboard/pages.tsx'
import { overviewQueryOptions, rangeOf, type DashboardRange } from '../../analytics-dashboard/queries.ts'
import { pageHead } from '../../page-title.ts'
import { proposalsQueryOptions } from '../../queries/proposal-list.ts'

/** The Pro analytics dashboard (issue 19): ?days= is the period, 30 days unless said. */
export const Route = createFileRoute('/_authenticated/analytics/')({
  validateSearch: (search: Record<string, unknown>): { days: DashboardRange } => ({ days: rangeOf(search.days) }),
  loaderDeps: ({ search }) => ({ days: search.days }),
  head: () => pageHead('Analytics'),
  // Started, not awaited: the page shows its frame and a skeleton while the figures come.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(overviewQueryOptions(deps.days))
    void context.queryClient.prefetchQuery(proposalsQueryOptions())
  },
  component: AnalyticsOverviewRoute,
})

function AnalyticsOverviewRoute() {
  const { days } = Route.useSearch()
  return <OverviewPage days={days} />
}
