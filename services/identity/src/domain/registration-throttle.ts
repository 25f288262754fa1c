import { rateLimiter, type ThrottleStore } from './throttle-store.ts'

export const REGISTRATION_WINDOW_MS = 3_600_000

/**
 * Takes one of the address's registrations of the hour before the password is hashed, or refuses
 * with 429 and Retry-After. Every attempt counts, a taken username too, so registration cannot be
 * used to probe for usernames at speed either.
 */
export async function reserveRegistration(store: ThrottleStore, props: { ip: string; perHour: number }): Promise<void> {
  const limiter = rateLimiter(store, {
    name: 'register',
    points: props.perHour,
    windowMs: REGISTRATION_WINDOW_MS,
    message: 'Too many accounts have been registered from your network.',
    errorId: 'registration_throttled',
  })
  await limiter.take(store.keyOf('register', props.ip))
}
