import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ApiError } from '../../api.ts'
import { Spinner } from '../../components/spinner.tsx'
import { toast } from '../../components/ui/use-toast.ts'
import { pageHead } from '../../page-title.ts'
import { generatePendingProposal } from '../../proposals/generation.ts'
import { proposalsQueryKey } from '../../queries/proposals.ts'

/** SPEC §4: shown while a proposal is generated; the handshake is described in proposals/generation.ts. */
export const Route = createFileRoute('/_authenticated/proposals/generating')({
  head: () => pageHead('Generating Proposal'),
  component: GeneratingPage,
})

function GeneratingPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  useEffect(() => {
    const run = generatePendingProposal()
    if (run === undefined) {
      void navigate({ to: '/calculator', replace: true })
      return
    }
    let active = true
    run.then(
      async (id) => {
        if (!active) return
        await queryClient.invalidateQueries({ queryKey: proposalsQueryKey, exact: true })
        toast({ title: 'Success', description: 'Proposal has been created successfully' })
        await navigate({ to: '/proposals/$id', params: { id }, replace: true })
      },
      async (error: unknown) => {
        if (!active) return
        const message = error instanceof ApiError ? error.serverMessage : undefined
        toast({ variant: 'destructive', title: 'Error creating proposal', description: message ?? 'Something went wrong' })
        await navigate({ to: '/calculator', replace: true })
      },
    )
    return () => {
      active = false
    }
  }, [navigate, queryClient])

  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-6 px-4 py-24 text-center">
      <Spinner className="size-10" label="Generating your proposal" />
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Generating your proposal...</h1>
        <p className="text-muted-foreground">We are writing it from your calculator. This can take a little while.</p>
      </div>
    </div>
  )
}
