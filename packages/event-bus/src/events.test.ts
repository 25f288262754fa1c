import { create } from '@bufbuild/protobuf'
import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import { trace } from '@opentelemetry/api'
import { UserRegisteredSchema } from '@valueproof/proto'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  decodeEvent,
  defineEvent,
  encodeEvent,
  eventCatalogue,
  owningService,
  sessionRevoked,
  userProfileUpdated,
  userRegistered,
} from './events.ts'
import { installTestTracing } from './testing/tracing.ts'

const spans = installTestTracing()

describe('event catalogue', () => {
  beforeEach(() => spans.reset())

  it('binds every subject to its proto message, in the package of the service that owns it', () => {
    expect(eventCatalogue.map((type) => [type.subject, type.schema.typeName])).toEqual([
      ['identity.user.registered', 'valueproof.identity.v1.UserRegistered'],
      ['identity.user.profile_updated', 'valueproof.identity.v1.UserProfileUpdated'],
      ['identity.session.revoked', 'valueproof.identity.v1.SessionRevoked'],
      ['identity.user.email_verification_requested', 'valueproof.identity.v1.EmailVerificationRequested'],
      ['identity.user.email_changed', 'valueproof.identity.v1.UserEmailChanged'],
      ['calculator.calculator.generated', 'valueproof.calculator.v1.CalculatorGenerated'],
      ['proposal.proposal.created', 'valueproof.proposal.v1.ProposalCreated'],
      ['proposal.proposal.shared', 'valueproof.proposal.v1.ProposalShared'],
      ['proposal.proposal.viewed', 'valueproof.proposal.v1.ProposalViewed'],
      ['proposal.proposal.revoked', 'valueproof.proposal.v1.ProposalRevoked'],
      ['proposal.proposal.deleted', 'valueproof.proposal.v1.ProposalDeleted'],
      ['proposal.proposal.agreed', 'valueproof.proposal.v1.ProposalAgreed'],
      ['proposal.proposal.agreement_released', 'valueproof.proposal.v1.ProposalAgreementReleased'],
      ['proposal.proposal.pdf_downloaded', 'valueproof.proposal.v1.ProposalPdfDownloaded'],
      ['billing.subscription.changed', 'valueproof.billing.v1.SubscriptionChanged'],
    ])
    for (const type of eventCatalogue)
      expect(type.schema.typeName, type.subject).toMatch(new RegExp(`^valueproof\\.${owningService(type.subject)}\\.v1\\.`))
  })

  it('refuses subjects that are not dot-separated lower-case tokens', () => {
    for (const subject of ['identity', 'identity.>', 'Identity.user', 'identity..user', 'identity.user.*', '']) {
      expect(() => defineEvent(subject, UserRegisteredSchema), subject).toThrow(/subject/)
    }
  })

  it('encodes to an envelope that decodes back to the same message', () => {
    const registeredAt = timestampFromDate(new Date('2025-01-02T03:04:05.678Z'))
    const envelope = encodeEvent(userRegistered, { userId: 7, username: 'ada', plan: 'free', registeredAt })
    expect(envelope.subject).toBe('identity.user.registered')
    expect(envelope.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(envelope.payload).toBeInstanceOf(Uint8Array)
    const message = decodeEvent(userRegistered, envelope)
    expect(message).toEqual(create(UserRegisteredSchema, { userId: 7, username: 'ada', plan: 'free', registeredAt }))

    const profile = encodeEvent(userProfileUpdated, { userId: 7, companyName: 'Acme' })
    expect(decodeEvent(userProfileUpdated, profile).companyWebsite).toBeUndefined()
    const revoked = encodeEvent(sessionRevoked, { sessionId: 'ab'.repeat(32), userId: 7, reason: 'logout' })
    expect(decodeEvent(sessionRevoked, revoked).reason).toBe('logout')
  })

  it('refuses to decode an envelope of another event type', () => {
    const envelope = encodeEvent(sessionRevoked, { sessionId: 'x', userId: 1 })
    expect(() => decodeEvent(userRegistered, envelope)).toThrow(/Cannot decode a "identity.session.revoked" event/)
  })

  it('gives every event a new id and a non-decreasing occurredAt, or the ones asked for', () => {
    const envelopes = Array.from({ length: 50 }, () => encodeEvent(userRegistered, { userId: 1 }))
    expect(new Set(envelopes.map((envelope) => envelope.id)).size).toBe(50)
    const times = envelopes.map((envelope) => envelope.occurredAt.getTime())
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(new Set(times).size).toBe(50)

    const id = '0b9a3a57-6a7e-4c41-9d55-8f1f2f0b9c11'
    const occurredAt = new Date('2024-05-06T07:08:09.000Z')
    expect(encodeEvent(userRegistered, { userId: 1 }, { id, occurredAt })).toMatchObject({ id, occurredAt })
    expect(() => encodeEvent(userRegistered, { userId: 1 }, { id: 'not-a-uuid' })).toThrow(/not a UUID/)
  })

  it('carries the active trace in the headers through a PRODUCER span', () => {
    const tracer = trace.getTracer('test')
    const envelope = tracer.startActiveSpan('request', (span) => {
      const encoded = encodeEvent(userRegistered, { userId: 1 })
      span.end()
      return encoded
    })
    const request = spans.getFinishedSpans().find((span) => span.name === 'request')
    const create = spans.getFinishedSpans().find((span) => span.name === 'create identity.user.registered')
    expect(request).toBeDefined()
    expect(create?.spanContext().traceId).toBe(request?.spanContext().traceId)
    expect(envelope.headers.traceparent).toBe(`00-${create?.spanContext().traceId}-${create?.spanContext().spanId}-01`)
  })

  it('starts a trace of its own when none is active', () => {
    const envelope = encodeEvent(userRegistered, { userId: 1 })
    const [create] = spans.getFinishedSpans()
    expect(create?.parentSpanContext).toBeUndefined()
    expect(envelope.headers.traceparent).toContain(create?.spanContext().traceId)
  })
})
