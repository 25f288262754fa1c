import { createHmac, hkdfSync } from 'node:crypto'
import { errors } from '@valueproof/http-kit'
import { RateLimiterPrisma, RateLimiterRes } from 'rate-limiter-flexible'
import type { PrismaClient } from '../db.ts'

/**
 * Demo interactions accepted from one client address per window (issue 18). A landing page view
 * sends one, so twenty a minute is far more than the people behind one address browse; past it the
 * call is refused (the page only logs that) and nothing is counted.
 */
export const DEMO_INTERACTIONS_PER_WINDOW = 20
export const DEMO_INTERACTION_WINDOW_SECONDS = 60

export const TOO_MANY_DEMO_INTERACTIONS_MESSAGE = 'Too many demo interactions from your network.'

export interface DemoInteractionLimit {
  /** Takes one of the client's slots in the current window, or throws 429 with Retry-After. */
  take(clientIp: string): Promise<void>
  /** Deletes the rows of ended windows (the limiter ignores them already); returns how many. */
  deleteEnded(now: Date): Promise<number>
}

/**
 * rate-limiter-flexible's RateLimiterPrisma over analytics' own `demo_interaction_limit` table, so
 * every replica counts against the same window and a concurrent burst is ordered by the row's
 * upsert. Keys are HMAC-SHA256 of the address under a key derived from GATEWAY_SIGNING_KEY (which
 * every service has): the table holds no address in any recoverable form. Once a client is over
 * the limit, its later requests in the window are refused from this replica's memory, so a flood
 * costs the database nothing more.
 */
export function demoInteractionLimit(props: { prisma: PrismaClient; signingKey: string }): DemoInteractionLimit {
  const hashKey = Buffer.from(hkdfSync('sha256', props.signingKey, 'valueproof', 'demo-interaction-limit v1', 32))
  const limiter = new RateLimiterPrisma({
    storeClient: props.prisma,
    // The model's delegate on the client (model DemoInteractionLimit).
    tableName: 'demoInteractionLimit',
    keyPrefix: 'demo',
    points: DEMO_INTERACTIONS_PER_WINDOW,
    duration: DEMO_INTERACTION_WINDOW_SECONDS,
    inMemoryBlockOnConsumed: DEMO_INTERACTIONS_PER_WINDOW + 1,
    // Its own timer would outlive the service; deleteEnded runs on the service's sweep instead.
    clearExpiredByTimeout: false,
  })
  return {
    async take(clientIp) {
      const key = createHmac('sha256', hashKey).update(clientIp, 'utf8').digest('base64url')
      try {
        await limiter.consume(key)
      } catch (rejection) {
        // A RateLimiterRes is a refusal; anything else is the database failing, answered as such.
        if (!(rejection instanceof RateLimiterRes)) throw rejection
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
        throw errors.tooManyRequests(
          `${TOO_MANY_DEMO_INTERACTIONS_MESSAGE} Please try again in ${seconds} second(s).`,
          seconds,
          'demo_interactions_throttled',
        )
      }
    },
    async deleteEnded(now) {
      const { count } = await props.prisma.demoInteractionLimit.deleteMany({ where: { expire: { lte: now } } })
      return count
    },
  }
}
