import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { upgradeManualRequestSchema } from '@valueproof/contracts'
import { ApiError } from '../../api.ts'
import { refreshPlan } from '../../billing/plan-refresh.ts'
import { ACCOUNT_UPGRADED_TITLE, UPGRADE_ERROR_TEXT, UPGRADE_ERROR_TOAST_TITLE, UPGRADE_PENDING_TEXT } from '../../billing/texts.ts'
import { useRedirectToSettingsLater } from '../../billing/use-redirect-later.ts'
import { Spinner } from '../../components/spinner.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { pageHead } from '../../page-title.ts'
import { upgradeManually } from '../../queries/subscription.ts'

export const Route = createFileRoute('/_authenticated/settings/success')({
  // The checkout's return URL names its session (…?session_id={CHECKOUT_SESSION_ID}); anything
  // that is not a session id is dropped, and billing then checks the latest checkout.
  validateSearch: (search: Record<string, unknown>): { session_id?: string } => {
    const parsed = upgradeManualRequestSchema.safeParse({ sessionId: search.session_id })
    return parsed.success && parsed.data.sessionId !== undefined ? { session_id: parsed.data.sessionId } : {}
  },
  head: () => pageHead('Payment Successful!'),
  component: SuccessPage,
})

/** SPEC §4's upgrade result: pending (also while asking), then success or error; `detail` is the server's message. */
type Outcome = { kind: 'pending' | 'success' | 'error'; detail?: string }

/**
 * Asks billing once to confirm the payment (the manual upgrade never grants Pro on the call alone:
 * billing checks the checkout with the provider), then refreshes the user.
 */
async function confirmUpgrade(sessionId: string | undefined): Promise<Outcome> {
  try {
    const answer = await upgradeManually(sessionId)
    return { kind: answer.success && answer.status === 'active' ? 'success' : 'pending', detail: answer.message }
  } catch (error) {
    return { kind: 'error', ...(error instanceof ApiError && error.serverMessage !== undefined ? { detail: error.serverMessage } : {}) }
  }
}

/**
 * SPEC §2's /settings/success: 'Payment Successful!', the manual upgrade, the refreshed user, the
 * outcome, and /settings 2 seconds later (with ?success=true while the upgrade is pending, so
 * /settings says it will come).
 */
function SuccessPage() {
  const queryClient = useQueryClient()
  const { session_id: sessionId } = Route.useSearch()
  const redirectLater = useRedirectToSettingsLater()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' })
  const [done, setDone] = useState(false)
  const asked = useRef(false)

  useEffect(() => {
    // One call per visit, also under React's development double effects.
    if (asked.current) return
    asked.current = true
    void (async () => {
      const result = await confirmUpgrade(sessionId)
      await refreshPlan(queryClient)
      setOutcome(result)
      setDone(true)
      if (result.kind === 'success') toast({ title: ACCOUNT_UPGRADED_TITLE, description: 'Your account is now on the Pro plan.' })
      if (result.kind === 'error') toast({ variant: 'destructive', title: UPGRADE_ERROR_TOAST_TITLE, description: UPGRADE_ERROR_TEXT })
      redirectLater(result.kind === 'pending' ? { success: true } : {})
    })()
  }, [queryClient, redirectLater, sessionId])

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Payment Successful!</h1>
      <div role="status" className="mt-6 grid justify-items-center gap-3">
        {outcome.kind === 'pending' && (
          <>
            {!done && <Spinner label="Confirming your payment" />}
            <p className="text-muted-foreground">{UPGRADE_PENDING_TEXT}.</p>
            {done && outcome.detail !== undefined && <p className="text-sm text-muted-foreground">{outcome.detail}</p>}
          </>
        )}
        {outcome.kind === 'success' && <p className="font-medium">Your account has been upgraded to Pro. Thank you!</p>}
        {outcome.kind === 'error' && (
          <>
            <p className="font-medium">We received your payment, but there was an issue upgrading your account.</p>
            <p className="text-sm text-muted-foreground">{outcome.detail ?? UPGRADE_ERROR_TEXT}</p>
          </>
        )}
      </div>
      {done && (
        <p className="mt-6 text-sm text-muted-foreground">
          Taking you back to{' '}
          <Link to="/settings" className="font-medium text-primary underline underline-offset-4">
            Settings
          </Link>
          ...
        </p>
      )}
    </div>
  )
}
