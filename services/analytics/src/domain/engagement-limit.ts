import { ENGAGEMENT_BEACONS_PER_MINUTE } from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'

export const ENGAGEMENT_WINDOW_SECONDS = 60
export const TOO_MANY_BEACONS_MESSAGE = 'Too many engagement beacons from this visitor.'

export interface EngagementLimit {
  /** Takes one of the visitor's beacons in the current minute, or throws 429 with Retry-After. */
  take(visitorId: string): Promise<void>
}

/**
 * ENGAGEMENT_BEACONS_PER_MINUTE per visitor (the token's anonymous id) on this replica, in memory
 * (docs/decisions/111): a page sends one every HEARTBEAT_INTERVAL_MS at most, so the limit only
 * ever meets a script. Per replica is enough: the per-visit cap in the database bounds what a
 * visitor adds across replicas, and an engagement beacon must not cost a database round trip.
 */
export function engagementLimit(): EngagementLimit {
  const limiter = new RateLimiterMemory({
    keyPrefix: 'engagement',
    points: ENGAGEMENT_BEACONS_PER_MINUTE,
    duration: ENGAGEMENT_WINDOW_SECONDS,
  })
  return {
    async take(visitorId) {
      try {
        await limiter.consume(visitorId === '' ? 'no-visitor-id' : visitorId)
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
        throw errors.tooManyRequests(
          `${TOO_MANY_BEACONS_MESSAGE} Please try again in ${seconds} second(s).`,
          seconds,
          'engagement_throttled',
        )
      }
    },
  }
}
