import { QueryClient } from '@tanstack/react-query'
import { getQueryFn } from './api.ts'

/**
 * Request defaults of SPEC §4 and §9: no automatic retry, no polling, no refetch on window focus,
 * and cached data never goes stale (queries refresh only when a mutation invalidates them).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  })
}
