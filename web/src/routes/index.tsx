import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../components/home/home-page.tsx'
import { LandingPage } from '../landing/landing-page.tsx'
import { pageHead } from '../page-title.ts'
import { userQueryOptions } from '../queries/user.ts'

export const Route = createFileRoute('/')({
  head: () => pageHead(),
  component: IndexPage,
})

/** SPEC §2: the landing page for visitors, the home for a signed-in user. */
function IndexPage() {
  const { data: user } = useSuspenseQuery(userQueryOptions())
  return user === null ? <LandingPage /> : <HomePage user={user} />
}
