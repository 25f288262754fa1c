// The weekly digest: on Monday from 08:00 UTC, each seller who wants it and whose proposals were
// viewed in the week before gets one e-mail of views per proposal. Its id names the seller and the
// week, so however often and on however many replicas this runs, one is owed.
import { qualifiedTable } from '@valueproof/db'
import type { Tx } from '../db.ts'
import { oweMail } from './mail-queue.ts'

const DAY_MS = 86_400_000
export const DIGEST_HOUR_UTC = 8

/** The Monday (UTC) the last full week began, when a digest is due at `now`; undefined before Monday 08:00. */
export function digestWeekStart(now: Date): Date | undefined {
  if (now.getUTCDay() !== 1 || now.getUTCHours() < DIGEST_HOUR_UTC) return undefined
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return new Date(monday - 7 * DAY_MS)
}

export async function oweWeeklyDigests(tx: Tx, props: { now: Date; dbSchema: string | undefined }): Promise<number> {
  const weekStart = digestWeekStart(props.now)
  if (weekStart === undefined) return 0
  const weekEnd = new Date(weekStart.getTime() + 7 * DAY_MS)
  const rows = await tx.$queryRawUnsafe<Array<{ owner_user_id: number; proposal_id: string; title: string; views: bigint }>>(
    `SELECT p.owner_user_id, p.id AS proposal_id, p.title, SUM(d.views) AS views
       FROM ${qualifiedTable(props.dbSchema, 'daily_views')} d
       JOIN ${qualifiedTable(props.dbSchema, 'proposal')} p ON p.id = d.proposal_id AND p.deleted_at IS NULL
       JOIN ${qualifiedTable(props.dbSchema, 'seller')} s ON s.user_id = p.owner_user_id AND s.weekly_digest AND s.email IS NOT NULL
      WHERE d.day >= $1::date AND d.day < $2::date
      GROUP BY p.owner_user_id, p.id, p.title
      ORDER BY p.owner_user_id, views DESC, p.title`,
    weekStart,
    weekEnd,
  )
  const bySeller = new Map<number, Array<{ proposalId: string; title: string; views: number }>>()
  for (const row of rows) {
    const list = bySeller.get(row.owner_user_id) ?? []
    list.push({ proposalId: row.proposal_id, title: row.title, views: Number(row.views) })
    bySeller.set(row.owner_user_id, list)
  }
  const week = weekStart.toISOString().slice(0, 10)
  let owed = 0
  for (const [userId, proposals] of bySeller) {
    if (await oweMail(tx, { id: `weekly_digest-${userId}-${week}`, userId, kind: 'weekly_digest', data: { weekStart: week, proposals } }))
      owed += 1
  }
  return owed
}
