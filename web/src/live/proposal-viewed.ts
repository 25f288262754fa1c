import type { QueryClient } from '@tanstack/react-query'
import type { LiveProposalViewed } from '@valueproof/contracts'
import { toast } from '../components/ui/use-toast.ts'
import { proposalsQueryOptions } from '../queries/proposal-list.ts'
import { proposalsQueryKey } from '../queries/proposals.ts'

/** Every dashboard query's key starts with this (web/src/queries/analytics*.ts). */
export const ANALYTICS_QUERY_PREFIX = ['analytics'] as const

/** When the proposal's title cannot be found (the list failed, or the proposal is gone). */
export const UNKNOWN_PROPOSAL_OPENED = 'A proposal was just opened'

/**
 * One view: "<title> was just opened"; several (the gateway folds a minute's views into one event,
 * decision 119): "<title> was opened 3 times".
 */
export function proposalOpenedText(title: string | undefined, views = 1): string {
  const subject = title ?? 'A proposal'
  if (views <= 1) return title === undefined ? UNKNOWN_PROPOSAL_OPENED : `${subject} was just opened`
  return `${subject} was opened ${views} times`
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
  show(proposalOpenedText(await proposalTitle(queryClient, view.proposalId), view.views))
}
