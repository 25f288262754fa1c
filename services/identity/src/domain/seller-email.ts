import { createHash, randomBytes } from 'node:crypto'
import { EMAIL_VERIFY_PATH, type EmailLanguage } from '@valueproof/contracts'
import { qualifiedTable } from '@valueproof/db'
import { errors } from '@valueproof/http-kit'
import type { PrismaClient, Tx, User } from '../db.ts'
import { recordEmailVerificationRequested, recordUserEmailChanged } from '../events/outbox.ts'
import { rateLimiter, type ThrottleStore } from './throttle-store.ts'

/** How long a confirmation link works. */
export const EMAIL_LINK_TTL_MS = 24 * 3_600_000
/** Confirmation links a seller may have sent per hour (a change of address sends one too). */
export const EMAIL_LINKS_PER_HOUR = 5
export const NO_PENDING_ADDRESS_MESSAGE = 'There is no e-mail address waiting for confirmation.'

/** What the seller's address and language need: the database, and the rate limiter's store. */
export interface SellerEmailDeps {
  prisma: PrismaClient
  throttles: ThrottleStore
  now?: () => Date
}

/** A new confirmation link: the token goes into the link only; the database keeps its hash. */
export interface EmailLink {
  token: string
  tokenHash: string
  expiresAt: Date
}

export function emailTokenHashOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

export function newEmailLink(now: Date): EmailLink {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: emailTokenHashOf(token), expiresAt: new Date(now.getTime() + EMAIL_LINK_TTL_MS) }
}

/** The columns of an address given now, confirmed by nothing yet and waiting for its link. */
export function pendingEmailColumns(email: string, link: EmailLink) {
  return { email, emailVerifiedAt: null, emailTokenHash: link.tokenHash, emailTokenExpiresAt: link.expiresAt }
}

/** The address mail may go to: only a confirmed one. */
export function verifiedEmailOf(user: Pick<User, 'email' | 'emailVerifiedAt'>): string {
  return user.emailVerifiedAt !== null && user.email !== null ? user.email : ''
}

export function languageOf(user: Pick<User, 'language'>): EmailLanguage {
  return user.language === 'sv' ? 'sv' : 'en'
}

/** The link's request, for the notification service to mail; in the transaction that stored its hash. */
export function recordLinkRequested(tx: Tx, props: { user: User; link: EmailLink; now: Date }): Promise<void> {
  const { user } = props
  if (user.email === null) throw new Error('A confirmation link needs an address')
  return recordEmailVerificationRequested(tx, {
    userId: user.id,
    email: user.email,
    language: languageOf(user),
    verifyPath: `${EMAIL_VERIFY_PATH}?token=${props.link.token}`,
    requestedAt: props.now,
  })
}

export function recordEmailState(tx: Tx, props: { user: User; now: Date }): Promise<void> {
  return recordUserEmailChanged(tx, {
    userId: props.user.id,
    verifiedEmail: verifiedEmailOf(props.user),
    language: languageOf(props.user),
    changedAt: props.now,
  })
}

function nowOf(deps: SellerEmailDeps): Date {
  return deps.now?.() ?? new Date()
}

/** Takes one of the seller's links of the hour, or refuses with 429 and Retry-After. */
async function reserveLink(deps: SellerEmailDeps, userId: number): Promise<void> {
  const limiter = rateLimiter(deps.throttles, {
    name: 'email-link',
    points: EMAIL_LINKS_PER_HOUR,
    windowMs: 3_600_000,
    message: 'Too many confirmation links have been sent.',
    errorId: 'email_links_throttled',
  })
  await limiter.take(deps.throttles.keyOf('email-link', String(userId)))
}

/**
 * Runs a change of the seller's address or language under their row's lock, so a confirmation and
 * a change racing are applied one after the other: each sees what the other left. The change's
 * time is read once the lock is held: the notification service keeps the newest by it.
 */
async function changeLocked<T>(deps: SellerEmailDeps, userId: number, change: (tx: Tx, user: User, now: Date) => Promise<T>): Promise<T> {
  return deps.prisma.$transaction(async (tx) => {
    await tx.$queryRawUnsafe(`SELECT id FROM ${qualifiedTable(deps.throttles.dbSchema, 'user')} WHERE id = $1 FOR UPDATE`, userId)
    const user = await tx.user.findUnique({ where: { id: userId } })
    if (!user) throw errors.unauthorized()
    return change(tx, user, nowOf(deps))
  })
}

