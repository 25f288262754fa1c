import { createHmac, hkdfSync } from 'node:crypto'
import { createRateLimiter, deleteEndedWindows, type RateLimit } from '@valueproof/rate-limit'
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

/**
 * The one rate limiter over analytics' own `rate_limit` table, so every replica counts against the
 * same window. Keys are HMAC-SHA256 of the address under a key derived from GATEWAY_SIGNING_KEY
 * (which every service has): the table holds no address in any recoverable form.
 */
function addressWindowLimit(props: { prisma: PrismaClient; signingKey: string }, limit: RateLimit): AddressLimit {
  const hashKey = Buffer.from(hkdfSync('sha256', props.signingKey, 'valueproof', 'demo-interaction-limit v1', 32))
  // Nothing is given back on these routes: a client over its limit is refused from memory, free of database work.
  const limiter = createRateLimiter({ ...limit, refuseFromMemoryOnceFull: true }, { kind: 'database', rows: props.prisma.rateLimit })
  return {
    async take(clientIp) {
      await limiter.take(createHmac('sha256', hashKey).update(clientIp, 'utf8').digest('base64url'))
    },
    deleteEnded: (now) => deleteEndedWindows(props.prisma.rateLimit, now),
  }
}

/** The landing page's demo interactions, per client address (issue 18). */
export function demoInteractionLimit(props: { prisma: PrismaClient; signingKey: string }): AddressLimit {
  return addressWindowLimit(props, {
    name: 'demo',
    points: DEMO_INTERACTIONS_PER_WINDOW,
    windowMs: DEMO_INTERACTION_WINDOW_SECONDS * 1000,
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
    name: 'conversion',
    points: CONVERSIONS_PER_WINDOW,
    windowMs: CONVERSION_WINDOW_SECONDS * 1000,
    message: TOO_MANY_CONVERSIONS_MESSAGE,
    errorId: 'conversions_throttled',
  })
}
