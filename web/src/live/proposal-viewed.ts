import type { QueryClient } from '@tanstack/react-query'
import type { LiveProposalViewed } from '@valueproof/contracts'
import { toast } from '../components/ui/use-toast.ts'
import { proposalsQueryOptions } from '../queries/proposal-list.ts'
import { proposalsQueryKey } from '../queries/proposals.ts'

/** Every dashboard query's key starts with this (web/src/queries/analytics*.ts). */
export const ANALYTICS_QUERY_PREFIX = ['analytics'] as const

/** When the proposal's title cannot be found (the list failed, or the proposal is gone). */
export const UNKNOWN_PROPOSAL_OPENED = 'A proposal was just opened'

export function proposalOpenedText(title: string | undefined): string {
  return title === undefined ? UNKNOWN_PROPOSAL_OPENED : `${title} was just opened`
}

/**
 * The proposal's title from the cached list; a list that lacks it (not loaded yet, or older than the
 * proposal) is fetched again. Undefined when it cannot be had.
 */
export async function proposalTitle(queryClient: QueryClient, proposalId: string): Promise<string | undefined> {
  const options = proposalsQueryOptions()
  const cached = queryClient.getQueryData(options.queryKey)?.find((entry) => entry.id === proposalId)
  if (cached !== undefined) {
    // Its view count changed: pages showing the list refetch it.
    void queryClient.invalidateQueries({ queryKey: proposalsQueryKey, exact: true })
    return cached.title
  }
  try {
    const list = await queryClient.fetchQuery({ ...options, staleTime: 0 })
    return list.find((entry) => entry.id === proposalId)?.title
  } catch {
    return undefined
  }
}

/** A prospect opened one of the user's proposals: say so, and refresh what shows its views. */
export async function announceProposalViewed(
  queryClient: QueryClient,
  view: LiveProposalViewed,
  show: (text: string) => void = (text) => toast({ title: text }),
): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_PREFIX })
  show(proposalOpenedText(await proposalTitle(queryClient, view.proposalId)))
}
