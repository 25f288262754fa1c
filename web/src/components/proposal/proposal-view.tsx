import { proposalTexts, type CalculatorLanguage } from '@valueproof/formula'
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { ApiError } from '../../api.ts'
import { PRODUCT_NAME } from '../../config.ts'
import { brandingOf } from '../../proposals/branding.ts'
import { isUnavailable, ProposalAvailabilityNote, ProposalUnavailable } from '../../proposals/proposal-availability.tsx'
import { isOwnersView, OwnerBar } from '../../proposals/owner-bar.tsx'
import { useProposal } from '../../proposals/use-proposal.ts'
import { useProspectEngagement } from '../../engagement/use-prospect-engagement.ts'
import { Button } from '../ui/button.tsx'
import { toast } from '../ui/use-toast.ts'
import { accessGateLanguage, asksForAccessCode } from './access-gate.ts'
import { ProposalDocument, proposalLanguage } from './proposal-document.tsx'

// Loaded when a code is asked for: an open proposal's page (most of them) does not download the dialog.
const PasswordDialog = lazy(async () => ({ default: (await import('./password-dialog.tsx')).PasswordDialog }))
// The owner's Scenarios panel (issue 20): only the owner's view loads it, so prospects never download it.
const OwnerScenarios = lazy(() => import('./owner-scenarios.tsx'))
// The owner's Agreement panel (issue 34): who may agree, and releasing an unexpected agreement; owner only too.
const OwnerAgreement = lazy(() => import('./owner-agreement.tsx'))
// The owner's editor (issue 37): downloaded when the owner opens it, never by a prospect's page.
const ProposalEditor = lazy(() => import('../proposal-editor/proposal-editor.tsx'))

/** What the light page's footer needs of the proposal shown. */
export interface ShownProposal {
  language: CalculatorLanguage
  /** The proposal carries the product's own branding (Free, or Pro without a company profile). */
  productBranding: boolean
}

/**
 * A proposal or shared calculator (SPEC §2 /proposals/{id}), shared by the in-app route and the
 * prospect's light entry (src/proposal-main.tsx). States of SPEC §4: loading (skeleton), shown,
 * 401 → the password dialog (in the language the 401 names, issue 36), and after a non-empty code
 * the load is retried with ?code=.
 */
