import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import {
  encodeEvent,
  outboxRecord,
  proposalAgreed,
  proposalAgreementReleased,
  proposalCreated,
  proposalDeleted,
  proposalRevoked,
  proposalShared,
  proposalViewed,
  qualifiedTable,
  type EventEnvelope,
  type OutboxSqlClient,
} from '@valueproof/event-bus'
import type { Tx } from '../db.ts'

/** Each writer stores its event in the outbox inside the caller's transaction; the relay publishes after commit. */
async function store(tx: Tx, envelope: EventEnvelope): Promise<void> {
  await tx.outboxEvent.create({ data: outboxRecord(envelope) })
}

export interface CreatedProposal {
  proposalId: string
  userId: number
  origin: 'share' | 'generate' | 'duplicate' | 'version'
  templateType: string | null
  language: string | null
  writer: string | null
  calculatorType: string
  currency: string
  published: boolean
  branding: 'product' | 'custom'
  createdAt: Date
}

export function recordProposalCreated(tx: Tx, proposal: CreatedProposal): Promise<void> {
  const { createdAt, templateType, language, writer, ...fields } = proposal
  return store(
    tx,
    encodeEvent(proposalCreated, {
      ...fields,
      templateType: templateType ?? '',
      language: language ?? '',
      writer: writer ?? '',
      createdAt: timestampFromDate(createdAt),
    }),
  )
}

export function recordProposalShared(
  tx: Tx,
  share: { proposalId: string; userId: number; accessCodeSet: boolean; sharedAt: Date },
): Promise<void> {
  const { sharedAt, ...fields } = share
  return store(tx, encodeEvent(proposalShared, { ...fields, sharedAt: timestampFromDate(sharedAt) }))
}

/** The owner revoked the link (once per proposal). */
export function recordProposalRevoked(tx: Tx, revoke: { proposalId: string; userId: number; revokedAt: Date }): Promise<void> {
  const { revokedAt, ...fields } = revoke
  return store(tx, encodeEvent(proposalRevoked, { ...fields, revokedAt: timestampFromDate(revokedAt) }))
}

export interface AgreedProposal {
  proposalId: string
  ownerUserId: number
  scenario: string
  version: number
  agreementHash: string
  agreedAt: Date
  /** The proposal's title as the prospect's page showed it. */
  title: string
  /** The agreed figures' value per year; null when the calculator has none (a value calculator). */
  yearlyValue: number | null
  /** The calculator's base currency: USD, EUR or SEK. */
  currency: string
  /** The name the prospect agreed with, as the owner reads it. */
  agreedByName: string
}

/**
 * A prospect agreed to the proposal's figures (issue 20). The owner's e-mail names the proposal, the
 * value and who agreed (decision 137); the prospect's e-mail address stays in this service.
 */
export function recordProposalAgreed(tx: Tx, agreement: AgreedProposal): Promise<void> {
  const { agreedAt, yearlyValue, ...fields } = agreement
  return store(
    tx,
    // A value calculator has no yearly value: the field is left out.
    encodeEvent(proposalAgreed, { ...fields, ...(yearlyValue === null ? {} : { yearlyValue }), agreedAt: timestampFromDate(agreedAt) }),
  )
}

/** The seller released an agreement (issue 34): analytics forgets it, every replica's cache lets it go. */
export function recordAgreementReleased(
  tx: Tx,
  release: { proposalId: string; ownerUserId: number; agreementHash: string; agreedAt: Date; releasedAt: Date },
): Promise<void> {
  const { agreedAt, releasedAt, ...fields } = release
  return store(
    tx,
    encodeEvent(proposalAgreementReleased, { ...fields, agreedAt: timestampFromDate(agreedAt), releasedAt: timestampFromDate(releasedAt) }),
  )
}

export function recordProposalDeleted(tx: Tx, deletion: { proposalId: string; userId: number; deletedAt: Date }): Promise<void> {
  const { deletedAt, ...fields } = deletion
  return store(tx, encodeEvent(proposalDeleted, { ...fields, deletedAt: timestampFromDate(deletedAt) }))
}

/**
 * Who viewed, as keyed hashes only (HMAC-SHA256 under ADDRESS_HASH_KEY, each with the proposal id):
 * a view counts once per person per window even when the visitor cookie is dropped (decision 119).
 */
export interface ViewPerson {
  /** Of the visitor id; undefined when the visitor had none. */
  visitorKey: string | undefined
  /** Of the client's address and browser (its User-Agent and Accept-Language). */
  personKey: string
  /** Of the client's address alone: how many people one address adds is bounded. */
  addressKey: string
}

export interface ProposalView {
  proposalId: string
  ownerUserId: number
  /** The proposal's title as the page showed it (the owner's e-mail names the proposal). */
  title: string
  viewer: 'owner' | 'visitor'
  /** The gateway's anonymous visitor id; never set for the owner. */
  visitorId: string | undefined
  /** The page view's random id from its view beacon: counted once (the proposal_visit table). */
  visitId: string
  /** The beacon token's digest: one opening counts once, whatever visit ids are sent with it. */
  tokenHash: string
  /** A visitor's keys (view-people.ts); never set for the owner. */
  person: ViewPerson | undefined
  viewedAt: Date
}

/** How a visitor's view counts (the event's `counting`, decision 119). */
export type ViewCounting = 'counted' | 'repeat' | 'suspect'

/** A view as its batch classified it: `counting` is set for a visitor's view, never for the owner's. */
export interface ClassifiedView extends ProposalView {
  counting: ViewCounting | undefined
}

/**
 * A view's event; views are written in batches by the ViewRecorder, not in a request's transaction.
 * It occurred when the page's view beacon arrived. (Left to encodeEvent, each event would take the next
 * free millisecond of the process's clock: thousands of views a second pushed every event's time
 * tens of seconds into the future.)
 */
export function proposalViewedEvent(view: ClassifiedView): EventEnvelope {
  return encodeEvent(
    proposalViewed,
    {
      proposalId: view.proposalId,
      ownerUserId: view.ownerUserId,
      viewer: view.viewer,
      visitorId: view.visitorId ?? '',
      visitId: view.visitId,
      viewedAt: timestampFromDate(view.viewedAt),
      counting: view.counting ?? '',
      title: view.title,
    },
    { occurredAt: view.viewedAt },
  )
}

/**
 * Many views' outbox rows in one INSERT with a single JSON parameter. Prisma's createMany spends
 * about 150 µs of CPU per row building and binding seven parameters each; this costs a few.
 * Timestamps are stored as UTC wall time, as Prisma stores DateTime.
 */
export async function storeViewRecords(
  db: OutboxSqlClient,
  props: { views: readonly ClassifiedView[]; dbSchema: string | undefined },
): Promise<void> {
  if (props.views.length === 0) return
  const rows = props.views.map((view) => {
    const event = proposalViewedEvent(view)
    const { payload } = event
    return {
      id: event.id,
      subject: event.subject,
      payload: Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('base64'),
      headers: event.headers,
      occurredAt: event.occurredAt.toISOString(),
    }
  })
  await db.$executeRawUnsafe(
    `INSERT INTO ${qualifiedTable('outbox_event', props.dbSchema)} (id, subject, payload, headers, occurred_at)
     SELECT (row->>'id')::uuid, row->>'subject', decode(row->>'payload', 'base64'), row->'headers', (row->>'occurredAt')::timestamptz AT TIME ZONE 'UTC'
       FROM jsonb_array_elements($1::jsonb) AS row`,
    JSON.stringify(rows),
  )
}
