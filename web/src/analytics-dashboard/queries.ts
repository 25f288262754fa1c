import { queryOptions } from '@tanstack/react-query'
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_PRO_REQUIRED_CODE,
  analyticsOverviewSchema,
  analyticsProposalDetailSchema,
  proposalRecordSchema,
} from '@valueproof/contracts'
import { ApiError, apiRequest } from '../api.ts'
import { proposalsQueryKey } from '../queries/proposals.ts'

// The Pro dashboard's reads (issue 19). Every key starts with 'analytics': the live feed
// (src/live/proposal-viewed.ts) refetches them all when a prospect opens a proposal. Unlike the
// app's other queries they are stale at once: time and inputs keep arriving after the view that
// announced them, so coming back to the page asks again.

/** The ranges the page offers, in days; the answers accept 1 to ANALYTICS_MAX_DAYS. */
export const DASHBOARD_RANGES = [7, 30, 90, 365] as const
export type DashboardRange = (typeof DASHBOARD_RANGES)[number]
export const DEFAULT_RANGE: DashboardRange = DASHBOARD_RANGES.find((range) => range === ANALYTICS_DEFAULT_DAYS) ?? 30

/** A `days` search parameter as one of the page's ranges (the default for anything else). */
export function rangeOf(value: unknown): DashboardRange {
  return DASHBOARD_RANGES.find((range) => String(range) === String(value)) ?? DEFAULT_RANGE
}

export function overviewQueryOptions(days: DashboardRange) {
  return queryOptions({
    queryKey: ['analytics', 'overview', days] as const,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/api/analytics/overview?days=${days}`, undefined, { signal })
      return analyticsOverviewSchema.parse(await response.json())
    },
    staleTime: 0,
  })
}

export function proposalAnalyticsQueryOptions(proposalId: string, days: DashboardRange) {
  return queryOptions({
    queryKey: ['analytics', 'proposals', proposalId, days] as const,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/api/analytics/proposals/${encodeURIComponent(proposalId)}?days=${days}`, undefined, {
        signal,
      })
      return analyticsProposalDetailSchema.parse(await response.json())
    },
    staleTime: 0,
  })
}

/**
 * The owner's own proposal: the seller's values its calculator starts from, and who agreed to it
 * (the owner's answer alone names them). Read with the record's contract: the prospect page's
 * lighter reading leaves the owner's fields out.
 */
export function ownProposalQueryOptions(proposalId: string) {
  return queryOptions({
    queryKey: [...proposalsQueryKey, proposalId] as const,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `/api/proposals/${encodeURIComponent(proposalId)}`, undefined, { signal })
      return proposalRecordSchema.parse(await response.json())
    },
  })
}

/** A Free account's answer: the page shows what Pro would show, with the upgrade button. */
export function isProRequired(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false
  try {
    const body: unknown = JSON.parse(error.bodyText)
    return typeof body === 'object' && body !== null && 'code' in body && body.code === ANALYTICS_PRO_REQUIRED_CODE
  } catch {
    return false
  }
}
