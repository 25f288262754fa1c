// The owner's way back to the app from their proposal opened by a full page load (issue 15): the
// light page has no app header. Only the owner's answer carries owner-only fields (updatedAt,
// accessCode), so a prospect never sees this bar.

const LINK =
  'font-medium text-foreground underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/** Whether the proposal was answered to its owner (the public answer has no updatedAt). */
export function isOwnersView(proposal: { updatedAt?: string | null | undefined }): boolean {
  return typeof proposal.updatedAt === 'string'
}

export function OwnerBar() {
  return (
    <nav
      aria-label="Your proposal"
      className="mb-8 flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted/40 px-4 py-3 text-sm"
    >
      <span className="text-muted-foreground">This is your proposal, as your prospects see it.</span>
      <span className="flex gap-4">
        <a href="/proposals" className={LINK}>
          ← My Proposals
        </a>
        <a href="/calculator" className={LINK}>
          Calculator
        </a>
      </span>
    </nav>
  )
}
