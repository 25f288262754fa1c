import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import { encodeEvent, outboxRecord, proposalCreated, proposalShared, proposalViewed, type EventEnvelope, type OutboxRecord } from '@valueproof/event-bus'
import type { Tx } from '../db.ts'

/** Each writer stores its event in the outbox inside the caller's transaction; the relay publishes after commit. */
async function store(tx: Tx, envelope: EventEnvelope): Promise<void> {
  await tx.outboxEvent.create({ data: outboxRecord(envelope) })
}

export interface CreatedProposal {
  proposalId: string
  userId: number
  origin: 'share' | 'generate'
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

export function recordProposalShared(tx: Tx, share: { proposalId: string; userId: number; accessCodeSet: boolean; sharedAt: Date }): Promise<void> {
  const { sharedAt, ...fields } = share
  return store(tx, encodeEvent(proposalShared, { ...fields, sharedAt: timestampFromDate(sharedAt) }))
}

export interface ProposalView {
  proposalId: string
  ownerUserId: number
  viewer: 'owner' | 'visitor'
  /** The gateway's anonymous visitor id; never set for the owner. */
  visitorId: string | undefined
  viewedAt: Date
}

/** A view's outbox row; views are written in batches by the ViewRecorder, not in a request's transaction. */
export function proposalViewedRecord(view: ProposalView): OutboxRecord {
  const { viewedAt, visitorId, ...fields } = view
  return outboxRecord(encodeEvent(proposalViewed, { ...fields, visitorId: visitorId ?? '', viewedAt: timestampFromDate(viewedAt) }))
}
