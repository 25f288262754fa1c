import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { TestCheckoutSession } from '@valueproof/contracts'
import { ApiError } from '../../../api.ts'
import { goTo, safeNavigationTarget } from '../../../billing/navigation.ts'
import { Brand } from '../../../components/brand.tsx'
import { PageSpinner } from '../../../components/spinner.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ButtonLink } from '../../../components/ui/button-link.tsx'
import { toast } from '../../../components/ui/use-toast.ts'
import { pageHead } from '../../../page-title.ts'
import { finishTestCheckout, testCheckoutQueryOptions } from '../../../queries/subscription.ts'

export const Route = createFileRoute('/_authenticated/checkout/test/$id')({
  // A stand-in for the provider's payment page: the app's header and footer would blur where the user is.
  staticData: { bare: true },
  head: () => pageHead('Test checkout'),
  component: TestCheckoutPage,
})

/** Pay or Cancel, then on to where billing says (the success or the cancel page). */
function useFinish(id: string) {
  return useMutation({
    mutationFn: async (action: 'pay' | 'cancel') => {
      const target = safeNavigationTarget(await finishTestCheckout(id, action), window.location.origin)
      if (target === undefined) throw new Error('The checkout did not say where to go next.')
      return target
    },
    onSuccess: goTo,
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Checkout failed',
        description: error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message,
      }),
  })
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-10">
      <Brand />
      <div className="mt-8 w-full max-w-md rounded-lg border bg-card p-6 text-card-foreground shadow-sm">{children}</div>
    </main>
  )
}

function OpenCheckout({ session }: { session: TestCheckoutSession }) {
  const finish = useFinish(session.id)
  // Stays busy after the answer: the browser is leaving for the next page.
  const busy = finish.isPending || finish.isSuccess
  return (
    <>
      <p className="rounded-md border border-dashed border-amber-500 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
        Test mode — no real payment
      </p>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{session.productName}</h1>
      <p className="mt-2 text-3xl font-extrabold">{session.amountLabel}</p>
      <p className="mt-4 text-sm text-muted-foreground">
        No card is needed and no money moves. Pay completes this checkout as a real payment would; Cancel leaves it unpaid.
      </p>
      <div className="mt-6 grid gap-2 sm:grid-cols-2">
        <Button size="lg" onClick={() => finish.mutate('pay')} disabled={busy}>
          {finish.isPending && finish.variables === 'pay' ? 'Processing...' : `Pay ${session.amountLabel}`}
        </Button>
        <Button size="lg" variant="outline" onClick={() => finish.mutate('cancel')} disabled={busy}>
          Cancel
        </Button>
      </div>
    </>
  )
}

/**
 * The built-in test-mode payment page (no Stripe key configured, docs/decisions/105): the checkout's
 * product and price with Pay and Cancel, which drive the same session, webhook and upgrade path a
 * real payment does.
 */
function TestCheckoutPage() {
  const { id } = Route.useParams()
  const session = useQuery(testCheckoutQueryOptions(id))
  if (session.isPending) return <PageSpinner />
  if (session.isError || session.data.status !== 'open') {
    const text = session.isError
      ? 'This checkout could not be found. Start again with Upgrade to Pro.'
      : session.data.status === 'complete'
        ? 'This checkout has already been paid.'
        : 'This checkout has expired. Start again with Upgrade to Pro.'
    return (
      <Frame>
        <h1 className="text-2xl font-bold tracking-tight">Checkout unavailable</h1>
        <p className="mt-4 text-sm text-muted-foreground">{text}</p>
        <ButtonLink to="/settings" className="mt-6">
          Back to Settings
        </ButtonLink>
      </Frame>
    )
  }
  return (
    <Frame>
      <OpenCheckout session={session.data} />
    </Frame>
  )
}
