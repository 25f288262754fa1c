// Creates the notes the service owes, in rounds like the e-mail sender's: each round claims a batch
// of due notes in one statement (FOR UPDATE SKIP LOCKED, their next attempt pushed a lease ahead), so
// replicas never send one note twice at once. Only notes of connections HubSpot has not refused are
// claimed: a 401/403 marks the connection revoked and holds its notes until the seller connects again.
// Failures are retried with the e-mails' backoff and given up after a day; nothing here throws into
// the product.
import { qualifiedTable } from '@valueproof/db'
import type { Logger } from '@valueproof/http-kit'
import type { PrismaClient } from '../db.ts'
import { typedMail } from '../domain/mail-kinds.ts'
import { findSeller, languageOf } from '../domain/sellers.ts'
import { GIVE_UP_AFTER_MS, retryDelayMs } from '../sending/sender.ts'
import { composeNote } from '../writing/compose.ts'
import { HubspotCallError, type HubspotApi } from './api.ts'
import { markRevoked, recordLastError, refusedTokenReason, UNREADABLE_TOKEN_REASON } from './connection.ts'
import { isPro } from './plan.ts'
import { HubspotTokenUnreadableError, type HubspotTokenCipher } from './token-cipher.ts'

export interface NoteSenderDeps {
  prisma: PrismaClient
  dbSchema: string | undefined
  api: HubspotApi
  cipher: HubspotTokenCipher
  logger: Logger
  /** The product's public origin, without a trailing slash (the note links to the analytics). */
  origin: string
  now: () => Date
}

interface ClaimedNote {
  id: string
  user_id: number
  proposal_id: string
  deal_id: string
  kind: string
  data: unknown
  attempts: number
  created_at: Date
  access_token: string
}

type Outcome =
  | { status: 'sent'; noteId: string }
  | { status: 'skipped' | 'dead'; reason: string }
  | { status: 'held'; reason: string }
  | { status: 'later'; at: Date; reason: string }

export async function claimDueNotes(
  deps: Pick<NoteSenderDeps, 'prisma' | 'dbSchema'>,
  props: { now: Date; limit: number; leaseMs: number },
) {
  const notes = qualifiedTable(deps.dbSchema, 'hubspot_note')
  const connections = qualifiedTable(deps.dbSchema, 'hubspot_connection')
  return deps.prisma.$queryRawUnsafe<ClaimedNote[]>(
    `WITH due AS (
       SELECT n.id FROM ${notes} n JOIN ${connections} c ON c.user_id = n.user_id AND c.revoked_at IS NULL
        WHERE n.status = 'pending' AND n.next_attempt_at <= $1
        ORDER BY n.next_attempt_at LIMIT $3 FOR UPDATE OF n SKIP LOCKED)
     UPDATE ${notes} n SET next_attempt_at = $2 FROM due, ${connections} c
      WHERE n.id = due.id AND c.user_id = n.user_id
      RETURNING n.id, n.user_id, n.proposal_id, n.deal_id, n.kind, n.data, n.attempts, n.created_at, c.access_token`,
    props.now,
    new Date(props.now.getTime() + props.leaseMs),
    props.limit,
  )
}

async function attempt(deps: NoteSenderDeps, note: ClaimedNote, now: Date): Promise<Outcome> {
  const typed = typedMail(note.kind, note.data)
  if (typed === undefined) return { status: 'dead', reason: `unreadable ${note.kind} note` }
  if (!(await isPro(deps.prisma, note.user_id))) return { status: 'skipped', reason: 'HubSpot is part of Pro' }
  const proposal = await deps.prisma.proposal.findUnique({ where: { id: note.proposal_id }, select: { deletedAt: true } })
  if (proposal?.deletedAt != null) return { status: 'skipped', reason: 'proposal deleted' }
  const language = languageOf(await findSeller(deps.prisma, note.user_id))
  try {
    const token = deps.cipher.decrypt(note.user_id, note.access_token)
    const noteId = await deps.api.createNote(token, {
      dealId: note.deal_id,
      body: composeNote(typed, language, deps.origin),
      at: note.created_at,
    })
    return { status: 'sent', noteId }
  } catch (error) {
    if (error instanceof HubspotTokenUnreadableError) return { status: 'held', reason: UNREADABLE_TOKEN_REASON }
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof HubspotCallError && error.tokenRefused) return { status: 'held', reason: refusedTokenReason(error) }
    if (error instanceof HubspotCallError && !error.transient)
      return { status: 'dead', reason: `HubSpot refused the note on deal ${note.deal_id}: ${message}` }
    // Unreachable, 429, 5xx, or anything unforeseen: tried again with backoff for a day.
    if (now.getTime() - note.created_at.getTime() >= GIVE_UP_AFTER_MS) return { status: 'dead', reason: `gave up after a day: ${message}` }
    return { status: 'later', at: new Date(now.getTime() + retryDelayMs(note.attempts + 1)), reason: message }
  }
}

