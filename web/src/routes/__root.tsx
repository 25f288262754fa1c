import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, useMatches, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { AppFooter } from '../components/app-footer.tsx'
import { PublicFooter } from '../components/public-footer.tsx'
import { AppHeader } from '../components/app-header.tsx'
import { PublicHeader } from '../components/public-header.tsx'
import { PageSpinner } from '../components/spinner.tsx'
import { Toaster } from '../components/toaster.tsx'
import { LiveUpdates } from '../live/live-updates.tsx'
import { Button } from '../components/ui/button.tsx'
import { ButtonLink } from '../components/ui/button-link.tsx'
import { pageHead } from '../page-title.ts'
import { userQueryOptions } from '../queries/user.ts'
import type { RouterContext } from '../router.tsx'

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page depends on the session (header, guards), so it is loaded before anything renders.
  beforeLoad: async ({ context }) => ({
    user: await context.queryClient.ensureQueryData(userQueryOptions()),
  }),
  head: () => pageHead(),
  component: RootLayout,
  pendingComponent: PageSpinner,
  notFoundComponent: NotFoundPage,
  errorComponent: RootError,
})

function RootLayout() {
  const { data: user } = useSuspenseQuery(userQueryOptions())
  const bare = useMatches({ select: (matches) => matches.some((match) => match.staticData.bare === true) })

  return (
    <>
      <HeadContent />
      <a
        href="#main"
        className="sr-only rounded-md bg-primary text-primary-foreground focus:not-sr-only focus:px-4 focus:py-2 focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      {bare ? (
        <Outlet />
      ) : (
        <div className="flex min-h-screen flex-col">
          {user === null ? <PublicHeader /> : <AppHeader user={user} />}
          <main id="main" className="flex flex-1 flex-col">
            <Outlet />
          </main>
          {user === null ? <PublicFooter /> : <AppFooter />}
        </div>
      )}
      {/* A signed-in user's open app hears of prospects' views on every page (issue 19). */}
      {user !== null && <LiveUpdates key={user.id} />}
      <Toaster />
    </>
  )
}

function NotFoundPage() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="w-full max-w-md rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
        <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
      </div>
    </div>
  )
}

/** A failure nobody handled nearer (e.g. the session could not be loaded): say so and offer a retry. */
function RootError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const queryClient = useQueryClient()
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4">
      <div role="alert" className="w-full max-w-md rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="mt-4 text-sm break-words text-muted-foreground">{error instanceof Error ? error.message : String(error)}</p>
        <div className="mt-6 flex gap-2">
          <Button
            onClick={() => {
              // Drop failed queries so the retry really asks the server again.
              queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' })
              reset()
              void router.invalidate()
            }}
          >
            Try again
          </Button>
          <ButtonLink to="/" variant="outline" reloadDocument>
            Go home
          </ButtonLink>
        </div>
      </div>
    </main>
  )
}
