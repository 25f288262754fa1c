import type { QueryClient } from '@tanstack/react-query'
import type { UserRecord } from '@valueproof/contracts'
import { monthlyUsage } from '../home/usage.ts'
import { userQueryOptions } from '../queries/user.ts'

/**
 * Whether Generate can go on (issue 36): with the month's calculators used up, the screen says so
 * with the way to Pro before asking for a calculator type. The server still decides (403); this
 * spares the seller choosing a type, and an upload, for a refusal.
 */

/** The sentence for a user with nothing left this month, or undefined while calculators are left. */
export function limitMessageOf(user: Pick<UserRecord, 'plan' | 'calculatorsCreated' | 'calculatorsLimit'> | null): string | undefined {
  if (user === null) return undefined
  const usage = monthlyUsage(user)
  return usage.level === 'reached' ? usage.message : undefined
}

/** Reads the user record again (the month's count changes on every generation); undefined when it cannot be read. */
export async function monthUsedUp(queryClient: QueryClient): Promise<string | undefined> {
  try {
    return limitMessageOf(await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 }))
  } catch (error) {
    console.warn('The month’s usage could not be read before generating.', error)
    return undefined
  }
}
