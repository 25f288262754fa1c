import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ContactDetailsForm } from '../../components/settings/contact-details-form.tsx'
import { ButtonLink } from '../../components/ui/button-link.tsx'
import { pageHead } from '../../page-title.ts'
import { userQueryOptions } from '../../queries/user.ts'

export const Route = createFileRoute('/_authenticated/settings/')({
  head: () => pageHead('Settings'),
  component: SettingsPage,
})

/**
 * SPEC §2's /settings. The seller's contact details are here now (issue 15); the Subscription Plan
 * and Company Profile Settings cards come with plans and billing (issue 16).
 */
function SettingsPage() {
  const { data: user } = useSuspenseQuery(userQueryOptions())
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10">
      <div className="grid justify-items-start gap-4">
        <ButtonLink to="/" variant="outline" size="sm">
          Back
        </ButtonLink>
        <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      </div>
      {user !== null && <ContactDetailsForm user={user} />}
      <p className="text-sm text-muted-foreground">Your plan and company profile arrive in a later release.</p>
    </section>
  )
}
