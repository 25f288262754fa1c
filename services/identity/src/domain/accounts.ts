import { Prisma } from '../db.ts'
import { errors } from '@valueproof/service-kit'
import type { PrismaClient, User } from '../db.ts'
import { recordSessionRevoked, recordUserRegistered } from '../events/outbox.ts'
import { hashPassword, verifyPassword, type PasswordHashing } from './passwords.ts'
import { clearLoginFailures, enforceLoginThrottle, recordLoginFailure, type LoginThrottlePolicy } from './login-throttle.ts'
import { createSession, sessionIdOf, type NewSession } from './sessions.ts'
import { usernameKey } from './usernames.ts'

export interface AccountSettings {
  hashing: PasswordHashing
  sessionTtlMs: number
  throttle: LoginThrottlePolicy
  /** Identity's schema when its database is shared with other services (raw SQL names it). */
  dbSchema: string | undefined
}

export const USERNAME_TAKEN_MESSAGE = 'Username already exists'
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password'

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'
}

/** Creates the account and its first session; the user-registered event commits with them. */
export async function registerAccount(
  prisma: PrismaClient,
  props: { username: string; password: string; settings: AccountSettings },
): Promise<{ user: User; session: NewSession }> {
  const key = usernameKey(props.username)
  if (await prisma.user.findUnique({ where: { usernameKey: key }, select: { id: true } })) {
    throw errors.conflict(USERNAME_TAKEN_MESSAGE, 'username_taken')
  }
  const passwordHash = await hashPassword(props.password, props.settings.hashing)
  try {
    return await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { username: props.username, usernameKey: key, passwordHash } })
      const session = await createSession(tx, { userId: user.id, ttlMs: props.settings.sessionTtlMs })
      await recordUserRegistered(tx, user)
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
 * as a wrong password and gets the same answer, so neither timing nor text tells them apart.
 */
export async function logIn(
  prisma: PrismaClient,
  props: { username: string; password: string; ip: string; settings: AccountSettings },
): Promise<{ user: User; session: NewSession }> {
  const key = usernameKey(props.username)
  await enforceLoginThrottle(prisma, { usernameKey: key, ip: props.ip, policy: props.settings.throttle })
  const user = await prisma.user.findUnique({ where: { usernameKey: key } })
  dummyHash ??= hashPassword(`no-such-user-${Math.random()}`, props.settings.hashing)
  const valid = await verifyPassword(props.password, user?.passwordHash ?? (await dummyHash))
  if (!user || !valid) {
    await recordLoginFailure(prisma, { usernameKey: key, ip: props.ip, policy: props.settings.throttle, dbSchema: props.settings.dbSchema })
    throw errors.unauthorized(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials')
  }
  await clearLoginFailures(prisma, { usernameKey: key })
  const session = await prisma.$transaction((tx) => createSession(tx, { userId: user.id, ttlMs: props.settings.sessionTtlMs }))
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
