// A proposal's HubSpot deal on its analytics page (issue 39, Pro): search the seller's deals by name
// and link one; the prospect's opens, agreement and PDF downloads then become notes on it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { HubspotDeal } from '@valueproof/contracts'
import { useId, useState, type FormEvent } from 'react'
import { CARD } from '../analytics-dashboard/dashboard-frame.tsx'
import { Button } from '../components/ui/button.tsx'
import { Input } from '../components/ui/input.tsx'
import { toast } from '../components/ui/use-toast.ts'
import {
  hubspotConnectionQueryOptions,
  hubspotLinkQueryKey,
  hubspotLinkQueryOptions,
  linkHubspotDeal,
  searchHubspotDeals,
  unlinkHubspotDeal,
} from '../queries/hubspot.ts'
import { dealLine, errorText } from './texts.ts'

const LINK_CLASS =
  'font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

function DealSearch({ proposalId }: { proposalId: string }) {
  const queryClient = useQueryClient()
  const inputId = useId()
  const [query, setQuery] = useState('')
  const [error, setError] = useState<string | undefined>()
  const search = useMutation({
    mutationFn: (text: string) => searchHubspotDeals(text),
    onSuccess: () => setError(undefined),
    onError: (failure) => setError(errorText(failure)),
  })
  const link = useMutation({
    mutationFn: (deal: HubspotDeal) => linkHubspotDeal(proposalId, deal.id),
    onSuccess: (answer) => {
      queryClient.setQueryData(hubspotLinkQueryKey(proposalId), answer)
      toast({ title: 'Linked to the HubSpot deal', description: answer.dealName })
    },
    onError: (failure) => toast({ variant: 'destructive', title: 'The deal was not linked', description: errorText(failure) }),
  })
  function submit(event: FormEvent) {
    event.preventDefault()
    if (query.trim() === '') {
      setError('Type part of a deal’s name to search for')
      return
    }
    search.mutate(query.trim())
  }
  return (
    <div className="grid gap-3">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row" role="search" noValidate>
        <label htmlFor={inputId} className="sr-only">
          Search your HubSpot deals
        </label>
        <Input
          id={inputId}
          type="search"
          placeholder="Search your HubSpot deals by name"
          value={query}
          aria-invalid={error === undefined ? undefined : true}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={search.isPending}>
          {search.isPending ? 'Searching…' : 'Search'}
        </Button>
      </form>
      {error !== undefined && (
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
          {error}
        </p>
      )}
      {search.data !== undefined &&
        (search.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No deal’s name contains “{search.variables}”.</p>
        ) : (
          <ul className="grid divide-y rounded-md border" aria-label="Deals found">
            {search.data.map((deal) => (
              <li key={deal.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="min-w-0 break-words">{dealLine(deal)}</span>
                <Button size="sm" disabled={link.isPending} onClick={() => link.mutate(deal)} aria-label={`Link ${deal.name}`}>
                  Link
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  )
}

function LinkedDeal({ proposalId, dealName }: { proposalId: string; dealName: string }) {
  const queryClient = useQueryClient()
  const unlink = useMutation({
    mutationFn: () => unlinkHubspotDeal(proposalId),
    onSuccess: () => queryClient.setQueryData(hubspotLinkQueryKey(proposalId), null),
    onError: (failure) => toast({ variant: 'destructive', title: 'The deal was not unlinked', description: errorText(failure) }),
  })
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>
        Linked to <span className="font-semibold">{dealName}</span>: each open, agreement and PDF download is noted on it.
      </p>
      <Button variant="outline" size="sm" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
        Unlink
      </Button>
    </div>
  )
}

function ConnectedDealLink({ proposalId }: { proposalId: string }) {
  const link = useQuery(hubspotLinkQueryOptions(proposalId))
  if (link.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>
  if (link.isError)
    return <p className="text-sm text-destructive dark:text-red-400">The HubSpot deal could not be loaded: {errorText(link.error)}</p>
  return link.data === null ? <DealSearch proposalId={proposalId} /> : <LinkedDeal proposalId={proposalId} dealName={link.data.dealName} />
}

/** Shown to a Pro seller: the proposal's deal, or how to connect HubSpot first. */
export function HubspotDealLink({ proposalId }: { proposalId: string }) {
  const connection = useQuery(hubspotConnectionQueryOptions())
  // A Free seller (403) or a failed read: the analytics page says what matters without this card.
  if (connection.data === undefined) return null
  return (
    <section aria-labelledby="hubspot-deal-title" className={`${CARD} grid gap-3`}>
      <h2 id="hubspot-deal-title" className="text-lg font-semibold">
        HubSpot deal
      </h2>
      {connection.data.connected ? (
        <ConnectedDealLink proposalId={proposalId} />
      ) : (
        <p className="text-sm text-muted-foreground">
          <Link to="/settings" className={LINK_CLASS}>
            Connect HubSpot in Settings
          </Link>{' '}
          to note this proposal’s opens, agreement and PDF downloads on one of your deals.
        </p>
      )}
    </section>
  )
}
