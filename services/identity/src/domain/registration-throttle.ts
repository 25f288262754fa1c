import { errors } from '@valueproof/http-kit'
import { reserveInWindow, waitInWords, type ThrottleStore } from './fixed-windows.ts'

export const REGISTRATION_WINDOW_MS = 3_600_000

/**
 * Takes one of the address's registrations of the hour before the password is hashed, or refuses
 * with 429 and Retry-After. Every attempt counts, a taken username too, so registration cannot be
 * used to probe for usernames at speed either.
 */
export async function reserveRegistration(store: ThrottleStore, props: { ip: string; perHour: number; now: Date }): Promise<void> {
  const slot = await reserveInWindow(store, {
    key: store.keyOf('register', props.ip),
    limit: { attempts: props.perHour, windowMs: REGISTRATION_WINDOW_MS },
    now: props.now,
  })
  if (slot.reserved) return
  throw errors.tooManyRequests(
    `Too many accounts have been registered from your network. Please try again in ${waitInWords(slot.retryAfterMs)}.`,
    slot.retryAfterMs / 1000,
    'registration_throttled',
  )
}
