// The one rate limiter of every service (docs/decisions/125): a fixed window of `points` slots per
// key, taken before the work it limits, from rate-limiter-flexible. Limits that must hold across
// replicas keep their windows in the service's own database (RateLimiterPrisma: one upsert per
// take, whose row lock orders a concurrent burst); limits a replica may keep alone (a script's
// beacons) keep them in memory. Either way a caller sees one shape: `take`, `giveBack`, and the
// same 429 with Retry-After when a window is full.
import { errors, type HttpError } from '@valueproof/http-kit'
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

/** At most `points` takes of one key in a fixed window of `windowMs` that starts with the first take. */
export interface RateLimit {
  /** Distinguishes this limit's windows from others kept in the same table. */
  name: string
  points: number
  windowMs: number
  /** What a refusal says, before "Please try again in …". */
  message: string
  /** The refusal's stable error id. */
  errorId: string
  /**
   * Once a key's window is full, refuse it from this replica's memory until the window ends, so a
   * flood costs the store nothing more. Only for limits whose slots are never given back (a slot
   * given back elsewhere would not reopen this replica's memory).
   */
  refuseFromMemoryOnceFull?: boolean
}

/** A slot taken: to give back (an attempt that turned out right, or was refused by a later limit). */
export interface TakenSlot {
  key: string
  /** When the window the slot was taken in ends (ms since the epoch); a later window owes it nothing. */
  windowEndsAt: number
}

export interface RateLimiter {
  readonly limit: RateLimit
  /** Takes one slot of the key's window, or throws 429 with Retry-After when it is full. */
  take(key: string): Promise<TakenSlot>
  /** Gives a slot back to the window it was taken in (nothing, once that window has ended). */
  giveBack(slot: TakenSlot): Promise<void>
}

/**
 * The rows rate-limiter-flexible keeps (`key` primary key, `points` int, `expire` timestamp) as a
 * Prisma model's delegate: each service declares such a model (`model RateLimit`) in its schema.
 */
export interface RateLimitRows {
  upsert(args: unknown): PromiseLike<unknown>
  findFirst(args: unknown): PromiseLike<unknown>
  deleteMany(args: { where: { key?: string; expire?: { lte?: Date; lt?: Date } } }): PromiseLike<{ count: number }>
}

/** Where windows are kept: the service's database (shared by its replicas), or this replica's memory. */
export type RateLimitStore = { kind: 'database'; rows: RateLimitRows } | { kind: 'memory' }

/** A wait as the refusal messages say it: seconds up to two minutes, then minutes (rounded up). */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  return seconds < 120 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`
}

/** The one refusal every limit answers: 429, the wait in words, and Retry-After in seconds. */
export function tooManyAttempts(message: string, retryAfterMs: number, errorId: string): HttpError {
  return errors.tooManyRequests(`${message} Please try again in ${waitInWords(retryAfterMs)}.`, retryAfterMs / 1000, errorId)
}

function libraryLimiter(limit: RateLimit, store: RateLimitStore): RateLimiterAbstract {
  const options = {
    keyPrefix: limit.name,
    points: limit.points,
    duration: limit.windowMs / 1000,
    ...(limit.refuseFromMemoryOnceFull ? { inMemoryBlockOnConsumed: limit.points + 1 } : {}),
  }
  if (store.kind === 'memory') return new RateLimiterMemory(options)
  return new RateLimiterPrisma({
    ...options,
    // The library reads the delegate by name from its store client.
    storeClient: { rateLimit: store.rows },
    tableName: 'rateLimit',
    // Its own timer would outlive the service: the service's sweep calls deleteEndedWindows instead.
    clearExpiredByTimeout: false,
  })
}

export function createRateLimiter(limit: RateLimit, store: RateLimitStore): RateLimiter {
  if (!(limit.points >= 1) || !(limit.windowMs >= 1000)) throw new Error(`Rate limit "${limit.name}" needs ≥ 1 point and a window of ≥ 1 s`)
  const limiter = libraryLimiter(limit, store)
  return {
    limit,
    async take(key) {
      try {
        const taken = await limiter.consume(key)
        return { key, windowEndsAt: Date.now() + taken.msBeforeNext }
      } catch (rejection) {
        // A RateLimiterRes is a refusal; anything else is the store failing, answered as such.
        if (!(rejection instanceof RateLimiterRes)) throw rejection
        // The store counted the refused take too: it takes nothing, so a slot given back later
        // reopens the window (a refusal from memory counted nothing and undoes nothing).
        if (rejection.consumedPoints > limit.points) await limiter.reward(key)
        throw tooManyAttempts(limit.message, Math.max(1000, rejection.msBeforeNext), limit.errorId)
      }
    },
    async giveBack(slot) {
      if (slot.windowEndsAt <= Date.now()) return
      await limiter.reward(slot.key)
    },
  }
}

/** Deletes windows that have ended (they limit nothing any more); answers how many. */
export async function deleteEndedWindows(rows: Pick<RateLimitRows, 'deleteMany'>, now: Date): Promise<number> {
  const { count } = await rows.deleteMany({ where: { expire: { lte: now } } })
  return count
}
