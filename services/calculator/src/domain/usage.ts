import { CALCULATOR_LIMITS, usageMonth, type Plan } from '@valueproof/contracts'
import { qualifiedTable } from '@valueproof/event-bus'
import { errors } from '@valueproof/http-kit'
import type { PrismaClient, Tx } from '../db.ts'
import { planOf } from './plan.ts'

export interface Allowance {
  plan: Plan
  limit: number
  month: string
  used: number
}

export function limitReachedMessage(plan: Plan, limit: number): string {
  return plan === 'pro'
    ? `You have used all ${limit} calculators of this month on the Pro plan. Your allowance starts again on the 1st of next month (UTC).`
    : `You have used all ${limit} calculators of this month on the Free plan. Upgrade to Pro for up to ${CALCULATOR_LIMITS.pro} calculators per month, or wait until the 1st of next month (UTC).`
}

/** The user's allowance this month, before any work is done. */
export async function currentAllowance(prisma: PrismaClient, userId: number, now: Date): Promise<Allowance> {
  const month = usageMonth(now)
  const [plan, usage] = await Promise.all([
    planOf(prisma, userId),
    prisma.usageMonth.findUnique({ where: { userId_month: { userId, month } }, select: { count: true } }),
  ])
  return { plan, limit: CALCULATOR_LIMITS[plan], month, used: usage?.count ?? 0 }
}

/** 403 when nothing is left this month. */
export function assertAllowanceLeft(allowance: Allowance): void {
  if (allowance.used >= allowance.limit)
    throw errors.forbidden(limitReachedMessage(allowance.plan, allowance.limit), 'calculator_limit_reached')
}

/**
 * Counts one successful generation inside the caller's transaction, only while the month's count is
 * under the limit: two generations racing for the last one cannot both be counted. Returns the
 * count after this one, or throws 403 (the caller's transaction then stores nothing).
 */
export async function countGeneration(
  tx: Tx,
  props: { userId: number; month: string; plan: Plan; limit: number; dbSchema: string | undefined },
): Promise<number> {
  const table = qualifiedTable('usage_month', props.dbSchema)
  const rows = await tx.$queryRawUnsafe<Array<{ count: number }>>(
    `INSERT INTO ${table} AS usage (user_id, month, count, updated_at) VALUES ($1, $2, 1, now())
     ON CONFLICT (user_id, month) DO UPDATE SET count = usage.count + 1, updated_at = now() WHERE usage.count < $3
     RETURNING count`,
    props.userId,
    props.month,
    props.limit,
  )
  const [counted] = rows
  if (counted === undefined) throw errors.forbidden(limitReachedMessage(props.plan, props.limit), 'calculator_limit_reached')
  return Number(counted.count)
}
