import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { ApiError } from '../api.ts'
import { Spinner } from '../components/spinner.tsx'
import { Button } from '../components/ui/button.tsx'
import { toast } from '../components/ui/use-toast.ts'
import { unsubscribeSearchSchema } from '../notifications/unsubscribe-search.ts'
import { ALREADY_UNSUBSCRIBED, TURN_ON_AGAIN_IN, UNSUBSCRIBE_INVALID, UNSUBSCRIBED, unsubscribeQuestion } from '../notifications/texts.ts'
import { pageHead } from '../page-title.ts'
import { isRefusedLink, unsubscribe, unsubscribeQueryOptions } from '../queries/notifications.ts'

/**
 * The page an e-mail's unsubscribe link opens (issue 39): public, as the link's signed token is the
 * authority, so it works signed in or out. It asks first; a mail client's one-click POST goes to
 * the API directly and never sees it.
 */
export const Route = createFileRoute('/unsubscribe')({
  validateSearch: unsubscribeSearchSchema,
  head: () => pageHead('Unsubscribe'),
  component: UnsubscribePage,
})

function UnsubscribePage() {
  const { token } = Route.useSearch()
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-16">
      <section aria-labelledby="unsubscribe-title" className="w-full max-w-md rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
        <h1 id="unsubscribe-title" className="text-2xl font-bold tracking-tight">
          Unsubscribe
        </h1>
        {token === undefined ? <Invalid /> : <Unsubscribe token={token} />}
      </section>
    </div>
  )
}

function Invalid() {
  return (
    <p role="alert" className="mt-4 text-sm">
      {UNSUBSCRIBE_INVALID}
    </p>
  )
}

/** What happened, then the way back: "You can turn them on again in Settings." (a link). */
function Unsubscribed({ lead }: { lead: string }) {
  return (
    <p role="status" className="mt-4 text-sm">
      {lead} {TURN_ON_AGAIN_IN}
      <Link to="/settings" className="font-medium text-primary underline underline-offset-4">
        Settings
      </Link>
      .
    </p>
  )
}

function Unsubscribe({ token }: { token: string }) {
  const link = useQuery(unsubscribeQueryOptions(token))
  const done = useMutation({
    mutationFn: () => unsubscribe(token),
    onError: (error) => {
      if (isRefusedLink(error)) return
      const description = error instanceof ApiError && error.serverMessage !== undefined ? error.serverMessage : error.message
      toast({ variant: 'destructive', title: 'Could not unsubscribe', description })
    },
  })

  if (link.isPending) {
    return (
      <div className="mt-6 flex justify-center">
        <Spinner label="Checking the link" />
      </div>
    )
  }
  if (link.isError) {
    if (isRefusedLink(link.error)) return <Invalid />
    return (
      <div role="alert" className="mt-4 grid justify-items-start gap-3 text-sm">
        <p>This link could not be checked just now: {link.error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void link.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (done.isError && isRefusedLink(done.error)) return <Invalid />
  if (done.isSuccess) return <Unsubscribed lead={UNSUBSCRIBED} />
  if (link.data.unsubscribed) return <Unsubscribed lead={ALREADY_UNSUBSCRIBED} />
  return (
    <div className="mt-4 grid justify-items-start gap-4">
      <p className="text-sm">{unsubscribeQuestion(link.data.kind)}</p>
      <Button onClick={() => done.mutate()} disabled={done.isPending}>
        {done.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
      </Button>
    </div>
  )
}
