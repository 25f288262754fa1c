import { ENGAGEMENT_BEACONS_PER_MINUTE } from '@valueproof/contracts'
import { createRateLimiter } from '@valueproof/rate-limit'

export const ENGAGEMENT_WINDOW_SECONDS = 60
export const TOO_MANY_BEACONS_MESSAGE = 'Too many engagement beacons from this visitor.'

export interface EngagementLimit {
  /** Takes one of the visitor's beacons in the current minute, or throws 429 with Retry-After. */
  take(visitorId: string): Promise<void>
}

/**
 * ENGAGEMENT_BEACONS_PER_MINUTE per visitor (the token's anonymous id) on this replica, in the one
 * rate limiter's memory store (docs/decisions/111): a page sends one every HEARTBEAT_INTERVAL_MS at
 * most, so the limit only ever meets a script. Per replica is enough: the per-visit cap in the
 * database bounds what a visitor adds across replicas, and an engagement beacon must not cost a
 * database round trip.
 */
export function engagementLimit(): EngagementLimit {
  const limiter = createRateLimiter(
    {
      name: 'engagement',
      points: ENGAGEMENT_BEACONS_PER_MINUTE,
      windowMs: ENGAGEMENT_WINDOW_SECONDS * 1000,
      message: TOO_MANY_BEACONS_MESSAGE,
      errorId: 'engagement_throttled',
    },
    { kind: 'memory' },
  )
  return {
    async take(visitorId) {
      await limiter.take(visitorId === '' ? 'no-visitor-id' : visitorId)
    },
  }
}
