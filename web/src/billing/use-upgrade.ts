import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { createSubscription } from '../queries/subscription.ts'
import { goTo, safeNavigationTarget } from './navigation.ts'
import { CheckoutRefusedError, NoPaymentUrlError, upgradeErrorMessage } from './texts.ts'

/**
 * 'Upgrade to Pro' (SPEC §4): creates the checkout and sends the browser to the payment page.
 * `busy` stays true from the click until the page is left, so the button keeps its busy label
 * ('Processing...' in the header, 'Upgrading...' in settings) instead of flashing back.
 * `onError` gets SPEC §8's text for what went wrong; each place shows it its own way.
 *
 *     const { upgrade, busy } = useUpgrade({ onError: (message) => toast({ ... }) })
 */
export function useUpgrade({ onError }: { onError: (message: string) => void }): { upgrade: () => void; busy: boolean } {
  const [leaving, setLeaving] = useState(false)
  const mutation = useMutation({
    mutationFn: async () => {
      const { success, paymentUrl, message } = await createSubscription()
      if (!success) throw new CheckoutRefusedError(message)
      const target = safeNavigationTarget(paymentUrl, window.location.origin)
      if (target === undefined) throw new NoPaymentUrlError()
      return target
    },
    onSuccess: (target) => {
      setLeaving(true)
      goTo(target)
    },
    onError: (error) => onError(upgradeErrorMessage(error)),
  })
  const busy = mutation.isPending || leaving
  return {
    upgrade: () => {
      if (!busy) mutation.mutate()
    },
    busy,
  }
}
