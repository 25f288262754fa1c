import { qualifiedTable } from '@valueproof/db'
import { createRateLimiter, deleteEndedWindows, type RateLimit, type RateLimiter } from '@valueproof/rate-limit'
import { Prisma, type PrismaClient } from '../db.ts'
import type { ThrottleKeyOf } from './throttle-keys.ts'

/** Where throttle rows live: identity's client, the schema raw SQL must name, and the row keys' HMAC. */
export interface ThrottleStore {
  prisma: PrismaClient
  /** Identity's schema when its database is shared with other services. */
  dbSchema: string | undefined
  keyOf: ThrottleKeyOf
}

export function throttleTable(store: Pick<ThrottleStore, 'dbSchema'>, name: string): Prisma.Sql {
  return Prisma.raw(qualifiedTable(store.dbSchema, name))
}

/** The one rate limiter over identity's `rate_limit` table: every replica counts against the same windows. */
export function rateLimiter(store: Pick<ThrottleStore, 'prisma'>, limit: RateLimit): RateLimiter {
  return createRateLimiter(limit, { kind: 'database', rows: store.prisma.rateLimit })
}

/** Windows that have ended count nothing any more. */
export function deleteEndedRateLimits(store: Pick<ThrottleStore, 'prisma'>, now: Date): Promise<number> {
  return deleteEndedWindows(store.prisma.rateLimit, now)
}
