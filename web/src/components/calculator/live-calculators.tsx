import { useQuery } from '@tanstack/react-query'
import { formatCreatedDate } from '../../proposals/proposal-dates.ts'
import { proposalsQueryOptions } from '../../queries/proposal-list.ts'
import { buttonClassName } from '../ui/button.tsx'

/** 'Created Jan 5, 2025', or 'Created recently' when the date is missing (SPEC §2). */
function createdText(createdAt: string | null | undefined): string {
  const formatted = formatCreatedDate(createdAt)
  return `Created ${formatted === 'N/A' ? 'recently' : formatted}`
}

/** SPEC §2 'Live Calculators': a card per saved proposal; 'View Calculator' opens it in a new window. */
export function LiveCalculators() {
  const { data, error, isPending } = useQuery(proposalsQueryOptions())
  if (isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading...
      </p>
    )
  }
  if (error !== null) {
    return (
      <p role="alert" className="rounded-lg border p-6 text-sm">
        Failed to load proposals: {error.message}
      </p>
    )
  }
  if (data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">No proposals yet. Create your first one!</p>
    )
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {data.map((proposal) => (
        <li key={proposal.id} className="grid content-between gap-4 rounded-lg border bg-card p-5 shadow-sm">
          <div className="grid gap-1">
            <h3 className="font-semibold break-words">{proposal.title}</h3>
            <p className="text-sm text-muted-foreground">{createdText(proposal.createdAt)}</p>
          </div>
          <a
            href={`/proposals/${encodeURIComponent(proposal.id)}`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClassName('outline', 'sm', 'justify-self-start')}
          >
            View Calculator
            <span className="sr-only"> {proposal.title} (opens in a new window)</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
