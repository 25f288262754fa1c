import { createInProcessEventBus } from './in-process.ts'
import type { EventJournal } from './journal.ts'
import type { EventBusLogger } from './logger.ts'
import { createNatsEventBus } from './nats.ts'
import type { EventBus } from './types.ts'

/** The variables a deployable finds its bus by (the gateway's and every service's config schema). */
export interface EventBusConfig {
  NATS_URL?: string | undefined
  /** Prefix for NATS subjects and streams; '' for none. */
  NATS_NAMESPACE: string
}

/**
 * The event bus a configuration asks for: NATS JetStream when NATS_URL is set, in-process otherwise
 * (with `journal`, the embedded stack's, its durable consumers' events survive the process).
 */
export function connectEventBus(config: EventBusConfig, props: { name: string; logger: EventBusLogger; journal?: EventJournal }): EventBus {
  if (config.NATS_URL) {
    return createNatsEventBus({
      servers: config.NATS_URL,
      name: props.name,
      logger: props.logger,
      namespace: config.NATS_NAMESPACE || undefined,
    })
  }
  return createInProcessEventBus({ logger: props.logger, ...(props.journal ? { journal: props.journal } : {}) })
}
