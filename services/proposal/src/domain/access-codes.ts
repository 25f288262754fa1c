import { createHash, timingSafeEqual } from 'node:crypto'
import { deleteEndedWindows, type TakenSlot } from '@valueproof/rate-limit'
import type { PrismaClient } from '../db.ts'
import { refuseWaitingVisitor, reserveVisitorAttempt } from './access-code-delays.ts'
import {
  codeWindows,
  throttleKey,
  throttleTable,
  tooManyAttempts,
  type AccessCodePolicy,
  type CodeThrottleStore,
} from './access-code-policy.ts'

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}

/**
 * Whether the code a visitor entered is the proposal's. Both sides are hashed first, so the
 * comparison always covers 32 bytes and takes the same time whatever the lengths and contents.
 * Surrounding spaces of the entry do not count (codes are stored trimmed).
 */
export function accessCodeMatches(entered: string, stored: string): boolean {
  return timingSafeEqual(digest(entered.trim()), digest(stored))
}

export const ACCESS_CODE_REQUIRED_MESSAGE = 'This proposal is protected by an access code. Enter the access code to open it.'
export const ACCESS_CODE_WRONG_MESSAGE = 'The access code is not correct. Check it and try again.'

/** Who is guessing: the proposal, the client's address and, when the gateway sent one, the visitor id. */
export interface CodeGuesser {
  proposalId: string
  ip: string
  visitorId: string | undefined
}

/** The row keys of one guesser; without a visitor id the visitor is the address itself (same rules). */
export function attemptKeys(store: Pick<CodeThrottleStore, 'addressHashKey'>, guesser: CodeGuesser) {
  const visitorParts = guesser.visitorId === undefined ? [] : [guesser.visitorId]
  return {
    visitor: throttleKey(store, 'code-visitor', guesser.proposalId, guesser.ip, ...visitorParts),
    address: throttleKey(store, 'code-address', guesser.proposalId, guesser.ip),
    proposal: throttleKey(store, 'code-proposal', guesser.proposalId),
  }
}

/** A reserved attempt: what the right code gives back. */
export interface CodeAttempt {
  visitor: string
  address: TakenSlot
  proposal: TakenSlot
}

/**
 * Reserves one attempt at a proposal's code under every limit, or throws 429 with Retry-After.
 * A waiting visitor is refused first, by a read, so its attempts never fill the shared windows.
 */
export async function reserveCodeAttempt(
  store: CodeThrottleStore,
  props: CodeGuesser & { policy: AccessCodePolicy; now?: Date },
): Promise<CodeAttempt> {
  const { policy } = props
  const now = props.now ?? new Date()
  const keys = attemptKeys(store, props)
  await refuseWaitingVisitor(store, { key: keys.visitor, now })
  const windows = codeWindows(store, policy)
  const address = await windows.address.take(keys.address)
  let proposal: TakenSlot
  try {
    proposal = await windows.ceiling.take(keys.proposal)
  } catch (error) {
    // Refused by the ceiling: this address's slot was not used.
    await windows.address.giveBack(address)
    throw error
  }
  const visitorWaitMs = await reserveVisitorAttempt(store, { key: keys.visitor, policy, now })
  if (visitorWaitMs !== undefined) {
    // Another attempt of this visitor got there first: both slots go back.
    await windows.address.giveBack(address)
    await windows.ceiling.giveBack(proposal)
    throw tooManyAttempts('visitor', visitorWaitMs)
  }
  return { visitor: keys.visitor, address, proposal }
}

/** The right code: the visitor starts afresh, and the address's and the proposal's slots go back. */
export async function codeAccepted(store: CodeThrottleStore, props: { attempt: CodeAttempt; policy: AccessCodePolicy }): Promise<void> {
  const { attempt } = props
  await store.prisma.$executeRawUnsafe(`DELETE FROM ${throttleTable(store, 'access_code_delay')} WHERE key = $1`, attempt.visitor)
  const windows = codeWindows(store, props.policy)
  await windows.address.giveBack(attempt.address)
  await windows.ceiling.giveBack(attempt.proposal)
}

/** Rows that limit nothing any more: ended windows and visitors idle for longer than the memory. */
export async function deleteEndedCodeWindows(prisma: PrismaClient, props: { policy: AccessCodePolicy; now?: Date }): Promise<number> {
  const now = props.now ?? new Date()
  const windows = await deleteEndedWindows(prisma.rateLimit, now)
  const visitors = await prisma.accessCodeDelay.deleteMany({
    where: { lastAttemptAt: { lte: new Date(now.getTime() - props.policy.visitorMemoryMs) } },
  })
  return windows + visitors.count
}
