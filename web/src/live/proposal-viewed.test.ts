// What the open app does when the gateway says a prospect opened a proposal: a toast naming it (or
// a neutral one), and the views it shows refetched — the list and every dashboard query.
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { proposalsQueryKey } from '../queries/proposals.ts'
import type { ProposalListEntry } from '../queries/proposal-list.ts'
import { announceProposalViewed, proposalOpenedText, UNKNOWN_PROPOSAL_OPENED } from './proposal-viewed.ts'

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
  queryClient.setQueryData(['analytics', 'overview'], { views: 1 })
  queryClient.setQueryData(['analytics', 'proposals', 'p-1'], { views: 1 })
  queryClient.setQueryData(['/api/user'], { id: 1 })
  return queryClient
}

const invalidated = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated

describe('a live proposal-viewed event', () => {
  it('names the proposal from the cached list, and refetches the list and every dashboard query', async () => {
    const queryClient = clientWith([entry('p-0', 'Other'), entry('p-1', 'Support triage ROI')])
    const shown: string[] = []
    await announceProposalViewed(queryClient, { proposalId: 'p-1', viewedAt: '2026-01-06T09:00:00.000Z', views: 1 }, (text) =>
      shown.push(text),
    )
    expect(shown).toEqual(['Support triage ROI was just opened'])
    expect(invalidated(queryClient, proposalsQueryKey)).toBe(true)
    expect(invalidated(queryClient, ['analytics', 'overview'])).toBe(true)
    expect(invalidated(queryClient, ['analytics', 'proposals', 'p-1'])).toBe(true)
    expect(invalidated(queryClient, ['/api/user'])).toBe(false)
  })

  it('says so neutrally when the title cannot be had (the list does not load here: no page origin)', async () => {
    for (const list of [undefined, [entry('p-0', 'Other')]]) {
      const queryClient = clientWith(list)
      const shown: string[] = []
      await announceProposalViewed(queryClient, { proposalId: 'p-9', viewedAt: '2026-01-06T09:00:00.000Z', views: 1 }, (text) =>
        shown.push(text),
      )
      expect(shown).toEqual([UNKNOWN_PROPOSAL_OPENED])
      expect(invalidated(queryClient, ['analytics', 'overview'])).toBe(true)
    }
  })

  it('reads "<title> was just opened", or for a minute\'s views folded into one event "<title> was opened 3 times"', async () => {
    expect(proposalOpenedText('Q3 renewal')).toBe('Q3 renewal was just opened')
    expect(proposalOpenedText(undefined)).toBe('A proposal was just opened')
    expect(proposalOpenedText('Q3 renewal', 3)).toBe('Q3 renewal was opened 3 times')
    expect(proposalOpenedText(undefined, 29)).toBe('A proposal was opened 29 times')
    const shown: string[] = []
    const queryClient = clientWith([entry('p-1', 'Support triage ROI')])
    await announceProposalViewed(queryClient, { proposalId: 'p-1', viewedAt: '2026-01-06T09:00:59.000Z', views: 3 }, (text) =>
      shown.push(text),
    )
    expect(shown).toEqual(['Support triage ROI was opened 3 times'])
  })
})
