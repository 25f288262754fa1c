import type { QueryFunction, QueryKey } from '@tanstack/react-query'

/**
 * A non-OK answer from the API. `message` is SPEC §8's generic text, `${status}: ${body or statusText}`;
 * `serverMessage` is the `message` field of a JSON error body, for the places SPEC §7 says it is read.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'

  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly serverMessage: string | undefined,
  ) {
    super(`${status}: ${bodyText}`)
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The `message` field of a JSON error body, or undefined when there is none (SPEC §7 reads it). */
export function messageField(bodyText: string): string | undefined {
  try {
    const body: unknown = JSON.parse(bodyText)
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message.trim() === '' ? undefined : body.message
    }
  } catch {
    // Not JSON: there is no server message to read.
  }
  return undefined
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return
  const text = await response.text()
  throw new ApiError(response.status, text || response.statusText, messageField(text))
}

/**
 * The one way the web app calls the API: session credentials always, JSON bodies with their content
 * type, FormData as multipart, a Blob as raw bytes, and any non-OK answer thrown as an ApiError.
 */
export async function apiRequest(
  method: Method,
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<Response> {
  const request: RequestInit = { method, credentials: 'include', signal: init.signal ?? null }
  const headers: Record<string, string> = { ...init.headers }
  if (body instanceof FormData || body instanceof Blob) {
    // A Blob goes as raw bytes under the content type given in headers (an image upload).
    request.body = body
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    request.body = JSON.stringify(body)
  }
  if (Object.keys(headers).length > 0) request.headers = headers
  const response = await fetch(url, request)
  await throwIfNotOk(response)
  return response
}

/** The URL a query key names: its string and number parts joined by '/', e.g. ['/api/proposals', id]. */
export function urlOfQueryKey(queryKey: QueryKey): string {
  return queryKey.filter((part) => typeof part === 'string' || typeof part === 'number').join('/')
}

export type UnauthorizedBehavior = 'throw' | 'returnNull'

/**
 * SPEC §7's default data loader: GET the URL given by the query key with session credentials. A 401
 * throws unless the query asks for null (signed out) instead.
 */
export function getQueryFn(options: { on401: UnauthorizedBehavior }): QueryFunction<unknown> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(urlOfQueryKey(queryKey), { credentials: 'include', signal })
    if (options.on401 === 'returnNull' && response.status === 401) {
      // Read the answer to its end: an unread body keeps the request open (the page never goes idle).
      await response.text()
      return null
    }
    await throwIfNotOk(response)
    const data: unknown = await response.json()
    return data
  }
}
