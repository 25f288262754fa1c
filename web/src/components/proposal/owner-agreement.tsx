// The owner's Agreement panel on their proposal (issue 34, docs/decisions/123): who may agree —
// anyone with the link, or only the e-mail addresses the seller names — the release of an agreement
// the seller did not expect (after a confirmation), and the agreements released before. Loaded
// lazily by proposal-view.tsx for the owner's view only, so a prospect's page never downloads it.
import { agreementRuleBodySchema, releasedAgreementSchema, type ReleasedAgreement } from '@valueproof/contracts/agreement-rules'
import type { Scenario } from '@valueproof/formula'
import { useId, useMemo, useState, type FormEvent } from 'react'
import { ApiError } from '../../api.ts'
import { formatLongDate } from '../../proposals/proposal-dates.ts'
import { releaseAgreement, saveAgreementRule } from '../../queries/proposal-versions.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { toast } from '../ui/use-toast.ts'

/** What the panel reads of the owner's proposal answer. */
export interface OwnerAgreementProposal {
  id: string
  whoMayAgree?: 'anyone' | 'listed' | null | undefined
  agreementEmails?: readonly string[] | null | undefined
  releasedAgreements?: readonly unknown[] | null | undefined
  agreement?: { agreedAt: string; scenario: Scenario; name?: string | undefined; email?: string | undefined } | null | undefined
}

const FIELD =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:opacity-60 aria-invalid:border-destructive sm:text-sm'

function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage !== undefined ? error.serverMessage : fallback
}

function whoAgreed(agreement: { name?: string | undefined; email?: string | undefined }): string {
  if (agreement.name === undefined) return 'A prospect'
  return agreement.email === undefined ? agreement.name : `${agreement.name} (${agreement.email})`
}

/** The addresses typed one per line, or separated by commas, semicolons or spaces. */
function typedEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter((email) => email !== '')
}

