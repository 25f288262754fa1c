import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PlusIcon } from '../../components/icons.tsx'
import { Button } from '../../components/ui/button.tsx'
import { ButtonLink } from '../../components/ui/button-link.tsx'
import { pageHead } from '../../page-title.ts'
import { formatCreatedDate } from '../../proposals/proposal-dates.ts'
import { proposalsQueryOptions, type ProposalListEntry } from '../../queries/proposals.ts'

export const Route = createFileRoute('/_authenticated/proposals/')({
  head: () => pageHead('My Proposals'),
  // Starts the request without waiting for it: the page then suspends inside its own boundary, so
  // SPEC §2's 'Loading...' shows under the title (an awaited loader would show the layout's spinner).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(proposalsQueryOptions())
  },
  pendingComponent: ProposalsLoading,
  errorComponent: ProposalsError,
  component: ProposalsPage,
})

/** The page frame: title and the 'New Proposal' button, whatever the list's state. */
function ProposalsFrame({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">My Proposals</h1>
        <ButtonLink to="/calculator">
          <PlusIcon className="size-4" />
          New Proposal
        </ButtonLink>
      </div>
      <div className="mt-8">{children}</div>
    </section>
  )
}

function ProposalsLoading() {
  return (
    <ProposalsFrame>
      <p role="status" className="text-muted-foreground">
        Loading...
      </p>
    </ProposalsFrame>
  )
}

function ProposalsError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <ProposalsFrame>
      <div role="alert" className="grid justify-items-start gap-3 rounded-lg border p-6">
        <p className="font-semibold">Failed to load proposals</p>
        <p className="text-sm break-words text-muted-foreground">{error instanceof Error ? error.message : String(error)}</p>
        <Button
          variant="outline"
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          Try again
        </Button>
      </div>
    </ProposalsFrame>
  )
}

function ProposalsPage() {
  const { data: proposals } = useSuspenseQuery(proposalsQueryOptions())
  return (
    <ProposalsFrame>
      {proposals.length === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">No proposals yet. Create your first one!</p>
      ) : (
        <ProposalsTable proposals={proposals} />
      )}
    </ProposalsFrame>
  )
}

const cell = 'px-4 py-3 align-middle'

function ProposalsTable({ proposals }: { proposals: ProposalListEntry[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-left text-sm">
        <thead className="bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className={`${cell} font-medium`}>
              Title
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Created
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Access Code
            </th>
            <th scope="col" className={`${cell} text-right font-medium`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {proposals.map((proposal) => (
            <tr key={proposal.id}>
              <th scope="row" className={`${cell} max-w-md font-medium break-words`}>
                {proposal.title}
              </th>
              <td className={`${cell} whitespace-nowrap`}>{formatCreatedDate(proposal.createdAt)}</td>
              <td className={`${cell} font-mono`}>
                {proposal.accessCode !== null && proposal.accessCode !== undefined && proposal.accessCode !== '' ? (
                  proposal.accessCode
                ) : (
                  <span className="font-sans text-muted-foreground">None</span>
                )}
              </td>
              <td className={`${cell} text-right`}>
                <Link
                  to="/proposals/$id"
                  params={{ id: proposal.id }}
                  className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  View
                  <span className="sr-only"> {proposal.title}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
