import { timestampDate } from '@bufbuild/protobuf/wkt'
import { calculatorGenerated, consumeOnce, type DeliveredEvent, type Subscription } from '@valueproof/event-bus'
import type { CalculatorGeneratedSchema } from '@valueproof/proto'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient } from '../db.ts'
import { countOnDay } from '../domain/daily-counts.ts'

export const CONSUMER = 'analytics.calculator-generated'

/** Counts a generated calculator on its UTC day, once per event. */
export async function handleCalculatorGenerated(
  prisma: PrismaClient,
  dbSchema: string | undefined,
  event: DeliveredEvent<typeof CalculatorGeneratedSchema>,
): Promise<void> {
  const generatedAt = event.message.generatedAt ? timestampDate(event.message.generatedAt) : event.occurredAt
  await consumeOnce(prisma, { consumer: CONSUMER, eventId: event.id, schema: dbSchema }, (tx) =>
    countOnDay(tx, 'calculator_generated', generatedAt),
  )
}

export function subscribeCalculatorGenerated(deps: ServiceDeps<PrismaClient>): Promise<Subscription> {
  return deps.bus.subscribe({
    type: calculatorGenerated,
    durable: CONSUMER,
    handler: (event) => handleCalculatorGenerated(deps.prisma, deps.dbSchema, event),
  })
}