/**
 * Sets or changes the address: it waits for its new link, and a confirmed one it replaces stops
 * receiving at once (the email-changed event says there is none). The same address again, already
 * confirmed, changes nothing.
 */
export async function setSellerEmail(deps: SellerEmailDeps, props: { userId: number; email: string }): Promise<User> {
  const current = await deps.prisma.user.findUnique({ where: { id: props.userId } })
  if (!current) throw errors.unauthorized()
  if (current.email === props.email && current.emailVerifiedAt !== null) return current
  await reserveLink(deps, props.userId)
  return changeLocked(deps, props.userId, async (tx, user, now) => {
    const link = newEmailLink(now)
    const updated = await tx.user.update({ where: { id: user.id }, data: pendingEmailColumns(props.email, link) })
    await recordLinkRequested(tx, { user: updated, link, now })
    if (verifiedEmailOf(user) !== '') await recordEmailState(tx, { user: updated, now })
    return updated
  })
}

/** Removes the address and any link waiting for it; mail stops at once. */
export async function removeSellerEmail(deps: SellerEmailDeps, props: { userId: number }): Promise<User> {
  return changeLocked(deps, props.userId, async (tx, user, now) => {
    if (user.email === null) return user
    const updated = await tx.user.update({
      where: { id: user.id },
      data: { email: null, emailVerifiedAt: null, emailTokenHash: null, emailTokenExpiresAt: null },
    })
    if (verifiedEmailOf(user) !== '') await recordEmailState(tx, { user: updated, now })
    return updated
  })
}

/** A new link for the address waiting for confirmation; the older links stop working. */
export async function resendEmailLink(deps: SellerEmailDeps, props: { userId: number }): Promise<User> {
  const waiting = (user: Pick<User, 'email' | 'emailVerifiedAt'> | null) => user?.email != null && user.emailVerifiedAt === null
  if (!waiting(await deps.prisma.user.findUnique({ where: { id: props.userId }, select: { email: true, emailVerifiedAt: true } }))) {
    throw errors.conflict(NO_PENDING_ADDRESS_MESSAGE, 'no_pending_email')
  }
  await reserveLink(deps, props.userId)
  return changeLocked(deps, props.userId, async (tx, user, now) => {
    if (!waiting(user) || user.email === null) throw errors.conflict(NO_PENDING_ADDRESS_MESSAGE, 'no_pending_email')
    const link = newEmailLink(now)
    const updated = await tx.user.update({ where: { id: user.id }, data: pendingEmailColumns(user.email, link) })
    await recordLinkRequested(tx, { user: updated, link, now })
    return updated
  })
}

/**
 * Confirms the address whose current link carries this token, if it has not expired. Whose token
 * it was is never told: an unknown, used, replaced or expired one is simply 'invalid'.
 */
export async function verifySellerEmail(deps: SellerEmailDeps, props: { token: string }): Promise<'verified' | 'invalid'> {
  if (props.token === '') return 'invalid'
  const tokenHash = emailTokenHashOf(props.token)
  const owner = await deps.prisma.user.findUnique({ where: { emailTokenHash: tokenHash }, select: { id: true } })
  if (!owner) return 'invalid'
  return changeLocked(deps, owner.id, async (tx, user, now) => {
    // Read again under the lock: a change of address or a newer link committed meanwhile replaced the hash.
    const current = user.emailTokenHash === tokenHash && user.email !== null && (user.emailTokenExpiresAt ?? now) > now
    if (!current) return 'invalid'
    const verified = await tx.user.update({
      where: { id: user.id },
      data: { emailVerifiedAt: now, emailTokenHash: null, emailTokenExpiresAt: null },
    })
    await recordEmailState(tx, { user: verified, now })
    return 'verified'
  })
}

/** The language of the seller's e-mails; a change is published with the address mail may go to. */
export async function setEmailLanguage(deps: SellerEmailDeps, props: { userId: number; language: EmailLanguage }): Promise<User> {
  return changeLocked(deps, props.userId, async (tx, user, now) => {
    if (user.language === props.language) return user
    const updated = await tx.user.update({ where: { id: user.id }, data: { language: props.language } })
    await recordEmailState(tx, { user: updated, now })
    return updated
  })
}
