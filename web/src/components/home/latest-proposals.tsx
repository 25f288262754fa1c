import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { latestProposals, viewsLabel } from '../../home/latest-proposals.ts'
import { formatCreatedDate } from '../../proposals/proposal-dates.ts'
import type { ProposalListEntry } from '../../queries/proposal-list.ts'
import { Button } from '../ui/button.tsx'
import { classNames } from '../ui/class-names.ts'
import { HOME_CARD, HOME_TEXT_LINK } from './home-card.ts'

const SKELETON_ROWS = 3

function LoadingRows() {
  return (
    <div role="status" className="grid gap-3" data-testid="proposals-loading">
      <span className="sr-only">Loading proposals…</span>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div key={index} aria-hidden="true" className="grid gap-2 rounded-md border p-3 motion-safe:animate-pulse">
          <div className="h-4 w-2/3 rounded bg-muted" />
          <div className="h-3 w-1/3 rounded bg-muted" />
        </div>
      ))}
    </div>
  )
}

function ProposalItem({ proposal }: { proposal: ProposalListEntry }) {
  return (
    <li>
      <Link
        to="/proposals/$id"
        params={{ id: proposal.id }}
        className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md px-3 py-3 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="min-w-0 flex-1 basis-48">
          <span className="block font-medium break-words">{proposal.title}</span>
          <span className="block text-sm text-muted-foreground">Created {formatCreatedDate(proposal.createdAt)}</span>
        </span>
        <span data-testid="proposal-views" className="text-sm font-medium whitespace-nowrap tabular-nums">
          {viewsLabel(proposal.views)}
        </span>
      </Link>
    </li>
  )
}

function Body({ query }: { query: UseQueryResult<ProposalListEntry[]> }) {
  if (query.isPending) return <LoadingRows />
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-md border border-destructive/50 p-4 text-sm">
        <p className="font-medium">Your proposals could not be loaded.</p>
        <p className="break-words text-muted-foreground">{query.error.message}</p>
        <Button variant="outline" size="sm" className="min-h-11" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  const latest = latestProposals(query.data)
  if (latest.length === 0) {
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        No proposals yet. Generate a calculator and share it: your proposals and their views appear here.
      </p>
    )
  }
  return (
    <ol aria-label="Latest proposals, newest first" className="-mx-3 divide-y">
      {latest.map((proposal) => (
        <ProposalItem key={proposal.id} proposal={proposal} />
      ))}
    </ol>
  )
}

/** The newest proposals with how often prospects opened them; 'All proposals' leads to the full list. */
export function LatestProposals({ query }: { query: UseQueryResult<ProposalListEntry[]> }) {
  return (
    <section aria-labelledby="home-proposals-title" className={classNames(HOME_CARD, 'grid content-start gap-4')}>
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <h2 id="home-proposals-title" className="text-lg font-semibold tracking-tight">
          Latest proposals
        </h2>
        <Link to="/proposals" className={classNames(HOME_TEXT_LINK, '-mr-2')}>
          All proposals
        </Link>
      </div>
      <Body query={query} />
      <p className="text-xs text-muted-foreground">Views count prospects opening a link; your own visits are not counted.</p>
    </section>
  )
}
