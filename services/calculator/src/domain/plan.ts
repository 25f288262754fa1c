import { type Plan } from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import type { PrismaClient, Tx } from '../db.ts'

/** The code of every 403 that upgrading to Pro would lift. */
export const PRO_PLAN_REQUIRED = 'pro_plan_required'

/** The plan as calculator generation knows it (identity's and billing's events); Free until told otherwise. */
export async function planOf(prisma: PrismaClient | Tx, userId: number): Promise<Plan> {
  const row = await prisma.userPlan.findUnique({ where: { userId }, select: { plan: true } })
  return row?.plan === 'pro' ? 'pro' : 'free'
}

/** 403 with `message` unless the user is on Pro. */
export async function requirePro(prisma: PrismaClient | Tx, userId: number, message: string): Promise<void> {
  if ((await planOf(prisma, userId)) !== 'pro') throw errors.forbidden(message, PRO_PLAN_REQUIRED)
}
