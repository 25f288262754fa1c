import { Prisma } from '../db.ts'
import type { EmailLanguage } from '@valueproof/contracts'
import { errors } from '@valueproof/http-kit'
import type { PrismaClient, User } from '../db.ts'
import { recordSessionRevoked, recordUserRegistered } from '../events/outbox.ts'
import { hashPassword, verifyPassword, type PasswordHashing } from './passwords.ts'
import type { ThrottleStore } from './throttle-store.ts'
import { loginSucceeded, reserveLoginAttempt, type LoginPolicy } from './login-throttle.ts'
import { reserveRegistration } from './registration-throttle.ts'
import { newEmailLink, pendingEmailColumns, recordEmailState, recordLinkRequested } from './seller-email.ts'
import { createSession, sessionIdOf, type NewSession } from './sessions.ts'
import { usernameKey } from './usernames.ts'

export interface AccountSettings {
  hashing: PasswordHashing
  sessionTtlMs: number
  login: LoginPolicy
  registrationsPerHour: number
  /** Where the limits' rows live and how their keys are made. */
  throttles: ThrottleStore
  now?: () => Date
}

export const USERNAME_TAKEN_MESSAGE = 'Username already exists'
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password'

function nowOf(settings: AccountSettings): Date {
  return settings.now?.() ?? new Date()
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

/**
 * Creates the account and its first session; the user-registered event commits with them, and so
 * do the seller's e-mail language and, when they gave an address, its confirmation link (issue 39).
 * The address's registrations of the hour are counted first, before any work.
 */
export async function registerAccount(
  prisma: PrismaClient,
  props: { username: string; password: string; email?: string | undefined; language: EmailLanguage; ip: string; settings: AccountSettings },
): Promise<{ user: User; session: NewSession }> {
  const { settings } = props
  await reserveRegistration(settings.throttles, { ip: props.ip, perHour: settings.registrationsPerHour })
  const key = usernameKey(props.username)
  if (await prisma.user.findUnique({ where: { usernameKey: key }, select: { id: true } })) {
    throw errors.conflict(USERNAME_TAKEN_MESSAGE, 'username_taken')
  }
  const passwordHash = await hashPassword(props.password, settings.hashing)
  try {
    return await prisma.$transaction(async (tx) => {
      const now = nowOf(settings)
      const link = props.email === undefined ? undefined : newEmailLink(now)
      const user = await tx.user.create({
        data: {
          username: props.username,
          usernameKey: key,
          passwordHash,
          language: props.language,
          ...(props.email !== undefined && link !== undefined ? pendingEmailColumns(props.email, link) : {}),
        },
      })
      const session = await createSession(tx, { userId: user.id, ttlMs: settings.sessionTtlMs })
      await recordUserRegistered(tx, user)
      // The notification service learns the language now, before any address is confirmed.
      await recordEmailState(tx, { user, now })
      if (link !== undefined) await recordLinkRequested(tx, { user, link, now })
      return { user, session }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict(USERNAME_TAKEN_MESSAGE, 'username_taken')
    throw error
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Checks the password and opens a session. An unknown username costs the same hash computation
 * as a wrong password and gets the same answer, so neither timing nor text tells them apart. The
 * attempt is reserved under every login limit first (login-throttle.ts); a refused one is never checked.
 */
export async function logIn(
  prisma: PrismaClient,
  props: { username: string; password: string; ip: string; settings: AccountSettings },
): Promise<{ user: User; session: NewSession }> {
  const key = usernameKey(props.username)
  const { settings } = props
  const attempt = await reserveLoginAttempt(settings.throttles, {
    usernameKey: key,
    ip: props.ip,
    policy: settings.login,
    now: nowOf(settings),
  })
  const user = await prisma.user.findUnique({ where: { usernameKey: key } })
  if (dummyHash === undefined) {
    dummyHash = hashPassword(`no-such-user-${Math.random()}`, settings.hashing)
    // Made now so an unknown user waits as long as a known one, awaited only for an unknown one:
    // should hashing fail, that is not an unhandled rejection, and the next login makes another.
    void dummyHash.catch(() => (dummyHash = undefined))
  }
  const valid = await verifyPassword(props.password, user?.passwordHash ?? (await dummyHash))
  if (!user || !valid) throw errors.unauthorized(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials')
  await loginSucceeded(settings.throttles, { attempt, policy: settings.login })
  const session = await prisma.$transaction((tx) => createSession(tx, { userId: user.id, ttlMs: settings.sessionTtlMs }))
  return { user, session }
}

/** Deletes the session; the session-revoked event tells every gateway replica at once. */
export async function logOut(prisma: PrismaClient, props: { token: string }): Promise<void> {
  const sessionId = sessionIdOf(props.token)
  await prisma.$transaction(async (tx) => {
    const session = await tx.session.findUnique({ where: { id: sessionId }, select: { userId: true } })
    if (!session) return
    await tx.session.delete({ where: { id: sessionId } })
    await recordSessionRevoked(tx, { sessionId, userId: session.userId, reason: 'logout' })
  })
}
