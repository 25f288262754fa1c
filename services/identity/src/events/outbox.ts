import { timestampFromDate } from '@bufbuild/protobuf/wkt'
import {
  emailVerificationRequested,
  encodeEvent,
  outboxRecord,
  sessionRevoked,
  userEmailChanged,
  userProfileUpdated,
  userRegistered,
  type EventEnvelope,
} from '@valueproof/event-bus'
import type { Tx } from '../db.ts'

/** Each writer stores its event in the outbox inside the caller's transaction; the relay publishes after commit. */
async function store(tx: Tx, envelope: EventEnvelope): Promise<void> {
  await tx.outboxEvent.create({ data: outboxRecord(envelope) })
}

export function recordUserRegistered(tx: Tx, user: { id: number; username: string; plan: string; createdAt: Date }): Promise<void> {
  return store(
    tx,
    encodeEvent(userRegistered, {
      userId: user.id,
      username: user.username,
      plan: user.plan,
      registeredAt: timestampFromDate(user.createdAt),
    }),
  )
}

export interface ProfileOfUser {
  id: number
  companyName: string | null
  companyLogo: string | null
  companyWebsite: string | null
  contactName: string | null
  contactEmail: string | null
  contactPhone: string | null
  updatedAt: Date
}

/** The whole profile after the change: consumers replace their copy with it. */
export function recordUserProfileUpdated(tx: Tx, user: ProfileOfUser): Promise<void> {
  return store(
    tx,
    encodeEvent(userProfileUpdated, {
      userId: user.id,
      companyName: user.companyName ?? undefined,
      companyLogo: user.companyLogo ?? undefined,
      companyWebsite: user.companyWebsite ?? undefined,
      contactName: user.contactName ?? undefined,
      contactEmail: user.contactEmail ?? undefined,
      contactPhone: user.contactPhone ?? undefined,
      updatedAt: timestampFromDate(user.updatedAt),
    }),
  )
}

export function recordSessionRevoked(tx: Tx, session: { sessionId: string; userId: number; reason: string }): Promise<void> {
  return store(tx, encodeEvent(sessionRevoked, { ...session, revokedAt: timestampFromDate(new Date()) }))
}

/** A confirmation link for the address: the notification service mails it (identity sends no mail). */
export function recordEmailVerificationRequested(
  tx: Tx,
  request: { userId: number; email: string; language: string; verifyPath: string; requestedAt: Date },
): Promise<void> {
  return store(tx, encodeEvent(emailVerificationRequested, { ...request, requestedAt: timestampFromDate(request.requestedAt) }))
}

/** The address mail may go to now ('' when none is confirmed) and the language to write in. */
export function recordUserEmailChanged(
  tx: Tx,
  change: { userId: number; verifiedEmail: string; language: string; changedAt: Date },
): Promise<void> {
  return store(tx, encodeEvent(userEmailChanged, { ...change, changedAt: timestampFromDate(change.changedAt) }))
}