async function settle(deps: NoteSenderDeps, note: ClaimedNote, outcome: Outcome, now: Date): Promise<void> {
  const tried = { attempts: note.attempts + 1 }
  const where = { id: note.id }
  switch (outcome.status) {
    case 'sent':
      await deps.prisma.hubspotNote.update({
        where,
        data: { ...tried, status: 'sent', sentAt: now, noteId: outcome.noteId, lastError: null },
      })
      await recordLastError(deps, { userId: note.user_id, error: null, at: now })
      return
    case 'skipped':
      await deps.prisma.hubspotNote.update({ where, data: { status: 'skipped', lastError: outcome.reason } })
      return
    case 'dead':
      deps.logger.error({ noteId: note.id, kind: note.kind, reason: outcome.reason }, 'HubSpot note given up')
      await deps.prisma.hubspotNote.update({ where, data: { ...tried, status: 'dead', lastError: outcome.reason } })
      await recordLastError(deps, { userId: note.user_id, error: outcome.reason, at: now })
      return
    case 'held':
      // The token is refused (or can no longer be opened): the note waits for the seller to connect again.
      deps.logger.warn({ userId: note.user_id, reason: outcome.reason }, 'HubSpot connection revoked; notes held')
      await markRevoked(deps, { userId: note.user_id, reason: outcome.reason, at: now })
      await deps.prisma.hubspotNote.update({ where, data: { nextAttemptAt: now, lastError: outcome.reason } })
      return
    case 'later':
      deps.logger.warn({ noteId: note.id, reason: outcome.reason, retryAt: outcome.at }, 'HubSpot note not created; retrying')
      await deps.prisma.hubspotNote.update({ where, data: { ...tried, nextAttemptAt: outcome.at, lastError: outcome.reason } })
  }
}

/** Claims and creates one batch; answers how many notes it handled. */
export async function sendDueNotes(deps: NoteSenderDeps, props: { limit: number; leaseMs: number }): Promise<number> {
  const now = deps.now()
  const claimed = await claimDueNotes(deps, { now, limit: props.limit, leaseMs: props.leaseMs })
  for (const note of claimed) await settle(deps, note, await attempt(deps, note, now), now)
  return claimed.length
}

const POLL_MS = 1000
const BATCH = 10

/** The background round, every second (stop() waits for the one in flight); a failing round is logged and tried again. */
export class HubspotNoteRound {
  readonly #deps: NoteSenderDeps
  readonly #pollMs: number
  readonly #leaseMs: number
  #timer: NodeJS.Timeout | undefined
  #round: Promise<void> | undefined
  #stopped = false

  constructor(deps: NoteSenderDeps, options: { pollMs?: number; leaseMs: number }) {
    this.#deps = deps
    this.#pollMs = options.pollMs ?? POLL_MS
    this.#leaseMs = options.leaseMs
  }

  start(): void {
    this.#schedule(0)
  }

  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#round
  }

  async runOnce(): Promise<void> {
    while (!this.#stopped && (await sendDueNotes(this.#deps, { limit: BATCH, leaseMs: this.#leaseMs })) === BATCH) {
      // A full batch: more may be due.
    }
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return
    this.#timer = setTimeout(() => {
      this.#round = this.runOnce()
        .catch((error: unknown) => this.#deps.logger.warn({ err: error }, 'HubSpot note round failed; trying again'))
        .finally(() => {
          this.#round = undefined
          this.#schedule(this.#pollMs)
        })
    }, delayMs)
    this.#timer.unref()
  }
}
