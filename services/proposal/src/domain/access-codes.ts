import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { errors } from '@valueproof/service-kit'
import { Prisma, type PrismaClient } from '../db.ts'

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

type Reservation = { reserved: true; windowStart: Date } | { reserved: false; retryAfterMs: number }

/**
 * Takes one slot of a key's fixed window, or refuses when it is full, in one statement: the upsert's
 * row lock orders concurrent callers, so no more than the limit get a slot. A refusal takes nothing.
 */
async function reserveInWindow(
  store: CodeThrottleStore,
  props: { key: string; attempts: number; windowMs: number; now: Date },
): Promise<Reservation> {
  const { key, now } = props
  const table = Prisma.raw(store.dbSchema ? `"${store.dbSchema}".access_code_throttle` : 'access_code_throttle')
  const ended = new Date(now.getTime() - props.windowMs)
  const rows = await store.prisma.$queryRaw<Array<{ reserved: boolean; window_start: Date }>>`
    WITH reserved AS (
      INSERT INTO ${table} AS throttle (key, attempts, window_start) VALUES (${key}, 1, ${now})
      ON CONFLICT (key) DO UPDATE SET
        attempts = CASE WHEN throttle.window_start <= ${ended} THEN 1 ELSE throttle.attempts + 1 END,
        window_start = CASE WHEN throttle.window_start <= ${ended} THEN ${now} ELSE throttle.window_start END
      WHERE throttle.window_start <= ${ended} OR throttle.attempts < ${props.attempts}
      RETURNING window_start)
    SELECT true AS reserved, window_start FROM reserved
    UNION ALL
    SELECT false AS reserved, window_start FROM ${table} WHERE key = ${key} AND NOT EXISTS (SELECT 1 FROM reserved)`
  const [row] = rows
  if (row?.reserved) return { reserved: true, windowStart: new Date(row.window_start) }
  // No row: refused by a row committed after this statement's snapshot, which its read cannot see.
  const windowEnds = (row ? new Date(row.window_start).getTime() : now.getTime()) + props.windowMs
  return { reserved: false, retryAfterMs: Math.max(1000, windowEnds - now.getTime()) }
}

async function releaseSlot(store: CodeThrottleStore, slot: { key: string; windowStart: Date }): Promise<void> {
  await store.prisma.accessCodeThrottle.updateMany({
    where: { key: slot.key, windowStart: slot.windowStart, attempts: { gt: 0 } },
    data: { attempts: { decrement: 1 } },
  })
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
