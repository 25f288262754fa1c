import { queryOptions } from '@tanstack/react-query'
import { supportContactSchema } from '@valueproof/contracts'
import { apiRequest } from '../api.ts'

export const supportQueryKey = ['/api/support'] as const

/** GET /api/support: where 'Contact Support' goes; a Pro user gets the priority address and reply target. */
export function supportQueryOptions() {
  return queryOptions({
    queryKey: supportQueryKey,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/api/support', undefined, { signal })
      return supportContactSchema.parse(await response.json())
    },
  })
}