/** The rule's form; the page reloads the proposal once it is saved, so a toast says it was. */
function WhoMayAgree({ proposal, onChanged }: { proposal: OwnerAgreementProposal; onChanged: () => void }) {
  const id = useId()
  const [listed, setListed] = useState(proposal.whoMayAgree === 'listed')
  const [emails, setEmails] = useState((proposal.agreementEmails ?? []).join('\n'))
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const rule = agreementRuleBodySchema.safeParse(
      listed ? { whoMayAgree: 'listed', emails: typedEmails(emails) } : { whoMayAgree: 'anyone' },
    )
    if (!rule.success) {
      setProblem(rule.error.issues[0]?.message ?? 'Check the e-mail addresses.')
      return
    }
    setBusy(true)
    setProblem(undefined)
    try {
      await saveAgreementRule(proposal.id, rule.data)
      toast({
        title: 'Who may agree saved',
        description: rule.data.whoMayAgree === 'anyone' ? 'Anyone with the link may agree.' : 'Only the addresses you named may agree.',
      })
      onChanged()
    } catch (error) {
      setProblem(failureText(error, 'Who may agree could not be saved. Check your connection and try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="grid gap-3" data-testid="who-may-agree">
      <fieldset className="grid gap-2" disabled={busy}>
        <legend className="mb-1 text-sm font-medium">Who may agree</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name={`${id}-who`} checked={!listed} onChange={() => setListed(false)} className="mt-1 accent-primary" />
          <span>Anyone with the link</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name={`${id}-who`} checked={listed} onChange={() => setListed(true)} className="mt-1 accent-primary" />
          <span>Only these e-mail addresses</span>
        </label>
        {listed && (
          <div className="grid gap-1.5 pl-6">
            <label htmlFor={`${id}-emails`} className="sr-only">
              E-mail addresses that may agree
            </label>
            <textarea
              id={`${id}-emails`}
              value={emails}
              onChange={(event) => setEmails(event.target.value)}
              rows={3}
              placeholder="name@buyer.example"
              aria-describedby={`${id}-emails-help`}
              aria-invalid={problem === undefined ? undefined : true}
              className={FIELD}
            />
            <p id={`${id}-emails-help`} className="text-xs text-muted-foreground">
              One address per line. Anyone else who tries to agree is told that you named who may.
            </p>
          </div>
        )}
      </fieldset>
      {problem !== undefined && (
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" size="sm" variant="outline" className="min-h-11" disabled={busy}>
          {busy ? 'Saving...' : 'Save who may agree'}
        </Button>
      </div>
    </form>
  )
}

function ReleaseAgreement({
  proposalId,
  agreement,
  onChanged,
}: {
  proposalId: string
  agreement: NonNullable<OwnerAgreementProposal['agreement']>
  onChanged: () => void
}) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const when = formatLongDate(agreement.agreedAt) ?? 'an unknown date'

  async function release() {
    setBusy(true)
    setProblem(undefined)
    try {
      await releaseAgreement(proposalId)
      setOpen(false)
      toast({ title: 'Agreement released', description: 'It stays in this proposal’s history. The proposal can be agreed to again.' })
      onChanged()
    } catch (error) {
      setProblem(failureText(error, 'The agreement could not be released. Check your connection and try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="grid justify-items-start gap-2">
      <p className="text-sm text-muted-foreground">
        Did you not expect this agreement? Release it: the proposal takes a new one, without a new version.
      </p>
      <Button size="sm" variant="outline" className="min-h-11" onClick={() => setOpen(true)}>
        Release agreement
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next && !busy) setOpen(false)
        }}
        title="Release this agreement?"
        description={`${whoAgreed(agreement)} agreed to the ${agreement.scenario} figures on ${when}.`}
      >
        <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
          <li>The agreement stays in this proposal’s history, marked as released by you. Its record still verifies.</li>
          <li>The proposal page no longer shows it as agreed, and anyone you allow can agree again.</li>
          <li>No new version is made; the link stays the same.</li>
        </ul>
        {problem !== undefined && (
          <p role="alert" className="mt-4 text-sm font-medium text-destructive dark:text-red-400">
            {problem}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)} disabled={busy}>
            Keep agreement
          </Button>
          <Button variant="destructive" onClick={() => void release()} disabled={busy}>
            {busy ? 'Releasing...' : 'Release agreement'}
          </Button>
        </div>
      </Dialog>
    </div>
  )
}

function ReleasedList({ released }: { released: readonly ReleasedAgreement[] }) {
  if (released.length === 0) return null
  return (
    <div className="grid gap-2" data-testid="released-agreements">
      <h3 className="text-sm font-medium">Released agreements</h3>
      <ul className="grid gap-2">
        {released.map((agreement) => (
          <li
            key={`${agreement.hash}-${agreement.releasedAt}`}
            className="rounded-md border bg-muted/40 px-3 py-2 text-sm"
            data-released-agreement=""
          >
            <p>
              {whoAgreed(agreement)} agreed to the {agreement.scenario} figures on {formatLongDate(agreement.agreedAt) ?? 'an unknown date'}
              .
            </p>
            <p className="text-muted-foreground">
              Released by the seller on {formatLongDate(agreement.releasedAt) ?? 'an unknown date'}.{' '}
              {agreement.verified ? 'The record still matches its hash.' : 'The stored record no longer matches its hash.'}
            </p>
          </li>
        ))}
      </ul>
    </div>
  )
}

export default function OwnerAgreement({ proposal, onChanged }: { proposal: OwnerAgreementProposal; onChanged: () => void }) {
  const headingId = useId()
  const released = useMemo(
    () => releasedAgreementSchema.array().safeParse(proposal.releasedAgreements ?? []),
    [proposal.releasedAgreements],
  )
  const agreement = proposal.agreement ?? undefined
  return (
    <section
      aria-labelledby={headingId}
      className="mb-10 grid gap-5 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
      data-testid="owner-agreement"
    >
      <div className="grid gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          Agreement
        </h2>
        <p className="text-sm text-muted-foreground">Only you see this panel. It decides who can say “These numbers work for us”.</p>
      </div>
      <WhoMayAgree
        // Reloaded after a save or a release: the form starts again from what is stored.
        key={`${proposal.whoMayAgree ?? 'anyone'}:${(proposal.agreementEmails ?? []).join(',')}`}
        proposal={proposal}
        onChanged={onChanged}
      />
      {agreement !== undefined && <ReleaseAgreement proposalId={proposal.id} agreement={agreement} onChanged={onChanged} />}
      <ReleasedList released={released.success ? released.data : []} />
    </section>
  )
}
