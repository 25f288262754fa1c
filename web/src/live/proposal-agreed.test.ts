// What the open app does when the gateway says a prospect agreed to a proposal: a toast naming it
// with a link to it, and what shows it refetched — the list, that proposal's own query and every
// dashboard query, nothing else.
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { ProposalListEntry } from '../queries/proposal-list.ts'
import { proposalsQueryKey } from '../queries/proposals.ts'
import { announceProposalAgreed, proposalAgreedText, proposalPagePath, UNKNOWN_PROPOSAL_AGREED } from './proposal-agreed.ts'

const entry = (id: string, title: string): ProposalListEntry => ({
  id,
  title,
  createdAt: '2026-01-05T10:00:00.000Z',
  accessCode: null,
  expiresAt: null,
  revokedAt: null,
  views: 3,
  version: 1,
  agreedAt: null,
})

function clientWith(list: ProposalListEntry[] | undefined): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  if (list !== undefined) queryClient.setQueryData(proposalsQueryKey, list)
  queryClient.setQueryData([...proposalsQueryKey, 'p-1'], { id: 'p-1' })
  queryClient.setQueryData(['analytics', 'overview', 30], { views: 1 })
  queryClient.setQueryData(['analytics', 'proposals', 'p-1', 30], { views: 1 })
  queryClient.setQueryData(['/api/user'], { id: 1 })
  queryClient.setQueryData(['/api/profile'], { companyName: 'Initech' })
  return queryClient
}

const invalidated = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated
const agreed = { proposalId: 'p-1', agreedAt: '2026-01-06T09:00:00.000Z', scenario: 'conservative' } as const

describe('a live proposal-agreed event', () => {
  it("names the proposal from the cached list, links to it, and refetches the list, the proposal's query and the dashboard", async () => {
    const queryClient = clientWith([entry('p-0', 'Other'), entry('p-1', 'Support triage ROI')])
    const shown: Array<{ text: string; proposalId: string }> = []
    await announceProposalAgreed(queryClient, agreed, (text, proposalId) => shown.push({ text, proposalId }))
    expect(shown).toEqual([{ text: 'Support triage ROI — the prospect agreed to the numbers', proposalId: 'p-1' }])
    expect(invalidated(queryClient, proposalsQueryKey)).toBe(true)
    expect(invalidated(queryClient, [...proposalsQueryKey, 'p-1'])).toBe(true)
    expect(invalidated(queryClient, ['analytics', 'overview', 30])).toBe(true)
    expect(invalidated(queryClient, ['analytics', 'proposals', 'p-1', 30])).toBe(true)
    // Mutations invalidate the keys they change, never all.
    expect(invalidated(queryClient, ['/api/user'])).toBe(false)
    expect(invalidated(queryClient, ['/api/profile'])).toBe(false)
  })

  it('says so neutrally when the title cannot be had (the list does not load here: no page origin)', async () => {
    for (const list of [undefined, [entry('p-0', 'Other')]]) {
      const queryClient = clientWith(list)
      const shown: string[] = []
      await announceProposalAgreed(queryClient, agreed, (text) => shown.push(text))
      expect(shown).toEqual([UNKNOWN_PROPOSAL_AGREED])
      expect(invalidated(queryClient, ['analytics', 'overview', 30])).toBe(true)
    }
  })

  it('reads "<title> — the prospect agreed to the numbers" and links to the proposal\'s page', () => {
    expect(proposalAgreedText('Q3 renewal')).toBe('Q3 renewal — the prospect agreed to the numbers')
    expect(proposalAgreedText(undefined)).toBe('A prospect agreed to the numbers of a proposal')
    expect(proposalPagePath('a/b c')).toBe('/proposals/a%2Fb%20c')
  })
})
