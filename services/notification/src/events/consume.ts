// Every consumer of this service has one shape: a durable subscription whose handler runs its
// effect once per event (consumeOnce), in the transaction that records the event.
import type { DescMessage } from '@bufbuild/protobuf'
import { consumeOnce, type DeliveredEvent, type EventType, type Subscription } from '@valueproof/event-bus'
import type { ServiceDeps } from '@valueproof/service-runtime'
import type { PrismaClient, Tx } from '../db.ts'

export type Consumer = (deps: ServiceDeps<PrismaClient>) => Promise<Subscription>

export interface EffectContext {
  dbSchema: string | undefined
}

export function consumer<Desc extends DescMessage>(
  type: EventType<Desc>,
  name: string,
  effect: (tx: Tx, event: DeliveredEvent<Desc>, context: EffectContext) => Promise<void>,
): Consumer {
  const durable = `notification.${name}`
  return (deps) =>
    deps.bus.subscribe({
      type,
      durable,
      handler: async (event) => {
        await consumeOnce(deps.prisma, { consumer: durable, eventId: event.id, schema: deps.dbSchema }, (tx) =>
          effect(tx, event, { dbSchema: deps.dbSchema }),
        )
      },
    })
}
