import { BEACON_TOKEN_TTL_MS } from '@valueproof/contracts'
import { qualifiedTable } from '@valueproof/db'
import type { PrismaClient } from '../db.ts'

const DAY_MS = 86_400_000
/** Rows one statement deletes: a long backlog goes in short transactions, not one huge one. */
const DELETE_CHUNK = 5_000

/**
 * Deletes raw engagement events received more than `retentionDays` before `now` (decision 111):
 * the aggregates built from them stay. Answers how many were deleted.
 */
export async function deleteExpiredEngagement(
  prisma: PrismaClient,
  props: { dbSchema: string | undefined; now: Date; retentionDays: number },
): Promise<number> {
  const table = qualifiedTable(props.dbSchema, 'engagement_event')
  const cutoff = new Date(props.now.getTime() - props.retentionDays * DAY_MS).toISOString()
  let deleted = 0
  for (;;) {
    const count = await prisma.$executeRawUnsafe(
      `DELETE FROM ${table} WHERE ctid IN (
         SELECT ctid FROM ${table} WHERE received_at < $1::timestamptz AT TIME ZONE 'UTC' LIMIT ${DELETE_CHUNK})`,
      cutoff,
    )
    deleted += count
    if (count < DELETE_CHUNK) return deleted
  }
}

/** A token's binding outlives the token by this much (clocks of replicas may differ a little). */
const BINDING_MARGIN_MS = 3_600_000

/** Token bindings of expired tokens: no beacon can carry those tokens any more. Answers how many. */
export async function deleteExpiredTokenBindings(prisma: PrismaClient, props: { now: Date }): Promise<number> {
  const { count } = await prisma.visitToken.deleteMany({
    where: { boundAt: { lt: new Date(props.now.getTime() - BEACON_TOKEN_TTL_MS - BINDING_MARGIN_MS) } },
  })
  return count
}
