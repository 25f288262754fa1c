import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import {
  encodeEvent,
  outboxRecord,
  proposalAgreed,
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

/** A prospect agreed to the proposal's figures (issue 20): who agreed stays in this service. */
export function recordProposalAgreed(
  tx: Tx,
  agreement: { proposalId: string; ownerUserId: number; scenario: string; version: number; agreementHash: string; agreedAt: Date },
): Promise<void> {
  const { agreedAt, ...fields } = agreement
  return store(tx, encodeEvent(proposalAgreed, { ...fields, agreedAt: timestampFromDate(agreedAt) }))
}

export function recordProposalDeleted(tx: Tx, deletion: { proposalId: string; userId: number; deletedAt: Date }): Promise<void> {
  const { deletedAt, ...fields } = deletion
  return store(tx, encodeEvent(proposalDeleted, { ...fields, deletedAt: timestampFromDate(deletedAt) }))
}

export interface ProposalView {
  proposalId: string
  ownerUserId: number
  viewer: 'owner' | 'visitor'
  /** The gateway's anonymous visitor id; never set for the owner. */
  visitorId: string | undefined
  /** The page view's random id from its view beacon: counted once (the proposal_visit table). */
  visitId: string
  /** The beacon token's digest: one opening counts once, whatever visit ids are sent with it. */
  tokenHash: string
  viewedAt: Date
}

/**
 * A view's event; views are written in batches by the ViewRecorder, not in a request's transaction.
 * It occurred when the page's view beacon arrived. (Left to encodeEvent, each event would take the next
 * free millisecond of the process's clock: thousands of views a second pushed every event's time
 * tens of seconds into the future.)
 */
export function proposalViewedEvent(view: ProposalView): EventEnvelope {
  return encodeEvent(
    proposalViewed,
    {
      proposalId: view.proposalId,
      ownerUserId: view.ownerUserId,
      viewer: view.viewer,
      visitorId: view.visitorId ?? '',
      visitId: view.visitId,
      viewedAt: timestampFromDate(view.viewedAt),
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
  props: { views: readonly ProposalView[]; dbSchema: string | undefined },
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
