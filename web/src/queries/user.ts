import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { userRecordSchema, type LoginBody, type RegisterBody, type UserRecord } from '@valueproof/contracts'
import { apiRequest, getQueryFn } from '../api.ts'

export const userQueryKey = ['/api/user'] as const

const loadUser = getQueryFn({ on401: 'returnNull' })

/** The session (SPEC §4): the signed-in user's record, or null when GET /api/user answers 401. */
export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: async (context): Promise<UserRecord | null> => {
      const body = await loadUser(context)
      return body === null ? null : userRecordSchema.parse(body)
    },
  })
}

async function readUser(response: Response): Promise<UserRecord> {
  const body: unknown = await response.json()
  return userRecordSchema.parse(body)
}

export async function login(body: LoginBody): Promise<UserRecord> {
  return readUser(await apiRequest('POST', '/api/login', body))
}

export async function register(body: RegisterBody): Promise<UserRecord> {
  return readUser(await apiRequest('POST', '/api/register', body))
}

/** SPEC §7: POST /api/logout with no body; the response is not read. */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/logout')
}

/**
 * Switches the session in the cache. Everything cached for the previous user is dropped first, so
 * the next user of this tab never sees it.
 */
export function setSessionUser(queryClient: QueryClient, user: UserRecord | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] })
  queryClient.setQueryData(userQueryKey, user)
}
