import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import type { UserRecord } from '@valueproof/contracts'
import { useEffect, useRef, useState } from 'react'
import {
  CHECKOUT_CANCELED_TEXT,
  CHECKOUT_CANCELED_TITLE,
  PAYMENT_SUCCESSFUL_TEXT,
  PAYMENT_SUCCESSFUL_TITLE,
  UPGRADE_ERROR_TITLE,
} from '../../billing/texts.ts'
import { useUpgrade } from '../../billing/use-upgrade.ts'
import { CancelSubscriptionDialog } from '../../components/settings/cancel-subscription-dialog.tsx'
import { CompanyProfileCard } from '../../components/settings/company-profile-card.tsx'
import { ContactDetailsForm } from '../../components/settings/contact-details-form.tsx'
import { EmailSettings } from '../../components/settings/email-settings.tsx'
import { HubspotCard } from '../../components/settings/hubspot-card.tsx'
import { NotificationSettingsCard } from '../../components/settings/notification-settings-card.tsx'
import { SubscriptionPlanCard } from '../../components/settings/subscription-plan-card.tsx'
import { WebhooksCard } from '../../components/settings/webhooks-card.tsx'
import { ButtonLink } from '../../components/ui/button-link.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { pageHead } from '../../page-title.ts'
import { subscriptionQueryOptions } from '../../queries/subscription.ts'
import { userQueryOptions } from '../../queries/user.ts'

/** SPEC §2: after checkout the payment provider may return to /settings?success=true or ?canceled=true. */
interface SettingsSearch {
  success?: true
  canceled?: true
}

const isSet = (flag: unknown) => flag === true || flag === 'true'

export const Route = createFileRoute('/_authenticated/settings/')({
  validateSearch: (search: Record<string, unknown>): SettingsSearch => ({
    ...(isSet(search.success) ? { success: true } : {}),
    ...(isSet(search.canceled) ? { canceled: true } : {}),
  }),
  head: () => pageHead('Settings'),
  loader: ({ context }) => {
    // Not awaited: the plan card shows the user record's plan at once and the subscription's details when they come.
    void context.queryClient.prefetchQuery(subscriptionQueryOptions())
  },
  component: SettingsPage,
})

/** The checkout flags' toasts (SPEC §2, §8), once per arrival; then the address becomes /settings. */
function useCheckoutFlags() {
  const { success, canceled } = Route.useSearch()
  const navigate = useNavigate()
  const shown = useRef(false)
  useEffect(() => {
    if (success !== true && canceled !== true) {
      shown.current = false
      return
    }
    if (shown.current) return
    shown.current = true
    if (success === true) toast({ title: PAYMENT_SUCCESSFUL_TITLE, description: PAYMENT_SUCCESSFUL_TEXT })
    else toast({ variant: 'destructive', title: CHECKOUT_CANCELED_TITLE, description: CHECKOUT_CANCELED_TEXT })
    void navigate({ to: '/settings', search: {}, replace: true })
  }, [success, canceled, navigate])
}

/**
 * SPEC §2's /settings: the Subscription Plan card, the Company Profile Settings card, and the seller's
 * contact details (issue 15).
 */
function SettingsPage() {
  const { data: user } = useSuspenseQuery(userQueryOptions())
  useCheckoutFlags()
  if (user === null) return null
  return <Settings user={user} />
}

function Settings({ user }: { user: UserRecord }) {
  const subscription = useQuery(subscriptionQueryOptions())
  const [cancelOpen, setCancelOpen] = useState(false)
  // SPEC §8: a failed upgrade in settings is a toast 'Error' with the reason.
  const { upgrade, busy } = useUpgrade({
    onError: (message) => toast({ variant: 'destructive', title: UPGRADE_ERROR_TITLE, description: message }),
  })
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10">
      <div inert={cancelOpen} className="grid gap-8">
        <div className="grid justify-items-start gap-4">
          <ButtonLink to="/" variant="outline" size="sm">
            Back
          </ButtonLink>
          <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
        </div>
        <SubscriptionPlanCard
          user={user}
          subscription={subscription.data}
          subscriptionFailed={subscription.isError}
          upgrade={upgrade}
          upgrading={busy}
          onCancel={() => setCancelOpen(true)}
        />
        {/* Keyed by the plan: when the plan changes the form starts again from what is stored. */}
        <CompanyProfileCard key={user.plan} user={user} upgrade={upgrade} upgrading={busy} />
        <ContactDetailsForm user={user} />
        <EmailSettings user={user} />
        <NotificationSettingsCard />
        <WebhooksCard />
        <HubspotCard user={user} upgrade={upgrade} upgrading={busy} />
      </div>
      <CancelSubscriptionDialog open={cancelOpen} subscription={subscription.data} onClose={() => setCancelOpen(false)} />
    </section>
  )
}
