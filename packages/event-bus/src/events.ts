import { randomUUID } from 'node:crypto'
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf'
import { SpanKind, context, propagation, trace } from '@opentelemetry/api'
import {
  CalculatorGeneratedSchema,
  EmailVerificationRequestedSchema,
  ProposalAgreedSchema,
  ProposalAgreementReleasedSchema,
  ProposalCreatedSchema,
  ProposalDeletedSchema,
  ProposalPdfDownloadedSchema,
  ProposalRevokedSchema,
  ProposalSharedSchema,
  ProposalViewedSchema,
  SessionRevokedSchema,
  SubscriptionChangedSchema,
  UserEmailChangedSchema,
  UserProfileUpdatedSchema,
  UserRegisteredSchema,
} from '@valueproof/proto'
import type { EventEnvelope, EventType } from './types.ts'

const subjectPattern = /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Binds a subject to its protobuf payload. The subject's first token names the owning service. */
export function defineEvent<Desc extends DescMessage>(subject: string, schema: Desc): EventType<Desc> {
  if (!subjectPattern.test(subject)) {
    throw new Error(`Event subject "${subject}" must be dot-separated lower-case tokens, e.g. "identity.user.registered"`)
  }
  return Object.freeze({ subject, schema })
}

/** The service that owns (publishes) an event: the subject's first token. */
export function owningService(subject: string): string {
  const [service] = subject.split('.')
  if (!service) throw new Error(`Event subject "${subject}" has no owning service`)
  return service
}

// The event catalogue: every event the system publishes, one line each.
export const userRegistered = defineEvent('identity.user.registered', UserRegisteredSchema)
export const userProfileUpdated = defineEvent('identity.user.profile_updated', UserProfileUpdatedSchema)
export const sessionRevoked = defineEvent('identity.session.revoked', SessionRevokedSchema)
export const emailVerificationRequested = defineEvent('identity.user.email_verification_requested', EmailVerificationRequestedSchema)
export const userEmailChanged = defineEvent('identity.user.email_changed', UserEmailChangedSchema)
export const calculatorGenerated = defineEvent('calculator.calculator.generated', CalculatorGeneratedSchema)
export const proposalCreated = defineEvent('proposal.proposal.created', ProposalCreatedSchema)
export const proposalShared = defineEvent('proposal.proposal.shared', ProposalSharedSchema)
export const proposalViewed = defineEvent('proposal.proposal.viewed', ProposalViewedSchema)
export const proposalRevoked = defineEvent('proposal.proposal.revoked', ProposalRevokedSchema)
export const proposalDeleted = defineEvent('proposal.proposal.deleted', ProposalDeletedSchema)
export const proposalAgreed = defineEvent('proposal.proposal.agreed', ProposalAgreedSchema)
export const proposalAgreementReleased = defineEvent('proposal.proposal.agreement_released', ProposalAgreementReleasedSchema)
export const proposalPdfDownloaded = defineEvent('proposal.proposal.pdf_downloaded', ProposalPdfDownloadedSchema)
export const subscriptionChanged = defineEvent('billing.subscription.changed', SubscriptionChangedSchema)

export const eventCatalogue = [
  userRegistered,
  userProfileUpdated,
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
] as const

export interface EncodeEventOptions {
  /** Defaults to a new random UUID; pass one only to re-create a known event. */
  id?: string
  /** Defaults to now (never earlier than the previous event encoded in this process). */
  occurredAt?: Date
}

let lastOccurredAt = 0

// Events encoded in one process keep their order in the outbox (ordered by occurred_at), even
// when several are encoded within the same millisecond.
function monotonicNow(): Date {
  lastOccurredAt = Math.max(Date.now(), lastOccurredAt + 1)
  return new Date(lastOccurredAt)
}

/**
 * Encodes an event into its envelope, with the active trace context in its headers. The encoding
 * is a short PRODUCER span, so a trace reads request → create event → process event.
 */
export function encodeEvent<Desc extends DescMessage>(
  type: EventType<Desc>,
  message: MessageInitShape<Desc>,
  options: EncodeEventOptions = {},
): EventEnvelope {
  const id = options.id ?? randomUUID()
  if (!uuidPattern.test(id)) throw new Error(`Event id "${id}" is not a UUID`)
  const payload = toBinary(type.schema, create(type.schema, message))
  const occurredAt = options.occurredAt ?? monotonicNow()
  return trace.getTracer('event-bus').startActiveSpan(
    `create ${type.subject}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.operation.type': 'create',
        'messaging.destination.name': type.subject,
        'messaging.message.id': id,
      },
    },
    (span) => {
      const headers: Record<string, string> = {}
      propagation.inject(context.active(), headers)
      span.end()
      return { id, subject: type.subject, payload, headers, occurredAt }
    },
  )
}

/** Decodes an envelope's payload; throws when the envelope is not of this event type. */
export function decodeEvent<Desc extends DescMessage>(
  type: EventType<Desc>,
  envelope: Pick<EventEnvelope, 'subject' | 'payload'>,
): MessageShape<Desc> {
  if (envelope.subject !== type.subject) {
    throw new Error(`Cannot decode a "${envelope.subject}" event as "${type.subject}"`)
  }
  return fromBinary(type.schema, envelope.payload)
}
