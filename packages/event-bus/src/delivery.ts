import { fromBinary, type DescMessage } from '@bufbuild/protobuf'
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api'
import type { EventHandler, EventType } from './types.ts'

/** An event as a transport received it, before decoding. */
export interface IncomingEvent {
  id: string
  subject: string
  payload: Uint8Array
  headers: Record<string, string>
  occurredAt: Date
  deliveryCount: number
}

export type DeliveryOutcome =
  | { status: 'handled' }
  /** The handler threw: deliver again later. */
  | { status: 'failed'; error: unknown }
  /** The payload does not decode: redelivering cannot help. */
  | { status: 'undecodable'; error: unknown }

export interface DeliverEventProps<Desc extends DescMessage> {
  type: EventType<Desc>
  handler: EventHandler<Desc>
  event: IncomingEvent
  /** `messaging.system` of the span: 'nats' or 'in_process'. */
  system: string
  /** The durable name, when the subscription has one. */
  durable?: string
}

/**
 * Decodes an event and runs its handler inside a CONSUMER span whose parent is the trace context
 * carried in the event's headers, so one trace follows request → event → consumer.
 */
export function deliverEvent<Desc extends DescMessage>(props: DeliverEventProps<Desc>): Promise<DeliveryOutcome> {
  const { type, handler, event, system, durable } = props
  // Extract onto the root context: the transport's own async context (a publish call, a relay
  // loop) must not become the consumer's parent.
  const parent = propagation.extract(ROOT_CONTEXT, event.headers)
  return context.with(parent, () =>
    trace.getTracer('event-bus').startActiveSpan(
      `process ${event.subject}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': system,
          'messaging.operation.type': 'process',
          'messaging.destination.name': event.subject,
          'messaging.message.id': event.id,
          'valueproof.event.delivery_count': event.deliveryCount,
          ...(durable === undefined ? {} : { 'messaging.consumer.group.name': durable }),
        },
      },
      async (span): Promise<DeliveryOutcome> => {
        try {
          let message
          try {
            message = fromBinary(type.schema, event.payload)
          } catch (error) {
            span.recordException(error instanceof Error ? error : String(error))
            span.setStatus({ code: SpanStatusCode.ERROR, message: 'undecodable event payload' })
            return { status: 'undecodable', error }
          }
          try {
            await handler({
              id: event.id,
              subject: event.subject,
              message,
              headers: event.headers,
              occurredAt: event.occurredAt,
              deliveryCount: event.deliveryCount,
            })
            return { status: 'handled' }
          } catch (error) {
            span.recordException(error instanceof Error ? error : String(error))
            span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) })
            return { status: 'failed', error }
          }
        } finally {
          span.end()
        }
      },
    ),
  )
}
