import type { PrismaClient, Tx } from '../db.ts'
import { utcDay } from './days.ts'

/**
 * What the product owner's view counts per UTC day besides sign-ups and demo interactions (which
 * have their own tables from before): one row per day and metric in `daily_count`.
 */
export const DAILY_METRICS = ['cta_click', 'calculator_generated', 'proposal_created', 'proposal_shared', 'prospect_view'] as const
export type DailyMetric = (typeof DAILY_METRICS)[number]

/** Counts one occurrence of `metric` on the UTC day of `at`; concurrent counts all count (one upsert). */
export async function countOnDay(db: Pick<PrismaClient | Tx, 'dailyCount'>, metric: DailyMetric, at: Date): Promise<void> {
  const day = utcDay(at)
  await db.dailyCount.upsert({
    where: { day_metric: { day, metric } },
    create: { day, metric, count: 1 },
    update: { count: { increment: 1 } },
  })
}
