import { queryOptions } from '@tanstack/react-query'
import {
  hubspotConnectionSchema,
  hubspotDealsSchema,
  hubspotLinkSchema,
  type HubspotConnection,
  type HubspotDeal,
  type HubspotLink,
} from '@valueproof/contracts'
import { ApiError, apiRequest } from '../api.ts'

// A Pro seller's HubSpot (issue 39): the connection (/settings) and a proposal's deal (its analytics page).

export const hubspotConnectionQueryKey = ['/api/notifications/hubspot'] as const

/** GET /api/notifications/hubspot: connected or not, the account, and the last error. */
export function hubspotConnectionQueryOptions() {
  return queryOptions({
    queryKey: hubspotConnectionQueryKey,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/api/notifications/hubspot', undefined, { signal })
      return hubspotConnectionSchema.parse(await response.json())
    },
  })
}

/** PUT /api/notifications/hubspot: HubSpot checks the token before it is kept. */
export async function connectHubspot(accessToken: string): Promise<HubspotConnection> {
  const response = await apiRequest('PUT', '/api/notifications/hubspot', { accessToken })
  return hubspotConnectionSchema.parse(await response.json())
}

/** DELETE /api/notifications/hubspot: the token and the links are forgotten. */
export async function disconnectHubspot(): Promise<HubspotConnection> {
  const response = await apiRequest('DELETE', '/api/notifications/hubspot')
  return hubspotConnectionSchema.parse(await response.json())
}

/** GET /api/notifications/hubspot/deals?q=: the deals whose name matches. */
export async function searchHubspotDeals(query: string, signal?: AbortSignal): Promise<HubspotDeal[]> {
  const response = await apiRequest(
    'GET',
    `/api/notifications/hubspot/deals?q=${encodeURIComponent(query)}`,
    undefined,
    signal ? { signal } : {},
  )
  return hubspotDealsSchema.parse(await response.json())
}

export const hubspotLinkQueryKey = (proposalId: string) => ['/api/notifications/hubspot/links', proposalId] as const

/** GET /api/notifications/hubspot/links/:proposalId: the proposal's deal, or null when it has none. */
export function hubspotLinkQueryOptions(proposalId: string) {
  return queryOptions({
    queryKey: hubspotLinkQueryKey(proposalId),
    queryFn: async ({ signal }): Promise<HubspotLink | null> => {
      try {
        const response = await apiRequest('GET', `/api/notifications/hubspot/links/${encodeURIComponent(proposalId)}`, undefined, {
          signal,
        })
        return hubspotLinkSchema.parse(await response.json())
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
  })
}

export async function linkHubspotDeal(proposalId: string, dealId: string): Promise<HubspotLink> {
  const response = await apiRequest('PUT', `/api/notifications/hubspot/links/${encodeURIComponent(proposalId)}`, { dealId })
  return hubspotLinkSchema.parse(await response.json())
}

export async function unlinkHubspotDeal(proposalId: string): Promise<void> {
  await apiRequest('DELETE', `/api/notifications/hubspot/links/${encodeURIComponent(proposalId)}`)
}
