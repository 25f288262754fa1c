// Sends the e-mails the service owes. Each round claims a batch of due mails in one statement (FOR
// UPDATE SKIP LOCKED, pushing their next attempt a lease ahead), so replicas never send the same
// mail at once and a replica that dies mid-batch leaves its mails to be claimed again when the lease
// ends. The text is written at send time, in the seller's language, to their address as it is then.
import { qualifiedTable } from '@valueproof/db'
import type { Logger } from '@valueproof/http-kit'
import { MailDeliveryError, type Mailer } from '@valueproof/mailer'
import type { PrismaClient } from '../db.ts'
import { SETTING_OF, typedMail } from '../domain/mail-kinds.ts'
import { findSeller, languageOf, wants } from '../domain/sellers.ts'
import { signUnsubscribeToken } from '../domain/unsubscribe-token.ts'
import { composeMail, unsubscribeUrls } from '../writing/compose.ts'

const HOUR_MS = 3_600_000
/** A mail that fails for this long is given up (the dead-letter list). */
export const GIVE_UP_AFTER_MS = 24 * HOUR_MS
const FIRST_RETRY_MS = 30_000
const LONGEST_RETRY_MS = HOUR_MS

export interface SenderDeps {
  prisma: PrismaClient
  dbSchema: string | undefined
  mailer: Mailer
  logger: Logger
  unsubscribeKey: Buffer
  /** The product's public origin, without a trailing slash. */
  origin: string
  perSellerPerHour: number
  now: () => Date
}

export interface ClaimedMail {
  id: string
  user_id: number
  kind: string
  address: string | null
  data: unknown
  attempts: number
  created_at: Date
}

type Outcome =
  { status: 'sent' } | { status: 'skipped' | 'dead'; reason: string } | { status: 'later'; at: Date; reason?: string; attempt: boolean }

/** The wait before attempt `attempts + 1`: 30 s doubling to an hour, with a tenth of jitter. */
export function retryDelayMs(attempts: number): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(base * (0.9 + Math.random() * 0.2))
}

export async function claimDueMails(deps: Pick<SenderDeps, 'prisma' | 'dbSchema'>, props: { now: Date; limit: number; leaseMs: number }) {
  const table = qualifiedTable(deps.dbSchema, 'mail')
  return deps.prisma.$queryRawUnsafe<ClaimedMail[]>(
    `UPDATE ${table} SET next_attempt_at = $2
      WHERE id IN (SELECT id FROM ${table} WHERE status = 'pending' AND next_attempt_at <= $1
                    ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING id, user_id, kind, address, data, attempts, created_at`,
    props.now,
    new Date(props.now.getTime() + props.leaseMs),
    props.limit,
  )
}

/** When the seller may get another e-mail: now, or an hour after the oldest of their last hour's, when they had their fill. */
async function allowedAt(deps: SenderDeps, userId: number, now: Date): Promise<Date | undefined> {
  const recent = await deps.prisma.mail.findMany({
    where: { userId, status: 'sent', kind: { not: 'verify' }, sentAt: { gt: new Date(now.getTime() - HOUR_MS) } },
    orderBy: { sentAt: 'asc' },
    select: { sentAt: true },
    take: deps.perSellerPerHour,
  })
  const oldest = recent[0]?.sentAt
  return recent.length >= deps.perSellerPerHour && oldest ? new Date(oldest.getTime() + HOUR_MS) : undefined
}

