import { consumeOnce, calculatorGenerated, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { CalculatorGeneratedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'

export const CONSUMER = 'identity.calculator-generated'

/**
 * Keeps the user record's calculatorsCreated (SPEC §3) in step with calculator generation's own
 * count. The event carries the count after the generation, so a late or repeated event never
 * lowers it and never counts twice.
 */
export async function handleCalculatorGenerated(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof CalculatorGeneratedSchema>,
): Promise<void> {
  const { userId, usageMonth, calculatorsCreated } = event.message
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { calculatorsMonth: true, calculatorsCreated: true } })
    if (!user) return
    // An event of an older month than the one recorded changes nothing.
    if (user.calculatorsMonth !== null && user.calculatorsMonth > usageMonth) return
    const sameMonth = user.calculatorsMonth === usageMonth
    await tx.user.update({
      where: { id: userId },
      data: {
        calculatorsMonth: usageMonth,
        calculatorsCreated: sameMonth ? Math.max(user.calculatorsCreated, calculatorsCreated) : calculatorsCreated,
      },
    })
  })
}

export function subscribeCalculatorGenerated(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: calculatorGenerated,
    durable: CONSUMER,
    handler: (event) => handleCalculatorGenerated(deps.prisma, deps.dbSchema, event),
  })
}
