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

/** A limit per client address on one of the open track routes. */
export interface AddressLimit {
  /** Takes one of the client's slots in the current window, or throws 429 with Retry-After. */
  take(clientIp: string): Promise<void>
  /** Deletes the rows of ended windows, every route's (the limiter ignores them already); returns how many. */
  deleteEnded(now: Date): Promise<number>
}

/** Conversion events (SPEC §1: SIGN_UP, CTA_CLICK) accepted from one client address per window. */
export const CONVERSIONS_PER_WINDOW = 20
export const CONVERSION_WINDOW_SECONDS = 60
export const TOO_MANY_CONVERSIONS_MESSAGE = 'Too many conversion events from your network.'

interface AddressWindow {
  /** Distinguishes each route's windows in the shared table. */
  keyPrefix: string
  points: number
  durationSeconds: number
  message: string
  errorId: string
}

/**
 * rate-limiter-flexible's RateLimiterPrisma over analytics' own `demo_interaction_limit` table, so
 * every replica counts against the same window and a concurrent burst is ordered by the row's
 * upsert. Keys are HMAC-SHA256 of the address under a key derived from GATEWAY_SIGNING_KEY (which
 * every service has): the table holds no address in any recoverable form. Once a client is over
 * the limit, its later requests in the window are refused from this replica's memory, so a flood
 * costs the database nothing more.
 */
function addressWindowLimit(props: { prisma: PrismaClient; signingKey: string }, window: AddressWindow): AddressLimit {
  const hashKey = Buffer.from(hkdfSync('sha256', props.signingKey, 'valueproof', 'demo-interaction-limit v1', 32))
  const limiter = new RateLimiterPrisma({
    storeClient: props.prisma,
    // The model's delegate on the client (model DemoInteractionLimit).
    tableName: 'demoInteractionLimit',
    keyPrefix: window.keyPrefix,
    points: window.points,
    duration: window.durationSeconds,
    inMemoryBlockOnConsumed: window.points + 1,
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
        throw errors.tooManyRequests(`${window.message} Please try again in ${seconds} second(s).`, seconds, window.errorId)
      }
    },
    async deleteEnded(now) {
      const { count } = await props.prisma.demoInteractionLimit.deleteMany({ where: { expire: { lte: now } } })
      return count
    },
  }
}

/** The landing page's demo interactions, per client address (issue 18). */
export function demoInteractionLimit(props: { prisma: PrismaClient; signingKey: string }): AddressLimit {
  return addressWindowLimit(props, {
    keyPrefix: 'demo',
    points: DEMO_INTERACTIONS_PER_WINDOW,
    durationSeconds: DEMO_INTERACTION_WINDOW_SECONDS,
    message: TOO_MANY_DEMO_INTERACTIONS_MESSAGE,
    errorId: 'demo_interactions_throttled',
  })
}

/**
 * Conversion events, per client address (issue 19), in the same table under their own key prefix:
 * a page reports one per click, so twenty a minute is far more than people behind one address make.
 */
export function conversionLimit(props: { prisma: PrismaClient; signingKey: string }): AddressLimit {
  return addressWindowLimit(props, {
    keyPrefix: 'conversion',
    points: CONVERSIONS_PER_WINDOW,
    durationSeconds: CONVERSION_WINDOW_SECONDS,
    message: TOO_MANY_CONVERSIONS_MESSAGE,
    errorId: 'conversions_throttled',
  })
}
