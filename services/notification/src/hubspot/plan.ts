// The seller's plan as billing decided it: HubSpot is Pro's. Versioned like analytics' projection
// (decision 105): only a newer version than the one applied changes the row, so events delivered
// late, twice or concurrently never move the plan back. A sign-up carries the plan at version 0, so
// any subscription change outranks it.
import type { PrismaClient, Tx } from '../db.ts'

export async function projectPlan(tx: Tx, change: { userId: number; plan: 'free' | 'pro'; version: number }): Promise<void> {
  const planVersion = BigInt(change.version)
  await tx.sellerPlan.createMany({ data: [{ userId: change.userId, plan: change.plan, planVersion }], skipDuplicates: true })
  await tx.sellerPlan.updateMany({
    where: { userId: change.userId, planVersion: { lt: planVersion } },
    data: { plan: change.plan, planVersion },
  })
}

export async function isPro(db: PrismaClient | Tx, userId: number): Promise<boolean> {
  const row = await db.sellerPlan.findUnique({ where: { userId }, select: { plan: true } })
  return row?.plan === 'pro'
}