async function attempt(deps: SenderDeps, mail: ClaimedMail, now: Date): Promise<Outcome> {
  const typed = typedMail(mail.kind, mail.data)
  if (typed === undefined) return { status: 'dead', reason: `unreadable ${mail.kind} mail` }
  let to: string
  let language: 'en' | 'sv'
  let unsubscribeToken: string | undefined
  if (typed.kind === 'verify') {
    if (mail.address === null) return { status: 'dead', reason: 'a verification without its address' }
    to = mail.address
    language = typed.data.language
  } else {
    const seller = await findSeller(deps.prisma, mail.user_id)
    const setting = SETTING_OF[typed.kind]
    if (seller?.email == null) return { status: 'skipped', reason: 'no confirmed address' }
    if (setting !== undefined && !wants(seller, setting)) return { status: 'skipped', reason: 'turned off' }
    const later = await allowedAt(deps, mail.user_id, now)
    if (later !== undefined) return { status: 'later', at: later, reason: 'seller reached the hourly limit', attempt: false }
    to = seller.email
    language = languageOf(seller)
    unsubscribeToken =
      setting === undefined ? undefined : signUnsubscribeToken(deps.unsubscribeKey, { userId: mail.user_id, kind: setting })
  }
  const composed = composeMail(typed, language, { origin: deps.origin, ...(unsubscribeToken === undefined ? {} : { unsubscribeToken }) })
  try {
    await deps.mailer.send({
      id: mail.id,
      to,
      language,
      ...composed,
      ...(unsubscribeToken === undefined ? {} : { unsubscribeUrl: unsubscribeUrls(deps.origin, unsubscribeToken).oneClick }),
    })
    return { status: 'sent' }
  } catch (error) {
    const failure = error instanceof MailDeliveryError ? error : new MailDeliveryError(String(error), true, undefined, { cause: error })
    if (!failure.transient) return { status: 'dead', reason: failure.message }
    if (now.getTime() - mail.created_at.getTime() >= GIVE_UP_AFTER_MS)
      return { status: 'dead', reason: `gave up after a day: ${failure.message}` }
    return { status: 'later', at: new Date(now.getTime() + retryDelayMs(mail.attempts + 1)), reason: failure.message, attempt: true }
  }
}

async function settle(deps: SenderDeps, mail: ClaimedMail, outcome: Outcome, now: Date): Promise<void> {
  const tried = { attempts: mail.attempts + 1 }
  switch (outcome.status) {
    case 'sent':
      await deps.prisma.mail.update({ where: { id: mail.id }, data: { ...tried, status: 'sent', sentAt: now, lastError: null } })
      return
    case 'skipped':
      await deps.prisma.mail.update({ where: { id: mail.id }, data: { status: 'skipped', lastError: outcome.reason } })
      return
    case 'dead':
      deps.logger.error({ mailId: mail.id, kind: mail.kind, reason: outcome.reason }, 'e-mail given up (dead letter)')
      await deps.prisma.mail.update({ where: { id: mail.id }, data: { ...tried, status: 'dead', lastError: outcome.reason } })
      return
    case 'later':
      if (outcome.attempt)
        deps.logger.warn({ mailId: mail.id, kind: mail.kind, reason: outcome.reason, retryAt: outcome.at }, 'e-mail not sent; retrying')
      await deps.prisma.mail.update({
        where: { id: mail.id },
        data: { ...(outcome.attempt ? tried : {}), nextAttemptAt: outcome.at, lastError: outcome.reason ?? null },
      })
  }
}

/**
 * Claims and sends one batch; answers how many mails it handled. Sellers are served side by side,
 * up to the mailer's connections, and each seller's mails one after another, so their hourly
 * allowance counts every mail sent before the next is weighed.
 */
export async function sendDueMails(deps: SenderDeps, props: { limit: number; leaseMs: number }): Promise<number> {
  const now = deps.now()
  const claimed = await claimDueMails(deps, { now, limit: props.limit, leaseMs: props.leaseMs })
  const bySeller = new Map<number, ClaimedMail[]>()
  for (const mail of claimed) bySeller.set(mail.user_id, [...(bySeller.get(mail.user_id) ?? []), mail])
  const queues = [...bySeller.values()]
  const lanes = Array.from({ length: Math.min(deps.mailer.concurrency, queues.length) }, async () => {
    for (let queue = queues.shift(); queue !== undefined; queue = queues.shift()) {
      for (const mail of queue) await settle(deps, mail, await attempt(deps, mail, now), now)
    }
  })
  await Promise.all(lanes)
  return claimed.length
}
