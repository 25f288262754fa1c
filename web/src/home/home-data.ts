import { useQuery } from '@tanstack/react-query'
import { savedCalculatorsQueryOptions } from '../queries/calculators.ts'
import { proposalsQueryOptions } from '../queries/proposal-list.ts'
import { userQueryOptions } from '../queries/user.ts'

/**
 * Data the home read less than this long ago is not read again when it opens. What it shows changes
 * elsewhere (calculators generated on another screen, prospects opening links), so the cache's usual
 * infinite freshness (SPEC §9) would show a stale home; this window only spares the page load itself,
 * whose session request has just answered, a second identical request.
 */
export const HOME_DATA_FRESH_MS = 2_000

/**
 * The home's data: the user record is read again (usage this month), and the proposals and kept
 * calculators are loaded or refreshed, each on its own so one failure does not hide the rest.
 */
export function useHomeData() {
  useQuery({ ...userQueryOptions(), staleTime: HOME_DATA_FRESH_MS })
  const proposals = useQuery({ ...proposalsQueryOptions(), staleTime: HOME_DATA_FRESH_MS })
  const calculators = useQuery({ ...savedCalculatorsQueryOptions(), staleTime: HOME_DATA_FRESH_MS })
  return { proposals, calculators }
}
