import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { PlusIcon } from '../../components/icons.tsx'
import { ProposalActionDialog, type ProposalAction } from '../../components/proposal-list/proposal-dialogs.tsx'
import { ProposalRow } from '../../components/proposal-list/proposal-row.tsx'
import { Button } from '../../components/ui/button.tsx'
import { ButtonLink } from '../../components/ui/button-link.tsx'
import { pageHead } from '../../page-title.ts'
import { proposalsQueryOptions, type ProposalListEntry } from '../../queries/proposal-list.ts'

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

/**
 * SPEC §2's table; each row has the owner's actions (rename, expiry, duplicate, revoke, delete).
 * On a phone each row is a card (the column headings become labels in the cells), so no column and
 * no action is out of reach; it stays a table to assistive technology.
 * The table is inert while an action's dialog is open. A dialog gives focus back to the button
 * that opened it, but a deleted row and a revoked row's Revoke button go away: focus then goes to
 * the table, or to the row's View link, instead of falling to the page.
 */
function ProposalsTable({ proposals }: { proposals: ProposalListEntry[] }) {
  const [action, setAction] = useState<ProposalAction>()
  const table = useRef<HTMLDivElement>(null)
  const closed = useRef<ProposalAction>(undefined)
  const now = new Date()

  useEffect(() => {
    const done = closed.current
    if (action !== undefined || done === undefined) return
    closed.current = undefined
    if (done.kind === 'delete') table.current?.focus()
    else if (done.kind === 'revoke') document.getElementById(`view-${done.proposal.id}`)?.focus()
  })

  return (
    <>
      <div ref={table} tabIndex={-1} inert={action !== undefined} className="overflow-x-auto rounded-lg border focus:outline-none">
        <table className="w-full text-left text-sm max-sm:block">
          <thead className="bg-muted text-muted-foreground max-sm:sr-only">
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
          <tbody className="divide-y max-sm:block">
            {proposals.map((proposal) => (
              <ProposalRow key={proposal.id} proposal={proposal} now={now} onAction={setAction} />
            ))}
          </tbody>
        </table>
      </div>
      <ProposalActionDialog
        action={action}
        onClose={(completed) => {
          closed.current = completed ? action : undefined
          setAction(undefined)
        }}
      />
    </>
  )
}
