import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { sessionAnswerSchema, userRecordSchema, type LoginBody, type RegisterBody, type UserRecord } from '@valueproof/contracts'
import { apiRequest } from '../api.ts'

/** The session's place in the cache: the current user, as SPEC §7's GET /api/user names it. */
export const userQueryKey = ['/api/user'] as const

/** Where the session is read: the user or null, a 200 either way (issue 36). */
const SESSION_URL = '/api/session'

/**
 * The session (SPEC §3, §4): the signed-in user's record, or null when signed out. Read from GET
 * /api/session rather than GET /api/user: the latter's 401 for a visitor is logged by every browser
 * as a failed request on each signed-out page, where the former says "null" with a 200.
 */
export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: async ({ signal }): Promise<UserRecord | null> => {
      const response = await apiRequest('GET', SESSION_URL, undefined, { signal })
      return sessionAnswerSchema.parse(await response.json()).user
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
