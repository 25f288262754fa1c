import { queryOptions } from '@tanstack/react-query'
import {
  devMailboxSchema,
  notificationSettingsSchema,
  unsubscribeAnswerSchema,
  type DevMailbox,
  type NotificationSettings,
  type UnsubscribeAnswer,
  type UpdateNotificationSettingsBody,
} from '@valueproof/contracts'
import { ApiError, apiRequest } from '../api.ts'

// The seller's e-mail notifications (issue 39, decision 137): which kinds they get, the e-mails'
// unsubscribe link, and the development mailbox of `npm start` without an SMTP server.

export const notificationSettingsQueryKey = ['/api/notifications/settings'] as const

/** GET /api/notifications/settings: each kind of e-mail, on or off. */
export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', '/api/notifications/settings', undefined, { signal })
      return notificationSettingsSchema.parse(await response.json())
    },
  })
}

/** PUT /api/notifications/settings with the kinds to change; answers the whole set. */
export async function updateNotificationSettings(changes: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
  const response = await apiRequest('PUT', '/api/notifications/settings', changes)
  return notificationSettingsSchema.parse(await response.json())
}

const unsubscribePath = (token: string) => `/api/notifications/unsubscribe?${new URLSearchParams({ token }).toString()}`

/** GET /api/notifications/unsubscribe?token=: the kind of e-mail the link turns off, and whether it is already off. */
export function unsubscribeQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['/api/notifications/unsubscribe', token],
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', unsubscribePath(token), undefined, { signal })
      return unsubscribeAnswerSchema.parse(await response.json())
    },
  })
}

/** POST /api/notifications/unsubscribe?token=: turns that kind of e-mail off. */
export async function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  const response = await apiRequest('POST', unsubscribePath(token), {})
  return unsubscribeAnswerSchema.parse(await response.json())
}

/**
 * Whether the server refused the link itself (a missing, forged or unknown token), rather than
 * failed to answer or asked to be tried later (429).
 */
export function isRefusedLink(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429
}

export const devMailboxQueryKey = ['/api/dev/mailbox'] as const

/** GET /api/dev/mailbox: the local mailbox's e-mails; null when the page is off (404: mail goes to the SMTP server). */
export function devMailboxQueryOptions() {
  return queryOptions({
    queryKey: devMailboxQueryKey,
    queryFn: async ({ signal }): Promise<DevMailbox | null> => {
      try {
        const response = await apiRequest('GET', '/api/dev/mailbox', undefined, { signal })
        return devMailboxSchema.parse(await response.json())
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
  })
}
