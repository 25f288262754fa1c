// The dashboard's two pages (issue 19), rendered by the routes /analytics and /analytics/{id}: each
// shows its figures, the upgrade view when the account is Free (the API's 403 pro_required), or why
// it could not load.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ANALYTICS_PRO_REQUIRED_MESSAGE } from '@valueproof/contracts'
import { useMemo } from 'react'
import { ApiError } from '../api.ts'
import { Button } from '../components/ui/button.tsx'
import { proposalsQueryOptions } from '../queries/proposal-list.ts'
import { userQueryOptions } from '../queries/user.ts'
import { DashboardError, DashboardFrame, DashboardLoading } from './dashboard-frame.tsx'
import { Overview } from './overview.tsx'
import { ProposalDetail } from './proposal-detail.tsx'
import {
  isProRequired,
  overviewQueryOptions,
  ownProposalQueryOptions,
  proposalAnalyticsQueryOptions,
  type DashboardRange,
} from './queries.ts'
import { HubspotDealLink } from '../hubspot/deal-link.tsx'
import { sellerInputs } from './seller-inputs.ts'
import { UpgradeView } from './upgrade-view.tsx'

const DESCRIPTION = 'What prospects did with the proposals you shared: who opened them, for how long, and the inputs they moved.'

/**
 * A 403 pro_required. A Free account gets the upgrade view; an account that has just become Pro
 * may be answered so for a moment (analytics learns of the plan from billing's event), and is told so.
 */
function ProRequired({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { data: user } = useSuspenseQuery(userQueryOptions())
  if (user?.plan !== 'pro') return <UpgradeView />
  return (
    <div role="status" className="grid justify-items-start gap-3 rounded-lg border p-6">
      <p className="font-semibold">Your Pro plan is being set up</p>
      <p className="text-sm text-muted-foreground">{ANALYTICS_PRO_REQUIRED_MESSAGE} Your upgrade reaches the dashboard in a moment.</p>
      <Button variant="outline" className="min-h-11" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </div>
  )
}

export function OverviewPage({ days }: { days: DashboardRange }) {
  const overview = useQuery(overviewQueryOptions(days))
  const freeView = overview.isError && isProRequired(overview.error)
  let content
  if (overview.isPending) content = <DashboardLoading />
  else if (overview.isError) {
    content = freeView ? (
      <ProRequired onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
    ) : (
      <DashboardError error={overview.error} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
    )
  } else content = <Overview overview={overview.data} days={days} />
  return (
    <DashboardFrame title="Analytics" description={DESCRIPTION} days={freeView ? undefined : days}>
      {content}
    </DashboardFrame>
  )
}

function BackToOverview({ days }: { days: DashboardRange }) {
  return (
    <Link
      to="/analytics"
      search={{ days }}
      className="inline-flex min-h-11 w-fit items-center rounded-md text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      ← All proposals
    </Link>
  )
}

export function DetailPage({ proposalId, days }: { proposalId: string; days: DashboardRange }) {
  const detail = useQuery(proposalAnalyticsQueryOptions(proposalId, days))
  const list = useQuery(proposalsQueryOptions())
  const proposal = useQuery(ownProposalQueryOptions(proposalId))
  const inputs = useMemo(() => sellerInputs(proposal.data?.calculatorData), [proposal.data?.calculatorData])
  const title = list.data?.find((entry) => entry.id === proposalId)?.title ?? proposal.data?.title
  const freeView = detail.isError && isProRequired(detail.error)
  const missing = detail.isError && detail.error instanceof ApiError && detail.error.status === 404

  let content
  if (detail.isPending) content = <DashboardLoading />
  else if (detail.isError) {
    if (freeView) content = <ProRequired onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
    else if (missing) {
      content = (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          This proposal is not one of yours, or it was deleted.
        </p>
      )
    } else content = <DashboardError error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
  } else {
    const agreement = proposal.data?.agreement
    const agreedBy = agreement?.name === undefined ? undefined : { name: agreement.name, email: agreement.email }
    content = (
      <>
        <ProposalDetail detail={detail.data} sellerInputs={inputs} agreedBy={agreedBy} days={days} />
        <HubspotDealLink proposalId={proposalId} />
      </>
    )
  }

  return (
    <DashboardFrame
      title={title ?? (list.isPending ? 'Proposal analytics' : 'A deleted proposal')}
      description={
        <>
          Visits, time and calculator inputs of this proposal.{' '}
          <a
            href={`/proposals/${encodeURIComponent(proposalId)}`}
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            Open the proposal
          </a>
        </>
      }
      days={freeView || missing ? undefined : days}
      back={<BackToOverview days={days} />}
    >
      {content}
    </DashboardFrame>
  )
}
