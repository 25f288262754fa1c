import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router'
import { userQueryOptions } from '../queries/user.ts'

/** Pages for signed-in users only (SPEC §2): a signed-out visitor is sent to /auth. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context }) => {
    if (context.user === null) throw redirect({ to: '/auth', replace: true })
  },
  component: AuthenticatedLayout,
})

function AuthenticatedLayout() {
  const { data: user } = useSuspenseQuery(userQueryOptions())
  // The session can end while a page is open (logout); leave at once rather than show stale pages.
  if (user === null) return <Navigate to="/auth" replace />
  return <Outlet />
}
