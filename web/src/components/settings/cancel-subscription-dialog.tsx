import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CALCULATOR_LIMITS, type SubscriptionStatus } from '@valueproof/contracts'
import { CANCEL_FAILED_TITLE, CANCELED_TEXT, CANCELED_TITLE, cancelErrorMessage } from '../../billing/texts.ts'
import { PRODUCT_NAME } from '../../config.ts'
import { formatLongDate } from '../../proposals/proposal-dates.ts'
import { cancelSubscription, subscriptionQueryKey } from '../../queries/subscription.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { toast } from '../ui/use-toast.ts'

/**
 * SPEC §2's confirmation before 'Cancel Subscription', saying what happens (SPEC /legal Cancellation,
 * docs/decisions/105): Pro until the period ends, then Free; nothing is deleted.
 */
export function CancelSubscriptionDialog({
  open,
  subscription,
  onClose,
}: {
  open: boolean
  subscription: SubscriptionStatus | undefined
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async (answer) => {
      toast({ title: CANCELED_TITLE, description: answer.message.trim() === '' ? CANCELED_TEXT : answer.message })
      // Only the subscription changes now (the scheduled end); the plan itself changes when the period ends.
      await queryClient.invalidateQueries({ queryKey: subscriptionQueryKey })
      onClose()
    },
    onError: (error) => toast({ variant: 'destructive', title: CANCEL_FAILED_TITLE, description: cancelErrorMessage(error) }),
  })
  const until = formatLongDate(subscription?.currentPeriodEnd)
  const busy = mutation.isPending

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose()
      }}
      title="Cancel your Pro subscription?"
      description={`You keep Pro until ${until ?? 'the end of your billing period'}. Then your account returns to the Free plan.`}
    >
      <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
        <li>
          Calculators beyond the Free limit of {CALCULATOR_LIMITS.free} a month are locked, not deleted. They open again if you resubscribe.
        </li>
        <li>Proposals you have shared keep working for your prospects, shown with {PRODUCT_NAME} branding instead of yours.</li>
        <li>Your company profile is kept for when you come back.</li>
        <li>You are not charged again.</li>
      </ul>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Keep Pro
        </Button>
        <Button variant="destructive" onClick={() => mutation.mutate()} disabled={busy}>
          {busy ? 'Canceling...' : 'Cancel Subscription'}
        </Button>
      </div>
    </Dialog>
  )
}
