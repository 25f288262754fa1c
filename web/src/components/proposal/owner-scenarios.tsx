// The owner's Scenarios panel on their proposal (issue 20): the honesty warnings about the expected
// scenario, the conservative / expected / optimistic values, and, once a prospect agreed, why the
// proposal no longer changes and the way to a new version. Loaded lazily by proposal-view.tsx for
// the owner's view only, so a prospect's page never downloads it; English, as the app is.
import { validateCalculatorData, type CalculatorData, type Scenario } from '@valueproof/formula'
import { useEffect, useId, useMemo, useState } from 'react'
import { ApiError } from '../../api.ts'
import { onProposalAgreed } from '../../live/page-events.ts'
import { formatLongDate } from '../../proposals/proposal-dates.ts'
import { createProposalVersion, newRequestKey } from '../../queries/proposal-versions.ts'
import { Button } from '../ui/button.tsx'
import { ownerWarningTexts } from './owner-warnings.ts'
import { ScenarioEditor } from './scenario-editor.tsx'

/** What the panel reads of the owner's proposal answer (fields a prospect's answer lacks are optional). */
export interface OwnerProposal {
  id: string
  calculatorData: unknown
  agreement?:
    | { agreedAt: string; scenario: Scenario; name?: string | undefined; email?: string | undefined; verified?: boolean | undefined }
    | null
    | undefined
  version?: number | null | undefined
  previousVersionId?: string | null | undefined
}

const LINK =
  'font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

function calculatorOf(calculatorData: unknown): CalculatorData | undefined {
  const validation = validateCalculatorData(calculatorData)
  if (!validation.ok) return undefined
  const data = validation.calculatorData
  const inputs = data.parameters.length + data.valueFields.filter((field) => !field.calculated).length
  return inputs === 0 ? undefined : data
}

function Warnings({ texts }: { texts: string[] }) {
  if (texts.length === 0) return null
  return (
    <div
      className="grid gap-2 rounded-md border border-amber-500/60 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="owner-warnings"
    >
      <p className="font-semibold">Check before you send</p>
      <ul className="grid list-disc gap-1 pl-5">
        {texts.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  )
}

/** POST …/versions, then open the new version's page (editable: nobody agreed to it yet). */
function NewVersion({ proposalId }: { proposalId: string }) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string>()
  // One request however often it is tried: a retry after a lost answer gets the version it made.
  const [requestKey] = useState(newRequestKey)
  const create = async () => {
    setBusy(true)
    setFailure(undefined)
    try {
      const id = await createProposalVersion(proposalId, requestKey)
      window.location.assign(`/proposals/${encodeURIComponent(id)}`)
    } catch (error) {
      const detail = error instanceof ApiError ? (error.serverMessage ?? error.message) : undefined
      setFailure(detail ?? 'The new version could not be made. Check your connection and try again.')
      setBusy(false)
    }
  }
  return (
    <div className="grid justify-items-start gap-2">
      <Button size="sm" className="min-h-11" onClick={() => void create()} disabled={busy}>
        {busy ? 'Creating...' : 'Create a new version'}
      </Button>
      {failure !== undefined && (
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
          {failure}
        </p>
      )}
    </div>
  )
}

function AgreedNote({ proposal, agreement }: { proposal: OwnerProposal; agreement: NonNullable<OwnerProposal['agreement']> }) {
  const who =
    agreement.name === undefined ? 'A prospect' : `${agreement.name}${agreement.email === undefined ? '' : ` (${agreement.email})`}`
  const when = formatLongDate(agreement.agreedAt) ?? 'an unknown date'
  return (
    <div className="grid gap-3 rounded-md border bg-muted/40 px-4 py-3 text-sm" data-testid="owner-agreed-note">
      <p>
        <span className="font-semibold">
          {who} agreed to the {agreement.scenario} figures on {when}.
        </span>{' '}
        This version stays as it was agreed, so its scenarios can no longer change. To change anything, create a new version: this one stays
        readable at its link.
      </p>
      <NewVersion proposalId={proposal.id} />
    </div>
  )
}

function VersionNote({ version, previousVersionId }: { version: number; previousVersionId: string }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="owner-version-note">
      Version {version}, made from the agreed version {version - 1}, which stays readable.{' '}
      <a href={`/proposals/${encodeURIComponent(previousVersionId)}`} className={LINK}>
        Open version {version - 1}
      </a>
    </p>
  )
}

export default function OwnerScenarios({ proposal, onChanged }: { proposal: OwnerProposal; onChanged: () => void }) {
  const calculatorData = useMemo(() => calculatorOf(proposal.calculatorData), [proposal.calculatorData])
  const warnings = useMemo(() => (calculatorData === undefined ? [] : ownerWarningTexts(calculatorData)), [calculatorData])
  const headingId = useId()
  const agreement = proposal.agreement ?? undefined

  // A prospect agreeing while the owner looks at the page: load it again, the panel turns read-only.
  useEffect(() => onProposalAgreed(proposal.id, onChanged), [proposal.id, onChanged])

  if (calculatorData === undefined) return null
  return (
    <section
      aria-labelledby={headingId}
      className="mb-10 grid gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
      data-testid="owner-scenarios"
    >
      <div className="grid gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          Scenarios
        </h2>
        <p className="text-sm text-muted-foreground">Only you see this panel. Prospects switch between these scenarios on the page.</p>
      </div>
      {proposal.version !== undefined &&
        proposal.version !== null &&
        proposal.version > 1 &&
        typeof proposal.previousVersionId === 'string' && (
          <VersionNote version={proposal.version} previousVersionId={proposal.previousVersionId} />
        )}
      <Warnings texts={warnings} />
      {agreement !== undefined && <AgreedNote proposal={proposal} agreement={agreement} />}
      <ScenarioEditor
        // A reloaded proposal (saved, reset, agreed) starts the table again from what is stored.
        key={JSON.stringify(calculatorData.scenarios ?? null) + String(agreement !== undefined)}
        proposalId={proposal.id}
        calculatorData={calculatorData}
        readOnly={agreement !== undefined}
        onSaved={onChanged}
      />
    </section>
  )
}
