import {
  qualifiedTable,
  releaseWindowSlot as releaseSlot,
  reserveInWindow as reserveWindowSlot,
  type WindowLimit,
  type WindowReservation,
} from '@valueproof/db'
import { Prisma, type PrismaClient } from '../db.ts'
import type { ThrottleKeyOf } from './throttle-keys.ts'

/** Where throttle rows live: identity's client, the schema raw SQL must name, and the row keys' HMAC. */
export interface ThrottleStore {
  prisma: PrismaClient
  /** Identity's schema when its database is shared with other services. */
  dbSchema: string | undefined
  keyOf: ThrottleKeyOf
}

export type { WindowLimit, WindowReservation } from '@valueproof/db'

export function throttleTable(store: Pick<ThrottleStore, 'dbSchema'>, name: string): Prisma.Sql {
  return Prisma.raw(qualifiedTable(store.dbSchema, name))
}

/** One slot of a key's window in `throttle_window` (see @valueproof/db's reserveInWindow). */
export function reserveInWindow(store: ThrottleStore, props: { key: string; limit: WindowLimit; now: Date }): Promise<WindowReservation> {
  return reserveWindowSlot(store.prisma, { table: qualifiedTable(store.dbSchema, 'throttle_window'), ...props })
}

/** Gives a slot back (an attempt that turned out right, or was refused by a later limit). */
export function releaseWindowSlot(store: ThrottleStore, props: { key: string; windowStart: Date }): Promise<void> {
  return releaseSlot(store.prisma, { table: qualifiedTable(store.dbSchema, 'throttle_window'), ...props })
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
