// What the open app does when the gateway says a prospect agreed to a proposal's figures (issue
// 20): a toast naming it, with a link to it, and everything that shows it refetched — the list (its
// Agreed badge), the proposal's own queries, the dashboard, and the proposal's page if it is open.
import type { QueryClient } from '@tanstack/react-query'
import type { LiveProposalAgreed } from '@valueproof/contracts'
import { createElement, type ReactNode } from 'react'
import { toast } from '../components/ui/use-toast.ts'
import { proposalsQueryKey } from '../queries/proposals.ts'
import { tellPageProposalAgreed } from './page-events.ts'
import { ANALYTICS_QUERY_PREFIX, proposalTitle } from './proposal-viewed.ts'

/** When the proposal's title cannot be found (the list failed, or the proposal is gone). */
export const UNKNOWN_PROPOSAL_AGREED = 'A prospect agreed to the numbers of a proposal'

export function proposalAgreedText(title: string | undefined): string {
  return title === undefined ? UNKNOWN_PROPOSAL_AGREED : `${title} — the prospect agreed to the numbers`
}

export function proposalPagePath(proposalId: string): string {
  return `/proposals/${encodeURIComponent(proposalId)}`
}

/** The toast: what happened, and a link to the proposal (a plain link: the toaster sits outside the router). */
function showAgreedToast(text: string, proposalId: string): void {
  const link: ReactNode = createElement(
    'a',
    { href: proposalPagePath(proposalId), className: 'font-medium underline underline-offset-4' },
    'Open the proposal',
  )
  toast({ title: text, description: link })
}

/** A prospect agreed to one of the user's proposals: say so, and refresh what shows it. */
export async function announceProposalAgreed(
  queryClient: QueryClient,
  agreed: LiveProposalAgreed,
  show: (text: string, proposalId: string) => void = showAgreedToast,
): Promise<void> {
  // The list and each proposal's own query (['/api/proposals', id]) share the prefix.
  void queryClient.invalidateQueries({ queryKey: proposalsQueryKey })
  void queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_PREFIX })
  tellPageProposalAgreed(agreed.proposalId)
  show(proposalAgreedText(await proposalTitle(queryClient, agreed.proposalId)), agreed.proposalId)
}
