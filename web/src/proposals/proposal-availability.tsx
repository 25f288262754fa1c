// Proposals whose link no longer opens (issue 15): the page a prospect sees instead (the API's 410),
// and the note its owner sees above it. Both render on the prospect's light page too, so nothing
// here imports @valueproof/contracts' values (its schemas would come along into that bundle).
import { ApiError } from '../api.ts'
import { formatLastDay } from './proposal-dates.ts'

/** Whether a failed load means the link was revoked or has expired (rather than a failure to retry). */
export function isUnavailable(error: Error): boolean {
  return error instanceof ApiError && error.status === 410
}

/**
 * What a prospect reads on a revoked or expired link: said plainly, with what to do, and no retry
 * button (trying again cannot help). In English: the page cannot know the calculator's language
 * without the proposal, which it must not get.
 */
export function ProposalUnavailable() {
  return (
    <div role="alert" className="grid justify-items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">This proposal is no longer available</h1>
      <p className="max-w-md text-muted-foreground">
        The link was withdrawn by the person who shared it, or it has expired. Ask them for a new link if you still need it.
      </p>
    </div>
  )
}

/**
 * For the owner, above a proposal prospects can no longer open: revoked, or past its expiry (the
 * rule of proposalAvailability in @valueproof/contracts). Nothing while the link opens.
 */
export function ProposalAvailabilityNote({
  proposal,
  now = new Date(),
}: {
  proposal: { revokedAt?: string | null | undefined; expiresAt?: string | null | undefined }
  now?: Date
}) {
  const expiresAt = proposal.expiresAt ?? null
  let text: string | undefined
  if (proposal.revokedAt !== null && proposal.revokedAt !== undefined) text = 'Revoked — prospects can no longer open this link.'
  else if (expiresAt !== null && Date.parse(expiresAt) <= now.getTime()) {
    text = `Expired after ${formatLastDay(expiresAt) ?? 'its last day'} — prospects can no longer open this link.`
  }
  if (text === undefined) return null
  return (
    <p role="note" className="mb-8 rounded-md border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm font-medium">
      {text}
    </p>
  )
}
