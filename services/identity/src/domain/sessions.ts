import { createHash, randomBytes } from 'node:crypto'
import type { PrismaClient, Tx } from '../db.ts'

/** The cookie carries the token; the database and every event carry only its SHA-256. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export interface NewSession {
  token: string
  sessionId: string
  expiresAt: Date
}

/** 256 random bits, base64url: opaque and unguessable. */
export async function createSession(tx: Tx, props: { userId: number; ttlMs: number; now?: Date }): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url')
  const sessionId = sessionIdOf(token)
  const expiresAt = new Date((props.now ?? new Date()).getTime() + props.ttlMs)
  await tx.session.create({ data: { id: sessionId, userId: props.userId, expiresAt } })
  return { token, sessionId, expiresAt }
}

export interface ActiveSession {
  sessionId: string
  userId: number
  expiresAt: Date
}

/** The session a token names, if it exists and has not expired. */
export async function findActiveSession(prisma: PrismaClient, token: string, now = new Date()): Promise<ActiveSession | null> {
  if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null
  const session = await prisma.session.findUnique({
    where: { id: sessionIdOf(token) },
    select: { id: true, userId: true, expiresAt: true },
  })
  if (!session || session.expiresAt <= now) return null
  return { sessionId: session.id, userId: session.userId, expiresAt: session.expiresAt }
}

/** Removes expired sessions; run periodically. */
export async function deleteExpiredSessions(prisma: PrismaClient, now = new Date()): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { expiresAt: { lte: now } } })
  return count
}
