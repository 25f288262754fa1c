import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SubscriptionStatus } from '@valueproof/contracts'
import { ApiError } from '../../api.ts'
import { refreshPlan } from '../../billing/plan-refresh.ts'
import { formatLongDate } from '../../proposals/proposal-dates.ts'
import { endTestBillingPeriod } from '../../queries/subscription.ts'
import { Button } from '../ui/button.tsx'
import { toast } from '../ui/use-toast.ts'

/**
 * Test mode only (no Stripe key: the built-in checkout takes payments). A tester cannot wait a month
 * for the paid period to end, so the test clock ends it now: a canceled subscription ends and the
 * account returns to Free, an active one renews.
 */
export function TestModeBox({ subscription }: { subscription: SubscriptionStatus }) {
  const queryClient = useQueryClient()
  const ending = subscription.cancelAtPeriodEnd
  const mutation = useMutation({
    mutationFn: async () => {
      await endTestBillingPeriod()
      return refreshPlan(queryClient)
    },
    onSuccess: (plan) =>
      toast(
        plan === 'free'
          ? { title: 'Billing period ended', description: 'Your Pro plan has ended; your account is on the Free plan.' }
          : { title: 'Billing period renewed', description: 'A new paid month has started on the Pro plan.' },
      ),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not end the billing period',
        description: error instanceof ApiError && error.serverMessage !== undefined ? error.serverMessage : 'Please try again.',
      }),
  })
  const periodEnd = formatLongDate(subscription.currentPeriodEnd)
  return (
    <div
      role="group"
      aria-labelledby="test-mode-title"
      className="grid justify-items-start gap-2 rounded-md border border-dashed border-amber-500 p-4 text-sm"
    >
      <p id="test-mode-title" className="font-semibold">
        <span className="mr-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase dark:bg-amber-900/60 dark:text-amber-100">
          Test mode
        </span>
        No real payments
      </p>
      <p className="text-muted-foreground">
        {ending
          ? `Your Pro plan ends on ${periodEnd ?? 'the last day of the period'}. End the billing period now to see what happens then.`
          : `Your Pro plan renews on ${periodEnd ?? 'the last day of the period'}. End the billing period now to renew it as a paid month would.`}
      </p>
      <Button variant="outline" size="sm" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
        {mutation.isPending ? 'Ending period...' : 'End billing period now'}
      </Button>
    </div>
  )
}
