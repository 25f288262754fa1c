import { useQueryClient } from '@tanstack/react-query'
import { PROPOSAL_RENAME_TITLE_REQUIRED_MESSAGE, PROPOSAL_TITLE_MAX_LENGTH } from '@valueproof/contracts'
import { useState, type FormEvent, type ReactNode } from 'react'
import { ApiError } from '../../api.ts'
import { expiresAtForLastDay, lastDayProblem, lastDayValue, todayValue } from '../../proposals/proposal-expiry.ts'
import { deleteProposal, revokeProposal, updateProposal, type ProposalListEntry } from '../../queries/proposal-list.ts'
import { proposalsQueryKey } from '../../queries/proposals.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { FormField } from '../ui/form-field.tsx'
import { toast } from '../ui/use-toast.ts'

/** The row action whose dialog is open, and for which proposal. */
export type ProposalAction = { kind: 'rename' | 'expiry' | 'revoke' | 'delete'; proposal: ProposalListEntry }

/**
 * Runs one change and refreshes the list (the one query it changes); a failure is said in a toast
 * with the server's message and the dialog stays open. Answers whether it worked.
 */
function useChange(): (work: () => Promise<unknown>, failure: string) => Promise<boolean> {
  const queryClient = useQueryClient()
  return async (work, failure) => {
    try {
      await work()
      return true
    } catch (error) {
      const detail = error instanceof ApiError ? error.serverMessage : undefined
      toast({ variant: 'destructive', title: failure, description: detail ?? 'Please try again.' })
      return false
    } finally {
      await queryClient.invalidateQueries({ queryKey: proposalsQueryKey, exact: true })
    }
  }
}

function DialogButtons({ busy, onCancel, children }: { busy: boolean; onCancel: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      {children}
    </div>
  )
}

interface ActionDialogProps {
  proposal: ProposalListEntry
  /** completed: the change was made (false: cancelled). */
  onClose: (completed: boolean) => void
}

function RenameDialog({ proposal, onClose }: ActionDialogProps) {
  const change = useChange()
  const [title, setTitle] = useState(proposal.title)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    const trimmed = title.trim()
    if (trimmed === '') {
      setError(PROPOSAL_RENAME_TITLE_REQUIRED_MESSAGE)
      return
    }
    setBusy(true)
    const done = await change(() => updateProposal(proposal.id, { title: trimmed }), 'Could not rename the proposal')
    setBusy(false)
    if (done) {
      toast({ title: 'Proposal renamed' })
      onClose(true)
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose(false)}
      title="Rename proposal"
      description="Prospects see the new title on the proposal."
    >
      <form className="grid gap-4" onSubmit={(event) => void save(event)} noValidate>
        <FormField
          label="Title"
          value={title}
          maxLength={PROPOSAL_TITLE_MAX_LENGTH}
          onChange={(event) => {
            setTitle(event.target.value)
            setError(undefined)
          }}
          disabled={busy}
          error={error}
        />
        <DialogButtons busy={busy} onCancel={() => onClose(false)}>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </DialogButtons>
      </form>
    </Dialog>
  )
}

function ExpiryDialog({ proposal, onClose }: ActionDialogProps) {
  const change = useChange()
  const [lastDay, setLastDay] = useState(lastDayValue(proposal.expiresAt))
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  async function saveExpiry(expiresAt: string | null, success: string) {
    setBusy(true)
    const done = await change(() => updateProposal(proposal.id, { expiresAt }), 'Could not change the expiry')
    setBusy(false)
    if (done) {
      toast({ title: success })
      onClose(true)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const problem = lastDay === '' ? 'Choose a day, or remove the expiry' : lastDayProblem(lastDay)
    const expiresAt = expiresAtForLastDay(lastDay)
    if (problem !== undefined || expiresAt === undefined) {
      setError(problem)
      return
    }
    void saveExpiry(expiresAt, 'Expiry saved')
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose(false)}
      title="Link expiry"
      description={`The link to “${proposal.title}” opens through the day you choose; after it, prospects see that it is no longer available.`}
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <FormField
          label="Link expires after"
          type="date"
          value={lastDay}
          min={todayValue()}
          onChange={(event) => {
            setLastDay(event.target.value)
            setError(undefined)
          }}
          disabled={busy}
          error={error}
        />
        <DialogButtons busy={busy} onCancel={() => onClose(false)}>
          {proposal.expiresAt !== null && proposal.expiresAt !== undefined && (
            <Button variant="outline" disabled={busy} onClick={() => void saveExpiry(null, 'Expiry removed')}>
              Remove expiry
            </Button>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </DialogButtons>
      </form>
    </Dialog>
  )
}

const CONFIRMATIONS = {
  revoke: {
    title: 'Revoke this link?',
    description: (title: string) =>
      `Prospects who open the link to “${title}” will see that it is no longer available. You can still open it yourself, or duplicate it to share a new link. This cannot be undone.`,
    confirm: 'Revoke link',
    busy: 'Revoking...',
    done: 'Link revoked',
    failure: 'Could not revoke the link',
    run: (id: string) => revokeProposal(id),
  },
  delete: {
    title: 'Delete this proposal?',
    description: (title: string) => `“${title}” and its link are deleted for good. Prospects who open the link will find nothing there.`,
    confirm: 'Delete',
    busy: 'Deleting...',
    done: 'Proposal deleted',
    failure: 'Could not delete the proposal',
    run: (id: string) => deleteProposal(id),
  },
} as const

function ConfirmDialog({ kind, proposal, onClose }: ActionDialogProps & { kind: 'revoke' | 'delete' }) {
  const change = useChange()
  const [busy, setBusy] = useState(false)
  const text = CONFIRMATIONS[kind]

  async function confirm() {
    setBusy(true)
    const done = await change(() => text.run(proposal.id), text.failure)
    setBusy(false)
    if (done) {
      toast({ title: text.done })
      onClose(true)
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose(false)} title={text.title} description={text.description(proposal.title)}>
      <DialogButtons busy={busy} onCancel={() => onClose(false)}>
        <Button variant="destructive" disabled={busy} onClick={() => void confirm()}>
          {busy ? text.busy : text.confirm}
        </Button>
      </DialogButtons>
    </Dialog>
  )
}

/** The open row action's dialog (nothing when none is open). */
export function ProposalActionDialog({ action, onClose }: { action: ProposalAction | undefined; onClose: (completed: boolean) => void }) {
  if (action === undefined) return null
  const { kind, proposal } = action
  // Keyed by proposal, so a dialog opened for another row starts from that row's values.
  if (kind === 'rename') return <RenameDialog key={proposal.id} proposal={proposal} onClose={onClose} />
  if (kind === 'expiry') return <ExpiryDialog key={proposal.id} proposal={proposal} onClose={onClose} />
  return <ConfirmDialog key={`${kind}-${proposal.id}`} kind={kind} proposal={proposal} onClose={onClose} />
}