export function ProposalView({
  id,
  setsDocumentTitle = false,
  ownerLinks = false,
  onShown,
}: {
  id: string
  setsDocumentTitle?: boolean
  /** The light page has no app header: its owner gets links back to the app above the proposal. */
  ownerLinks?: boolean
  /** Told the language and branding of the proposal shown (the light page's footer follows them). */
  onShown?: (shown: ShownProposal) => void
}) {
  const [accessCode, setAccessCode] = useState<string | undefined>(undefined)
  const [dialogOpen, setDialogOpen] = useState(false)
  const [editing, setEditing] = useState(false)
  const load = useProposal(id, accessCode)
  // The document and its live calculator render in the background, in slices the browser can
  // interrupt: on a slow phone one synchronous render of it is a long task that blocks input.
  const shown = useDeferredValue(load.status === 'success' ? load.proposal : undefined)
  const refusal = load.status === 'error' && asksForAccessCode(load.error) ? load.error : undefined
  const needsCode = refusal !== undefined
  const gateLanguage = refusal === undefined ? 'en' : accessGateLanguage(refusal)
  const gate = proposalTexts(gateLanguage).accessGate
  const failure = load.status === 'error' ? load.failure : 0
  const refusedCode = load.status === 'error' ? load.accessCode : undefined
  const passwordToast = useRef<{ dismiss: () => void } | undefined>(undefined)
  // A prospect's visit is reported once the proposal shows (issue 19).
  const page = useRef<HTMLDivElement>(null)
  const onCalculatorInput = useProspectEngagement(shown, page)

  // Every 401 opens the dialog, once (it may be closed while that failure stays on screen).
  const [dialogOpenedFor, setDialogOpenedFor] = useState(0)
  if (needsCode && dialogOpenedFor !== failure) {
    setDialogOpenedFor(failure)
    setDialogOpen(true)
  }

  // A refused code also says SPEC §8's 'Password required'. (The first 401 needs no toast: the
  // dialog says it, and the light page then never downloads the toaster.)
  useEffect(() => {
    if (!needsCode || refusedCode === undefined) return
    passwordToast.current = toast({ variant: 'destructive', title: gate.refusedTitle, description: gate.refused })
  }, [needsCode, failure, refusedCode, gate])

  // Once the proposal opens, the request for a password is old news.
  useEffect(() => {
    if (load.status === 'success') passwordToast.current?.dismiss()
  }, [load.status])

  const language = useMemo(() => (shown === undefined ? undefined : proposalLanguage(shown)), [shown])
  const productBranding = useMemo(() => shown !== undefined && brandingOf(shown.calculatorData).kind === 'product', [shown])
  useEffect(() => {
    if (language !== undefined) onShown?.({ language, productBranding })
  }, [language, productBranding, onShown])

  const title = load.status === 'success' ? load.proposal.title : undefined
  useEffect(() => {
    if (setsDocumentTitle && title !== undefined) document.title = `${title} · ${PRODUCT_NAME}`
  }, [setsDocumentTitle, title])

  function submitCode(code: string) {
    setDialogOpen(false)
    setAccessCode(code)
    // The same code again changes no state; ask the server anyway.
    if (code === accessCode) load.reload()
  }

  let content
  if (load.status === 'pending') {
    content = <ProposalSkeleton />
  } else if (load.status === 'success') {
    content =
      shown === undefined ? (
        <ProposalSkeleton />
      ) : (
        <>
          {ownerLinks && isOwnersView(shown) && <OwnerBar />}
          <ProposalAvailabilityNote proposal={shown} />
          {isOwnersView(shown) && editing ? (
            <Suspense fallback={<ProposalSkeleton />}>
              <ProposalEditor
                proposal={shown}
                language={proposalLanguage(shown)}
                onClose={() => {
                  setEditing(false)
                  load.reload()
                }}
              />
            </Suspense>
          ) : (
            <>
              {isOwnersView(shown) && (
                <>
                  <Button variant="outline" className="mb-6" onClick={() => setEditing(true)}>
                    Edit proposal
                  </Button>
                  <Suspense fallback={null}>
                    <OwnerScenarios proposal={shown} onChanged={load.reload} />
                    <OwnerAgreement proposal={shown} onChanged={load.reload} />
                  </Suspense>
                </>
              )}
              <ProposalDocument proposal={shown} onCalculatorInput={onCalculatorInput} accessCode={accessCode} />
            </>
          )}
        </>
      )
  } else if (needsCode) {
    content = (
      <div lang={gateLanguage} className="grid justify-items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{gate.heading}</h1>
        <p className="text-muted-foreground">{gate.hint}</p>
        <Button onClick={() => setDialogOpen(true)} disabled={load.refetching}>
          {gate.unlock}
        </Button>
      </div>
    )
  } else if (isUnavailable(load.error)) {
    content = <ProposalUnavailable />
  } else {
    content = <LoadFailure error={load.error} retrying={load.refetching} onRetry={load.reload} />
  }

  return (
    <>
      <div ref={page} inert={dialogOpen} className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
        {content}
      </div>
      {(needsCode || dialogOpen) && (
        <Suspense fallback={null}>
          <PasswordDialog open={dialogOpen} onOpenChange={setDialogOpen} onSubmit={submitCode} texts={gate} language={gateLanguage} />
        </Suspense>
      )}
    </>
  )
}

function LoadFailure({ error, retrying, onRetry }: { error: Error; retrying: boolean; onRetry: () => void }) {
  const detail = error instanceof ApiError ? error.serverMessage : undefined
  return (
    <div role="alert" className="grid justify-items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">Failed to load proposal</h1>
      {detail !== undefined && <p className="text-muted-foreground">{detail}</p>}
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </div>
  )
}

/** The page's shape while it loads, so nothing jumps when the proposal arrives. */
export function ProposalSkeleton() {
  const bar = 'animate-pulse rounded-md bg-muted motion-reduce:animate-none'
  return (
    <div role="status" aria-busy="true" className="grid gap-10">
      <span className="sr-only">Loading proposal</span>
      <div className={`${bar} h-12 w-40`} />
      <div className="grid gap-3">
        <div className={`${bar} h-10 w-3/4`} />
        <div className={`${bar} h-5 w-48`} />
      </div>
      {[0, 1, 2].map((section) => (
        <div key={section} className="grid gap-3">
          <div className={`${bar} h-7 w-56`} />
          <div className={`${bar} h-4 w-full`} />
          <div className={`${bar} h-4 w-full`} />
          <div className={`${bar} h-4 w-2/3`} />
        </div>
      ))}
      <div className={`${bar} h-64 w-full`} />
    </div>
  )
}
