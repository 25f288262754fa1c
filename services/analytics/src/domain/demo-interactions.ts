import type { PrismaClient } from '../db.ts'
import { utcDay } from './days.ts'

/** Counts one landing-page demo interaction on its UTC day; nothing about who sent it is kept. */
export async function countDemoInteraction(prisma: PrismaClient, now: Date): Promise<void> {
  const day = utcDay(now)
  // One INSERT … ON CONFLICT DO UPDATE: concurrent interactions all count.
  await prisma.dailyDemoInteractions.upsert({
    where: { day },
    create: { day, count: 1 },
    update: { count: { increment: 1 } },
  })
}
