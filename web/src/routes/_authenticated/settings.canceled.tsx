import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { CHECKOUT_CANCELED_TEXT, CHECKOUT_CANCELED_TITLE } from '../../billing/texts.ts'
import { useRedirectToSettingsLater } from '../../billing/use-redirect-later.ts'
import { toast } from '../../components/ui/use-toast.ts'
import { pageHead } from '../../page-title.ts'

export const Route = createFileRoute('/_authenticated/settings/canceled')({
  head: () => pageHead('Payment Canceled'),
  component: CanceledPage,
})

/** SPEC §2's /settings/canceled: the checkout was left without paying; back to /settings after 2 seconds. */
function CanceledPage() {
  const redirectLater = useRedirectToSettingsLater()
  useEffect(() => {
    toast({ variant: 'destructive', title: CHECKOUT_CANCELED_TITLE, description: CHECKOUT_CANCELED_TEXT })
    redirectLater()
  }, [redirectLater])
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Payment Canceled</h1>
      <p className="mt-4 text-muted-foreground">No payment was taken and your plan is unchanged.</p>
      <p className="mt-6 text-sm text-muted-foreground">
        Taking you back to{' '}
        <Link to="/settings" className="font-medium text-primary underline underline-offset-4">
          Settings
        </Link>
        ...
      </p>
    </div>
  )
}
