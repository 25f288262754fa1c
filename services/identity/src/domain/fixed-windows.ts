import { Prisma, type PrismaClient } from '../db.ts'
import type { ThrottleKeyOf } from './throttle-keys.ts'

/** Where throttle rows live: identity's client, the schema raw SQL must name, and the row keys' HMAC. */
export interface ThrottleStore {
  prisma: PrismaClient
  /** Identity's schema when its database is shared with other services. */
  dbSchema: string | undefined
  keyOf: ThrottleKeyOf
}

/** At most `attempts` in a fixed window of `windowMs` that starts with the first attempt. */
export interface WindowLimit {
  attempts: number
  windowMs: number
}

export type WindowReservation = { reserved: true; windowStart: Date } | { reserved: false; retryAfterMs: number }

export function throttleTable(store: Pick<ThrottleStore, 'dbSchema'>, name: string): Prisma.Sql {
  return Prisma.raw(store.dbSchema ? `"${store.dbSchema}".${name}` : name)
}

/**
 * Takes one slot of a key's window, or refuses when the window is full, in one statement: the
 * upsert's row lock orders concurrent callers, so no more than the limit ever get a slot. A refused
 * attempt takes nothing. The window restarts with the first attempt after it ended.
 */
export async function reserveInWindow(
  store: ThrottleStore,
  props: { key: string; limit: WindowLimit; now: Date },
): Promise<WindowReservation> {
  const { key, limit, now } = props
  const table = throttleTable(store, 'throttle_window')
  const ended = new Date(now.getTime() - limit.windowMs)
  const rows = await store.prisma.$queryRaw<Array<{ reserved: boolean; window_start: Date }>>`
    WITH reserved AS (
      INSERT INTO ${table} AS w (key, attempts, window_start) VALUES (${key}, 1, ${now})
      ON CONFLICT (key) DO UPDATE SET
        attempts = CASE WHEN w.window_start <= ${ended} THEN 1 ELSE w.attempts + 1 END,
        window_start = CASE WHEN w.window_start <= ${ended} THEN ${now} ELSE w.window_start END
      WHERE w.window_start <= ${ended} OR w.attempts < ${limit.attempts}
      RETURNING window_start)
    SELECT true AS reserved, window_start FROM reserved
    UNION ALL
    SELECT false AS reserved, window_start FROM ${table} WHERE key = ${key} AND NOT EXISTS (SELECT 1 FROM reserved)`
  const [row] = rows
  if (row?.reserved) return { reserved: true, windowStart: new Date(row.window_start) }
  // No row: refused by a row committed after this statement's snapshot, which its read cannot see.
  const windowEnds = row ? new Date(row.window_start).getTime() + limit.windowMs : now.getTime() + limit.windowMs
  return { reserved: false, retryAfterMs: Math.max(1000, windowEnds - now.getTime()) }
}

/** Gives a slot back (an attempt that turned out right, or was refused by a later limit). */
export async function releaseWindowSlot(store: ThrottleStore, props: { key: string; windowStart: Date }): Promise<void> {
  const table = throttleTable(store, 'throttle_window')
  await store.prisma.$executeRaw`
    UPDATE ${table} SET attempts = attempts - 1
    WHERE key = ${props.key} AND window_start = ${props.windowStart} AND attempts > 0`
}

/** A wait as the refusal messages say it: seconds up to two minutes, then minutes (rounded up). */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  return seconds < 120 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`
}

/** Windows that ended at least `longestWindowMs` ago count nothing any more. */
export async function deleteEndedWindows(store: ThrottleStore, props: { longestWindowMs: number; now: Date }): Promise<number> {
  const { count } = await store.prisma.throttleWindow.deleteMany({
    where: { windowStart: { lte: new Date(props.now.getTime() - props.longestWindowMs) } },
  })
  return count
}
