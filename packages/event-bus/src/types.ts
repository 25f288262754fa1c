import type { DescMessage, MessageShape } from '@bufbuild/protobuf'

/**
 * An event type: a NATS subject bound to the protobuf message (from proto/) that is its payload.
 * Defined once per event in `events.ts`; nothing else defines an event's shape.
 */
export interface EventType<Desc extends DescMessage = DescMessage> {
  /** e.g. 'identity.user.registered'; the first token is the owning service and its stream. */
  readonly subject: string
  readonly schema: Desc
}

/** An event as it travels: encoded payload plus headers (trace context lives in the headers). */
export interface EventEnvelope {
  /** Unique event id (UUID); used as the JetStream message id so duplicates are dropped. */
  id: string
  subject: string
  payload: Uint8Array
  /** W3C trace context (`traceparent`, `tracestate`) and anything else worth carrying. */
  headers: Record<string, string>
  occurredAt: Date
}

export interface DeliveredEvent<Desc extends DescMessage = DescMessage> {
  id: string
  subject: string
  message: MessageShape<Desc>
  headers: Record<string, string>
  occurredAt: Date
  /** 1 on first delivery, then 2, 3 ... on redeliveries (after a handler failure or a missed ack). */
  deliveryCount: number
}

export type EventHandler<Desc extends DescMessage = DescMessage> = (event: DeliveredEvent<Desc>) => Promise<void>

export interface SubscribeOptions<Desc extends DescMessage> {
  type: EventType<Desc>
  /**
   * Durable consumer name, stable across restarts (e.g. 'analytics.user-registered').
   * Every replica of one service shares it, so each event is handled once per service.
   * A new durable name also receives the events still retained (NATS: the stream's max age).
   * One durable name per event type: a second type under the same name is refused.
   * On NATS, characters other than letters, digits, '_' and '-' become '_' in the consumer name.
   * Omit for a per-process consumer that sees every event published from now on (e.g. each
   * gateway replica's cache).
   */
  durable?: string
  handler: EventHandler<Desc>
}

export interface Subscription {
  /**
   * Stops receiving, after the handler in progress finishes. A durable consumer stays (on NATS,
   * events keep accumulating for it until a replica subscribes again).
   */
  stop(): Promise<void>
}

/** One interface, two transports: NATS JetStream and in-process. */
export interface EventBus {
  /** Publishes an already-encoded envelope; resolves once the transport has stored it. */
  publish(envelope: EventEnvelope): Promise<void>
  /**
   * Resolves once events published from then on will reach the handler. When NATS cannot be
   * reached, it resolves anyway after the request timeout and the subscription starts when NATS
   * arrives, so a service starts while NATS is down. Handlers of one subscription run one at a
   * time; a failing handler gets the event again later, with backoff, up to the bus's maxDeliver.
   */
  subscribe<Desc extends DescMessage>(options: SubscribeOptions<Desc>): Promise<Subscription>
  /** Throws when the transport cannot be reached (used by /readyz). */
  ping(): Promise<void>
  /** Stops consumers after in-flight handlers finish, flushes, and closes the connection. */
  drain(): Promise<void>
}
