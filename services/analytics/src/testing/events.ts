// Events as a consumer receives them, and the ids a proposal's page makes, for analytics' tests.
import { randomBytes, randomUUID } from 'node:crypto'
import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf'
import { decodeEvent, encodeEvent, type DeliveredEvent, type EventType } from '@valueproof/event-bus'

/** The event as its consumer gets it on first delivery (its own id unless one is given). */
export function delivered<Desc extends DescMessage>(
  type: EventType<Desc>,
  message: MessageInitShape<Desc>,
  options: { id?: string; occurredAt?: Date } = {},
): DeliveredEvent<Desc> {
  const envelope = encodeEvent(type, message, { occurredAt: options.occurredAt ?? new Date() })
  return {
    id: options.id ?? randomUUID(),
    subject: envelope.subject,
    message: decodeEvent(type, envelope),
    headers: {},
    occurredAt: envelope.occurredAt,
    deliveryCount: 1,
  }
}

/** A page view's random id, as the proposal page makes it (16 random bytes, base64url). */
export function newVisitId(): string {
  return randomBytes(16).toString('base64url')
}

/** A proposal id like the proposal service's (22 characters). */
export function newProposalId(): string {
  return randomBytes(16).toString('base64url')
}
