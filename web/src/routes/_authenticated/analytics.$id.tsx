import { createFileRoute } from '@tanstack/react-router'
import { DetailPage } from '../../analytics-dashboard/pages.tsx'
import { ownProposalQueryOptions, proposalAnalyticsQueryOptions, rangeOf, type DashboardRange } from '../../analytics-dashboard/queries.ts'
import { pageHead } from '../../page-title.ts'
import { proposalsQueryOptions } from '../../queries/proposal-list.ts'

/** One proposal's analytics (issue 19): its visits, time per section and calculator inputs. */
export const Route = createFileRoute('/_authenticated/analytics/$id')({
  validateSearch: (search: Record<string, unknown>): { days: DashboardRange } => ({ days: rangeOf(search.days) }),
  loaderDeps: ({ search }) => ({ days: search.days }),
  head: () => pageHead('Proposal analytics'),
  loader: ({ context, params, deps }) => {
    void context.queryClient.prefetchQuery(proposalAnalyticsQueryOptions(params.id, deps.days))
    void context.queryClient.prefetchQuery(proposalsQueryOptions())
    void context.queryClient.prefetchQuery(ownProposalQueryOptions(params.id))
  },
  component: AnalyticsDetailRoute,
})

function AnalyticsDetailRoute() {
  const { id } = Route.useParams()
  const { days } = Route.useSearch()
  return <DetailPage key={id} proposalId={id} days={days} />
}
