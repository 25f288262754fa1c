export type {
  DeliveredEvent,
  EventBus,
  EventEnvelope,
  EventHandler,
  EventType,
  SubscribeOptions,
  Subscription,
} from './types.ts'
export {
  decodeEvent,
  defineEvent,
  encodeEvent,
  eventCatalogue,
  owningService,
  sessionRevoked,
  userProfileUpdated,
  userRegistered,
  type EncodeEventOptions,
} from './events.ts'
export { createInProcessEventBus, type InProcessEventBusOptions } from './in-process.ts'
export {
  createNatsEventBus,
  natsConsumerName,
  natsStreamName,
  natsSubject,
  type NatsEventBusOptions,
} from './nats.ts'
export {
  OutboxRelay,
  consumeOnce,
  outboxRecord,
  type ConsumeOnceResult,
  type OutboxRecord,
  type OutboxRelayOptions,
  type OutboxSqlClient,
  type TransactionRunner,
} from './outbox.ts'
export { defaultRedeliveryPolicy, type RedeliveryPolicy } from './redelivery.ts'
export type { EventBusLogger } from './logger.ts'
