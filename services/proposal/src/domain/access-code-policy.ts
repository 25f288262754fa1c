import { createHmac } from 'node:crypto'
import { qualifiedTable, type WindowLimit } from '@valueproof/db'
import { errors } from '@valueproof/http-kit'
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
  address: WindowLimit
  /** Wrong codes from all addresses per short window. */
  ceiling: WindowLimit
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

export function throttleTable(store: Pick<CodeThrottleStore, 'dbSchema'>, table: 'access_code_throttle' | 'access_code_delay'): string {
  return qualifiedTable(store.dbSchema, table)
}

/** '45 second(s)' under two minutes, else '15 minute(s)'. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  return seconds < 120 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`
}

/** 429 with Retry-After; the message names the limit (one visitor's, the network's, everyone's) and the wait. */
export function tooManyAttempts(scope: 'visitor' | 'address' | 'ceiling', retryAfterMs: number) {
  const reason = {
    visitor: { text: 'Too many access code attempts for this proposal.', id: 'access_code_throttled' },
    address: { text: 'Too many access code attempts for this proposal from your network.', id: 'access_code_address_throttled' },
    ceiling: { text: 'Too many access code attempts for this proposal right now.', id: 'access_code_ceiling' },
  }[scope]
  return errors.tooManyRequests(`${reason.text} Please try again in ${waitInWords(retryAfterMs)}.`, retryAfterMs / 1000, reason.id)
}
