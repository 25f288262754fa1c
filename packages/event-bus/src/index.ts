/**
 * @valueproof/event-bus — events between services (docs/decisions/020-event-bus-delivery.md).
 *
 * Producing, in the service's domain function:
 *   await prisma.$transaction(async (tx) => {
 *     const user = await tx.user.create({ data })
 *     await tx.outboxEvent.create({ data: outboxRecord(encodeEvent(userRegistered, { userId: user.id, ... })) })
 *   })
 *   relay.nudge()          // relay = new OutboxRelay({ db: prisma, bus, logger }); relay.start() at boot
 *
 * Consuming, one module per reaction:
 *   await bus.subscribe({
 *     type: userRegistered,
 *     durable: 'analytics.user-registered',
 *     handler: (event) => consumeOnce(prisma, { consumer: 'analytics.user-registered', eventId: event.id },
 *       (tx) => recordSignUp(tx, event.message)).then(() => {}),
 *   })
 *
 * Bus: createNatsEventBus({ servers, name, logger }) or createInProcessEventBus({ logger, journal });
 * connectEventBus(config, { name, logger, journal }) picks one from NATS_URL. The journal
 * (openEventJournal over the embedded stack's database) keeps the in-process bus's durable
 * deliveries across crashes and restarts (docs/decisions/117).
 * Shutdown: relay.stop(), then bus.drain().
 */
export type { DeliveredEvent, EventBus, EventEnvelope, EventHandler, EventType, SubscribeOptions, Subscription } from './types.ts'
export {
  decodeEvent,
  defineEvent,
  encodeEvent,
  eventCatalogue,
  owningService,
  sessionRevoked,
  emailVerificationRequested,
  userEmailChanged,
  calculatorGenerated,
  proposalCreated,
  proposalShared,
  proposalViewed,
  proposalRevoked,
  proposalDeleted,
  proposalAgreed,
  proposalAgreementReleased,
  proposalPdfDownloaded,
  subscriptionChanged,
  userProfileUpdated,
  userRegistered,
  type EncodeEventOptions,
} from './events.ts'
export { connectEventBus, type EventBusConfig } from './connect.ts'
export { createInProcessEventBus, type InProcessEventBusOptions } from './in-process.ts'
export { openEventJournal, type EventJournal, type JournalSql, type PendingDelivery } from './journal.ts'
export { createNatsEventBus, natsConsumerName, natsStreamName, natsSubject, type NatsEventBusOptions } from './nats.ts'
export {
  OutboxRelay,
  consumeOnce,
  outboxRecord,
  qualifiedTable,
  type ConsumeOnceResult,
  type OutboxRecord,
  type OutboxRelayOptions,
  type OutboxSqlClient,
  type TransactionRunner,
} from './outbox.ts'
export { defaultRedeliveryPolicy, type RedeliveryPolicy } from './redelivery.ts'
export type { EventBusLogger } from './logger.ts'
export { grantedPlan } from './plan.ts'
