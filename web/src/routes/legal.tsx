import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '../components/legal/legal-page.tsx'
import { DEFAULT_LEGAL_TAB, legalSearchFor, legalSearchSchema } from '../components/legal/legal-search.ts'
import { legalPage } from '../content/legal.ts'
import { pageHead } from '../page-title.ts'
import { supportQueryOptions } from '../queries/support.ts'

/**
 * SPEC §2 /legal, for visitors and signed-in users alike. The open tab is in the address
 * (`/legal?tab=refund`) so a link can point at one part of the terms. The contact details are the
 * server's (GET /api/support, public): loaded before the page shows, so it never shows an address
 * the operator did not configure.
 */
export const Route = createFileRoute('/legal')({
  validateSearch: legalSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(supportQueryOptions()),
  head: () => pageHead(legalPage.title),
  component: LegalRoute,
})

function LegalRoute() {
  const { tab = DEFAULT_LEGAL_TAB } = Route.useSearch()
  const navigate = Route.useNavigate()
  return <LegalPage tab={tab} onTabChange={(next) => void navigate({ search: legalSearchFor(next), replace: true })} />
}
