// Publishing (issue 37): the prospect sees the last publication until the seller publishes again.
// "Publish" sends the saved draft's revision; the panel says whether the draft differs from what
// the prospect sees, links to the prospect's page, and lists the publications to view or restore.
import type { DraftAnswer, PublicationAnswer } from '@valueproof/contracts'
import { useState } from 'react'
import { ApiError } from '../../api.ts'
import { loadPublication, publishDraft, restorePublication } from '../../proposal-editor/draft-api.ts'
import type { DraftMeta } from '../../proposal-editor/use-draft.ts'
import { formatLongDate } from '../../proposals/proposal-dates.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { ReadOnlyDocument } from './read-only-document.tsx'
import type { ProposalTexts } from '@valueproof/formula'

const failureText = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : 'The server could not be reached'

export function PublishPanel({
  proposalId,
  meta,
  canPublish,
  texts,
  onAnswer,
}: {
  proposalId: string
  meta: DraftMeta
  /** Every change is saved and nothing is in conflict. */
  canPublish: boolean
  texts: ProposalTexts
  onAnswer: (answer: DraftAnswer, replace: boolean) => void
}) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string>()
  const [justPublished, setJustPublished] = useState(false)
  const [viewing, setViewing] = useState<PublicationAnswer>()
  const [restoring, setRestoring] = useState<number>()
  const prospectLink = `${window.location.origin}/proposals/${encodeURIComponent(proposalId)}`

  async function act(work: () => Promise<void>) {
    setBusy(true)
    setFailure(undefined)
    try {
      await work()
    } catch (error) {
      setFailure(failureText(error))
    } finally {
      setBusy(false)
    }
  }

  const publish = () =>
    act(async () => {
      onAnswer(await publishDraft(proposalId, meta.revision), false)
      setJustPublished(true)
    })
  const view = (number: number) => act(async () => setViewing(await loadPublication(proposalId, number)))
  const restore = (number: number) =>
    act(async () => {
      setRestoring(undefined)
      onAnswer(await restorePublication(proposalId, number), true)
      setJustPublished(false)
    })

  return (
    <section aria-labelledby="publish-heading" className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="publish-heading" className="text-base font-semibold">
          Publishing
        </h2>
        {meta.unpublishedChanges && (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50">
            Unpublished changes
          </span>
        )}
        <Button
          className="ml-auto"
          onClick={() => void publish()}
          disabled={busy || !canPublish || (!meta.unpublishedChanges && meta.published !== null)}
        >
          Publish
        </Button>
      </div>
      <div aria-live="polite" className="text-sm">
        {justPublished && !meta.unpublishedChanges && (
          <p>
            Published. Your prospect sees it at{' '}
            <a href={prospectLink} className="font-medium text-primary underline-offset-4 hover:underline">
              {prospectLink}
            </a>
          </p>
        )}
        {meta.published === null && <p className="text-muted-foreground">Not published yet: your prospect sees the written proposal.</p>}
      </div>
      {failure !== undefined && (
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
          {failure}
        </p>
      )}
      {meta.publications.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">Versions</h3>
          <ul className="grid gap-1 text-sm">
            {[...meta.publications].reverse().map((publication) => (
              <li key={publication.number} className="flex flex-wrap items-center gap-2">
                <span className="tabular-nums">
                  Version {publication.number} · {formatLongDate(publication.publishedAt) ?? publication.publishedAt}
                  {meta.published?.number === publication.number ? ' · shown to your prospect' : ''}
                </span>
                <Button
                  variant="link"
                  size="sm"
                  onClick={() => void view(publication.number)}
                  aria-label={`View version ${publication.number}`}
                >
                  View
                </Button>
                <Button
                  variant="link"
                  size="sm"
                  onClick={() => setRestoring(publication.number)}
                  aria-label={`Restore version ${publication.number}`}
                >
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Dialog
        open={viewing !== undefined}
        onOpenChange={(open) => !open && setViewing(undefined)}
        title={`Version ${viewing?.number ?? ''}`}
        className="max-w-3xl"
      >
        {viewing !== undefined && <ReadOnlyDocument document={viewing.document} proposalId={proposalId} texts={texts} />}
      </Dialog>
      <Dialog
        open={restoring !== undefined}
        onOpenChange={(open) => !open && setRestoring(undefined)}
        title={`Restore version ${restoring ?? ''}?`}
        description="The draft becomes that version: your changes since are replaced. Your prospect still sees the published version until you publish."
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setRestoring(undefined)}>
            Cancel
          </Button>
          <Button onClick={() => restoring !== undefined && void restore(restoring)} disabled={busy}>
            Restore
          </Button>
        </div>
      </Dialog>
    </section>
  )
}
