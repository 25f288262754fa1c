// Reads identity's seller-address events back from its outbox in a test: the confirmation link's
// token is in the verification request, as the notification service would receive it.
import { decodeEvent, emailVerificationRequested, userEmailChanged } from '@valueproof/event-bus'
import type { TestStack } from '../../../../tests/integration/support/stack.ts'

type OutboxRow = { subject: string; payload: Uint8Array }

async function outboxOf(stack: TestStack, subject: string): Promise<OutboxRow[]> {
  const db = stack.databases.identity
  const table = db.schema ? `"${db.schema}".outbox_event` : 'outbox_event'
  return db.query<OutboxRow[]>(`SELECT subject, payload FROM ${table} WHERE subject = $1 ORDER BY occurred_at, id`, subject)
}

/** Every verification request of the user, oldest first. */
export async function verificationRequests(stack: TestStack, userId: number) {
  const rows = await outboxOf(stack, emailVerificationRequested.subject)
  return rows.map((row) => decodeEvent(emailVerificationRequested, row)).filter((event) => event.userId === userId)
}

/** The newest confirmation link's path (/api/user/email/verify?token=…) of the user. */
export async function latestVerifyPath(stack: TestStack, userId: number): Promise<string> {
  const request = (await verificationRequests(stack, userId)).at(-1)
  if (request === undefined) throw new Error(`No verification request for user ${userId}`)
  return request.verifyPath
}

/** Every email-changed event of the user, oldest first, as { verifiedEmail, language }. */
export async function emailChanges(stack: TestStack, userId: number): Promise<Array<{ verifiedEmail: string; language: string }>> {
  const rows = await outboxOf(stack, userEmailChanged.subject)
  return rows
    .map((row) => decodeEvent(userEmailChanged, row))
    .filter((event) => event.userId === userId)
    .map(({ verifiedEmail, language }) => ({ verifiedEmail, language }))
}
