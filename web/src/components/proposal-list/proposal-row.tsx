import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { proposalAvailability, type ProposalAvailability } from '@valueproof/contracts'
import { useState, type ReactNode } from 'react'
import { ApiError } from '../../api.ts'
import { formatCreatedDate } from '../../proposals/proposal-dates.ts'
import { formatLastDay } from '../../proposals/proposal-expiry.ts'
import { duplicateProposal, type ProposalListEntry } from '../../queries/proposal-list.ts'
import { proposalsQueryKey } from '../../queries/proposals.ts'
import { classNames } from '../ui/class-names.ts'
import { toast } from '../ui/use-toast.ts'
import { AccessCodeCell } from './access-code-cell.tsx'
import type { ProposalAction } from './proposal-dialogs.tsx'

const cell = 'px-4 py-3 align-middle'
const actionClass =
  'rounded-sm font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-disabled:opacity-60'

function availabilityOf(proposal: ProposalListEntry, now: Date): ProposalAvailability {
  return proposalAvailability({ revokedAt: proposal.revokedAt ?? null, expiresAt: proposal.expiresAt ?? null }, now)
}

/** Under the title: whether prospects can still open the link, and until when. */
function LinkStatus({ proposal, availability }: { proposal: ProposalListEntry; availability: ProposalAvailability }) {
  if (availability === 'available') {
    const lastDay = formatLastDay(proposal.expiresAt)
    return lastDay === undefined ? null : (
      <span className="mt-1 block text-xs font-normal text-muted-foreground">Link open until {lastDay}</span>
    )
  }
  return (
    <span className="mt-1 block w-fit rounded-full border border-destructive/50 bg-destructive/10 px-2 py-0.5 text-xs font-medium">
      {availability === 'revoked' ? 'Revoked' : 'Expired'}
      <span className="sr-only">: prospects can no longer open this link</span>
    </span>
  )
}

/** A text button in the Actions cell, named with the row's title for assistive technology. */
function ActionButton({
  label,
  title,
  onClick,
  destructive = false,
  busy = false,
}: {
  label: ReactNode
  title: string
  onClick: () => void
  destructive?: boolean
  /** Working: clicks are ignored, but the button stays focusable so focus does not fall to the page. */
  busy?: boolean
}) {
  return (
    <button
      type="button"
      onClick={busy ? undefined : onClick}
      aria-disabled={busy || undefined}
      className={classNames(actionClass, destructive ? 'text-destructive dark:text-red-400' : 'text-primary')}
    >
      {label}
      <span className="sr-only"> {title}</span>
    </button>
  )
}

/** POST …/duplicate right away (nothing is lost by it), then the list shows the copy. */
function useDuplicate(proposal: ProposalListEntry): { busy: boolean; run: () => void } {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const run = () => {
    setBusy(true)
    duplicateProposal(proposal.id)
      .then(
        () => toast({ title: 'Proposal duplicated', description: `“${proposal.title} (copy)” has its own link.` }),
        (error: unknown) => {
          const detail = error instanceof ApiError ? error.serverMessage : undefined
          toast({ variant: 'destructive', title: 'Could not duplicate the proposal', description: detail ?? 'Please try again.' })
        },
      )
      .finally(() => {
        setBusy(false)
        void queryClient.invalidateQueries({ queryKey: proposalsQueryKey, exact: true })
      })
  }
  return { busy, run }
}

/** One row of SPEC §2's table, with the owner's actions on it (issue 15). */
export function ProposalRow({
  proposal,
  now,
  onAction,
}: {
  proposal: ProposalListEntry
  now: Date
  onAction: (action: ProposalAction) => void
}) {
  const availability = availabilityOf(proposal, now)
  const duplicate = useDuplicate(proposal)
  const open = (kind: ProposalAction['kind']) => () => onAction({ kind, proposal })
  return (
    <tr data-availability={availability}>
      <th scope="row" className={`${cell} max-w-md font-medium break-words`}>
        {proposal.title}
        <LinkStatus proposal={proposal} availability={availability} />
      </th>
      <td className={`${cell} whitespace-nowrap`}>{formatCreatedDate(proposal.createdAt)}</td>
      <td className={`${cell} min-w-40`}>
        <AccessCodeCell title={proposal.title} accessCode={proposal.accessCode} />
      </td>
      <td className={`${cell} text-right`}>
        <div className="flex flex-wrap justify-end gap-x-4 gap-y-1">
          <Link id={`view-${proposal.id}`} to="/proposals/$id" params={{ id: proposal.id }} className={`${actionClass} text-primary`}>
            View
            <span className="sr-only"> {proposal.title}</span>
          </Link>
          <ActionButton label="Rename" title={proposal.title} onClick={open('rename')} />
          {proposal.revokedAt === null || proposal.revokedAt === undefined ? (
            <ActionButton label="Expiry" title={proposal.title} onClick={open('expiry')} />
          ) : null}
          <ActionButton
            label={duplicate.busy ? 'Duplicating...' : 'Duplicate'}
            title={proposal.title}
            onClick={duplicate.run}
            busy={duplicate.busy}
          />
          {availability !== 'revoked' && <ActionButton label="Revoke" title={proposal.title} onClick={open('revoke')} destructive />}
          <ActionButton label="Delete" title={proposal.title} onClick={open('delete')} destructive />
        </div>
      </td>
    </tr>
  )
}
