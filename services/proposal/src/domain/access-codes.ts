import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { errors } from '@valueproof/service-kit'
import { qualifiedTable, releaseWindowSlot, reserveInWindow as reserveWindowSlot, type WindowReservation } from '@valueproof/db'
import type { PrismaClient } from '../db.ts'

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}

/**
 * Whether the code a visitor entered is the proposal's. Both sides are hashed first, so the
 * comparison always covers 32 bytes and takes the same time whatever the lengths and contents.
 * Surrounding spaces of the entry do not count (codes are stored trimmed).
 */
export function accessCodeMatches(entered: string, stored: string): boolean {
  return timingSafeEqual(digest(entered.trim()), digest(stored))
}

/**
 * Attempts at a proposal's access code (docs/decisions/091), each taken atomically BEFORE the code
 * is compared: per proposal and client address in a fixed window (one visitor's guesses), and per
 * proposal from all addresses in a short window (a botnet's), so many addresses cannot guess at
 * scale while a prospect is refused for at most that short window.
 */
export interface AccessCodePolicy {
  attempts: number
  windowMs: number
  ceiling: number
  ceilingWindowMs: number
}

export const defaultAccessCodePolicy: AccessCodePolicy = { attempts: 10, windowMs: 15 * 60_000, ceiling: 20, ceilingWindowMs: 60_000 }

/** Where the attempt rows live: the client, the schema raw SQL must name, the HMAC key of the row keys. */
export interface CodeThrottleStore {
  prisma: PrismaClient
  dbSchema: string | undefined
  /** ADDRESS_HASH_KEY */
  addressHashKey: string
}

export const ACCESS_CODE_REQUIRED_MESSAGE = 'This proposal is protected by an access code. Enter the access code to open it.'
export const ACCESS_CODE_WRONG_MESSAGE = 'The access code is not correct. Check it and try again.'

/** Row keys: HMAC-SHA256 under ADDRESS_HASH_KEY, so no address is stored in any recoverable form. */
export function throttleKey(store: Pick<CodeThrottleStore, 'addressHashKey'>, ...parts: string[]): string {
  return createHmac('sha256', store.addressHashKey).update(parts.join('\0'), 'utf8').digest('base64url')
}

function attemptKeys(store: CodeThrottleStore, props: { proposalId: string; ip: string }) {
  return {
    pair: throttleKey(store, 'code-pair', props.proposalId, props.ip),
    proposal: throttleKey(store, 'code-proposal', props.proposalId),
  }
}

/** One slot of a key's fixed window in `access_code_throttle` (see @valueproof/db's reserveInWindow). */
function reserveInWindow(
  store: CodeThrottleStore,
  props: { key: string; attempts: number; windowMs: number; now: Date },
): Promise<WindowReservation> {
  const limit = { attempts: props.attempts, windowMs: props.windowMs }
  return reserveWindowSlot(store.prisma, {
    table: qualifiedTable(store.dbSchema, 'access_code_throttle'),
    key: props.key,
    limit,
    now: props.now,
  })
}

function releaseSlot(store: CodeThrottleStore, slot: { key: string; windowStart: Date }): Promise<void> {
  return releaseWindowSlot(store.prisma, { table: qualifiedTable(store.dbSchema, 'access_code_throttle'), ...slot })
}

function inWords(ms: number, unit: 'second' | 'minute'): string {
  const count = Math.max(1, Math.ceil(ms / (unit === 'second' ? 1000 : 60_000)))
  return `${count} ${unit}(s)`
}

/** A reserved attempt: what the right code gives back. */
export interface CodeAttempt {
  pair: { key: string; windowStart: Date }
  proposal: { key: string; windowStart: Date }
}

/** Reserves one attempt at a proposal's code under both limits, or throws 429 with Retry-After. */
export async function reserveCodeAttempt(
  store: CodeThrottleStore,
  props: { proposalId: string; ip: string; policy: AccessCodePolicy; now?: Date },
): Promise<CodeAttempt> {
  const now = props.now ?? new Date()
  const keys = attemptKeys(store, props)
  const pair = await reserveInWindow(store, { key: keys.pair, attempts: props.policy.attempts, windowMs: props.policy.windowMs, now })
  if (!pair.reserved) {
    throw errors.tooManyRequests(
      `Too many access code attempts for this proposal. Please try again in ${inWords(pair.retryAfterMs, 'minute')}.`,
      pair.retryAfterMs / 1000,
      'access_code_throttled',
    )
  }
  const proposal = await reserveInWindow(store, {
    key: keys.proposal,
    attempts: props.policy.ceiling,
    windowMs: props.policy.ceilingWindowMs,
    now,
  })
  if (!proposal.reserved) {
    // Refused by the ceiling: this address's attempt was not used.
    await releaseSlot(store, { key: keys.pair, windowStart: pair.windowStart })
    throw errors.tooManyRequests(
      `Too many access code attempts for this proposal right now. Please try again in ${inWords(proposal.retryAfterMs, 'second')}.`,
      proposal.retryAfterMs / 1000,
      'access_code_ceiling',
    )
  }
  return { pair: { key: keys.pair, windowStart: pair.windowStart }, proposal: { key: keys.proposal, windowStart: proposal.windowStart } }
}

/** The right code was entered: the address starts afresh for this proposal, and the proposal's slot goes back. */
export async function codeAccepted(store: CodeThrottleStore, attempt: CodeAttempt): Promise<void> {
  await store.prisma.accessCodeThrottle.deleteMany({ where: { key: attempt.pair.key } })
  await releaseSlot(store, attempt.proposal)
}

/** Rows whose window has ended count nothing any more. */
export async function deleteEndedCodeWindows(prisma: PrismaClient, props: { policy: AccessCodePolicy; now?: Date }): Promise<number> {
  const now = props.now ?? new Date()
  const longestWindowMs = Math.max(props.policy.windowMs, props.policy.ceilingWindowMs)
  const { count } = await prisma.accessCodeThrottle.deleteMany({
    where: { windowStart: { lte: new Date(now.getTime() - longestWindowMs) } },
  })
  return count
}
