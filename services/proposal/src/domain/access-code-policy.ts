import { createHmac } from 'node:crypto'
import { qualifiedTable } from '@valueproof/db'
import { createRateLimiter, tooManyAttempts as refusal, type RateLimiter } from '@valueproof/rate-limit'
import type { PrismaClient } from '../db.ts'

/**
 * Limits on wrong access codes (docs/decisions/100), each taken atomically BEFORE the code is
 * compared, so that one visitor's guessing never locks out the others behind the same address:
 * - one visitor (the gateway's visitor id, at one address): a few free failures, then each further
 *   attempt waits twice as long as the one before, up to a cap; attempts during the wait are refused
 *   uncompared. A right code clears the visitor;
 * - one address, all its visitors together, per window: against an attacker rotating visitor cookies;
 * - one proposal, all addresses, per short window: against many addresses guessing at once.
 * Every attempt counts until the right code gives its slots back, so the windows count wrong codes only.
 */
export interface AccessCodePolicy {
  /** Wrong codes one visitor may enter before each further attempt must wait. */
  freeFailures: number
  /** The wait after the first failure past the free ones; it doubles with each further failure. */
  firstDelayMs: number
  maxDelayMs: number
  /** A visitor with no attempt for this long starts afresh. */
  visitorMemoryMs: number
  /** Wrong codes from one address (all its visitors) per window. */
  address: { attempts: number; windowMs: number }
  /** Wrong codes from all addresses per short window. */
  ceiling: { attempts: number; windowMs: number }
}

/** The first wait is 2 s: the n-th attempt past the free ones comes 2^n seconds after the previous wrong one. */
export const ACCESS_CODE_FIRST_DELAY_MS = 2000
export const ACCESS_CODE_VISITOR_MEMORY_MS = 24 * 3_600_000

export function accessCodePolicy(config: {
  PROPOSAL_ACCESS_CODE_FREE_FAILURES: number
  PROPOSAL_ACCESS_CODE_MAX_DELAY_SECONDS: number
  PROPOSAL_ACCESS_CODE_ADDRESS_ATTEMPTS: number
  PROPOSAL_ACCESS_CODE_ADDRESS_WINDOW_MINUTES: number
  PROPOSAL_ACCESS_CODE_CEILING: number
  PROPOSAL_ACCESS_CODE_CEILING_SECONDS: number
}): AccessCodePolicy {
  return {
    freeFailures: config.PROPOSAL_ACCESS_CODE_FREE_FAILURES,
    firstDelayMs: ACCESS_CODE_FIRST_DELAY_MS,
    maxDelayMs: config.PROPOSAL_ACCESS_CODE_MAX_DELAY_SECONDS * 1000,
    visitorMemoryMs: ACCESS_CODE_VISITOR_MEMORY_MS,
    address: {
      attempts: config.PROPOSAL_ACCESS_CODE_ADDRESS_ATTEMPTS,
      windowMs: config.PROPOSAL_ACCESS_CODE_ADDRESS_WINDOW_MINUTES * 60_000,
    },
    ceiling: { attempts: config.PROPOSAL_ACCESS_CODE_CEILING, windowMs: config.PROPOSAL_ACCESS_CODE_CEILING_SECONDS * 1000 },
  }
}

/** The wait after a visitor's `failures`-th wrong code (from 1): none while free, then 2 s, 4 s, 8 s … up to the cap. */
export function accessCodeDelayMs(
  failures: number,
  policy: Pick<AccessCodePolicy, 'freeFailures' | 'firstDelayMs' | 'maxDelayMs'>,
): number {
  if (failures < policy.freeFailures) return 0
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failures - policy.freeFailures))
}

/** accessCodeDelayMs for 1, 2, … up to the first failure that waits the cap (every later one waits it too). */
export function accessCodeDelays(policy: Pick<AccessCodePolicy, 'freeFailures' | 'firstDelayMs' | 'maxDelayMs'>): number[] {
  const delays: number[] = []
  for (let failures = 1; ; failures += 1) {
    const delay = accessCodeDelayMs(failures, policy)
    delays.push(delay)
    if (delay >= policy.maxDelayMs) return delays
  }
}

/** Where the attempt rows live: the client, the schema raw SQL must name, the HMAC key of the row keys. */
export interface CodeThrottleStore {
  prisma: PrismaClient
  dbSchema: string | undefined
  /** ADDRESS_HASH_KEY */
  addressHashKey: string
}

/** Row keys: HMAC-SHA256 under ADDRESS_HASH_KEY, so no address or visitor id is stored in any recoverable form. */
export function throttleKey(store: Pick<CodeThrottleStore, 'addressHashKey'>, ...parts: string[]): string {
  return createHmac('sha256', store.addressHashKey).update(parts.join('\0'), 'utf8').digest('base64url')
}

export function throttleTable(store: Pick<CodeThrottleStore, 'dbSchema'>, table: 'access_code_delay'): string {
  return qualifiedTable(store.dbSchema, table)
}

/** What each limit says when it refuses (one visitor's, the network's, everyone's), and its error id. */
const REFUSALS = {
  visitor: { text: 'Too many access code attempts for this proposal.', id: 'access_code_throttled' },
  address: { text: 'Too many access code attempts for this proposal from your network.', id: 'access_code_address_throttled' },
  ceiling: { text: 'Too many access code attempts for this proposal right now.', id: 'access_code_ceiling' },
} as const

/** 429 with Retry-After; the message names the limit and the wait. */
export function tooManyAttempts(scope: keyof typeof REFUSALS, retryAfterMs: number) {
  return refusal(REFUSALS[scope].text, retryAfterMs, REFUSALS[scope].id)
}

/** The windows per address and per proposal: the one rate limiter over the service's `rate_limit` table. */
export function codeWindows(
  store: Pick<CodeThrottleStore, 'prisma'>,
  policy: AccessCodePolicy,
): Record<'address' | 'ceiling', RateLimiter> {
  const rows = { kind: 'database', rows: store.prisma.rateLimit } as const
  const limit = (scope: 'address' | 'ceiling', name: string) =>
    createRateLimiter(
      {
        name,
        points: policy[scope].attempts,
        windowMs: policy[scope].windowMs,
        message: REFUSALS[scope].text,
        errorId: REFUSALS[scope].id,
      },
      rows,
    )
  return { address: limit('address', 'code-address'), ceiling: limit('ceiling', 'code-proposal') }
}
