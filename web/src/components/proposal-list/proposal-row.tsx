import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { PROPOSAL_AGREED_LOCKED_MESSAGE, proposalAvailability, type ProposalAvailability } from '@valueproof/contracts'
import { useState, type ReactNode } from 'react'
import { ApiError } from '../../api.ts'
import { formatCreatedDate } from '../../proposals/proposal-dates.ts'
import { formatLastDay } from '../../proposals/proposal-expiry.ts'
import { duplicateProposal, type ProposalListEntry } from '../../queries/proposal-list.ts'
import { createProposalVersion, newRequestKey } from '../../queries/proposal-versions.ts'
import { proposalsQueryKey } from '../../queries/proposals.ts'
import { classNames } from '../ui/class-names.ts'
import { toast } from '../ui/use-toast.ts'
import { AccessCodeCell } from './access-code-cell.tsx'
import type { ProposalAction } from './proposal-dialogs.tsx'

// On a phone the row is a card (see ProposalsTable): its cells are blocks in a grid, and each action a
// 44 px outlined button, since a text link that small is hard to hit with a thumb.
const cell = 'px-4 py-3 align-middle max-sm:block max-sm:p-0'
const actionClass =
  'rounded-sm font-medium underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-disabled:opacity-60 max-sm:inline-flex max-sm:min-h-11 max-sm:min-w-11 max-sm:items-center max-sm:justify-center max-sm:rounded-md max-sm:border max-sm:border-input max-sm:px-3'

/**
 * A column's heading inside its cell, where a phone shows the row as a card without the table's head.
 * Drawn by CSS from an attribute: the cell's text (and what a screen reader reads with its column
 * header) stays the value alone.
 */
function CardLabel({ text }: { text: string }) {
  return (
    <span
      aria-hidden="true"
      data-card-label={text}
      className="mb-1 block text-xs font-medium text-muted-foreground before:content-[attr(data-card-label)] sm:hidden"
    />
  )
}

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

/** Agreed and version marks beside the title (issue 20): "v2", "Agreed Jan 6, 2026". */
function AgreementStatus({ proposal }: { proposal: ProposalListEntry }) {
  if (proposal.version <= 1 && proposal.agreedAt === null) return null
  return (
    <span className="mt-1 flex flex-wrap gap-1.5">
      {proposal.version > 1 && (
        <span className="w-fit rounded-full border px-2 py-0.5 text-xs font-medium text-muted-foreground" data-testid="proposal-version">
          v{proposal.version}
          <span className="sr-only">: version {proposal.version}</span>
        </span>
      )}
      {proposal.agreedAt !== null && (
        <span
          className="w-fit rounded-full border border-emerald-600/50 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100"
          data-testid="proposal-agreed"
        >
          Agreed {formatCreatedDate(proposal.agreedAt)}
          <span className="sr-only">: a prospect agreed to its numbers; it can no longer change</span>
        </span>
      )}
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
  lockedBecause,
}: {
  label: ReactNode
  title: string
  onClick: () => void
  destructive?: boolean
  /** Working: clicks are ignored, but the button stays focusable so focus does not fall to the page. */
  busy?: boolean
  /** Why the action cannot be taken (an agreed proposal): said as its tooltip and description; clicks are ignored. */
  lockedBecause?: string | undefined
}) {
  const inactive = busy || lockedBecause !== undefined
  return (
    <button
      type="button"
      onClick={inactive ? undefined : onClick}
      aria-disabled={inactive || undefined}
      title={lockedBecause}
      className={classNames(
        actionClass,
        destructive ? 'text-destructive dark:text-red-400' : 'text-primary',
        lockedBecause !== undefined && 'cursor-not-allowed no-underline hover:no-underline',
      )}
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

/** POST …/versions for an agreed proposal, then open the new version (editable: nobody agreed to it). */
function useNewVersion(proposal: ProposalListEntry): { busy: boolean; run: () => void } {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  // One request however often it is tried: a retry after a lost answer gets the version it made.
  const [requestKey] = useState(newRequestKey)
  const run = () => {
    setBusy(true)
    createProposalVersion(proposal.id, requestKey)
      .then(
        (id) => navigate({ to: '/proposals/$id', params: { id } }),
        (error: unknown) => {
          const detail = error instanceof ApiError ? error.serverMessage : undefined
          toast({ variant: 'destructive', title: 'Could not create a new version', description: detail ?? 'Please try again.' })
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
  const newVersion = useNewVersion(proposal)
  const open = (kind: ProposalAction['kind']) => () => onAction({ kind, proposal })
  // The server refuses to change an agreed proposal (409); its actions say why instead of failing.
  const agreed = proposal.agreedAt !== null
  const locked = agreed ? PROPOSAL_AGREED_LOCKED_MESSAGE : undefined
  return (
    <tr
      data-availability={availability}
      data-agreed={agreed || undefined}
      className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-3 max-sm:p-4"
    >
      <th scope="row" className={`${cell} max-w-md font-medium break-words max-sm:col-span-2 max-sm:text-base`}>
        {proposal.title}
        <LinkStatus proposal={proposal} availability={availability} />
        <AgreementStatus proposal={proposal} />
      </th>
      <td className={`${cell} whitespace-nowrap`}>
        <CardLabel text="Created" />
        {formatCreatedDate(proposal.createdAt)}
      </td>
      <td className={`${cell} min-w-40 max-sm:min-w-0`}>
        <CardLabel text="Access Code" />
        <AccessCodeCell title={proposal.title} accessCode={proposal.accessCode} />
      </td>
      <td className={`${cell} text-right max-sm:col-span-2`}>
        <div className="flex flex-wrap justify-end gap-x-4 gap-y-1 max-sm:justify-start max-sm:gap-2">
          <Link id={`view-${proposal.id}`} to="/proposals/$id" params={{ id: proposal.id }} className={`${actionClass} text-primary`}>
            View
            <span className="sr-only"> {proposal.title}</span>
          </Link>
          <ActionButton label="Rename" title={proposal.title} onClick={open('rename')} lockedBecause={locked} />
          {proposal.revokedAt === null || proposal.revokedAt === undefined ? (
            <ActionButton label="Expiry" title={proposal.title} onClick={open('expiry')} lockedBecause={locked} />
          ) : null}
          {agreed && (
            <ActionButton
              label={newVersion.busy ? 'Creating...' : 'New version'}
              title={proposal.title}
              onClick={newVersion.run}
              busy={newVersion.busy}
            />
          )}
          <ActionButton
            label={duplicate.busy ? 'Duplicating...' : 'Duplicate'}
            title={proposal.title}
            onClick={duplicate.run}
            busy={duplicate.busy}
          />
          {availability !== 'revoked' && (
            <ActionButton label="Revoke" title={proposal.title} onClick={open('revoke')} destructive lockedBecause={locked} />
          )}
          <ActionButton label="Delete" title={proposal.title} onClick={open('delete')} destructive lockedBecause={locked} />
        </div>
      </td>
    </tr>
  )
}
