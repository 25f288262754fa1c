import { queryOptions } from '@tanstack/react-query'
import { listSavedCalculators } from '../calculator/saved-api.ts'

export const savedCalculatorsQueryKey = ['/api/calculators'] as const

/**
 * The calculators the calculator service keeps for the signed-in user (GET /api/calculators). The
 * generator screen keeps its own copy in its workspace; the home only needs to know what exists.
 */
export function savedCalculatorsQueryOptions() {
  return queryOptions({
    queryKey: savedCalculatorsQueryKey,
    queryFn: ({ signal }) => listSavedCalculators(signal),
  })
}
