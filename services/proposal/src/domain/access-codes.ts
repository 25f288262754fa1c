import { createHash, timingSafeEqual } from 'node:crypto'
import { errors } from '@valueproof/service-kit'
import { Prisma, type PrismaClient } from '../db.ts'

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

/** Attempts at a proposal's access code per client address in a fixed window. */
export interface AccessCodePolicy {
  attempts: number
  windowMs: number
}

export const defaultAccessCodePolicy: AccessCodePolicy = { attempts: 10, windowMs: 15 * 60_000 }

export const ACCESS_CODE_REQUIRED_MESSAGE = 'This proposal is protected by an access code. Enter the access code to open it.'
export const ACCESS_CODE_WRONG_MESSAGE = 'The access code is not correct. Check it and try again.'

/** One row per proposal and address; the key is a digest, so no address is stored as such. */
export function throttleKey(proposalId: string, ip: string): string {
  return createHash('sha256').update(`${proposalId}\n${ip}`, 'utf8').digest('hex')
}

function minutesUntil(date: Date, now: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 60_000))
}

/**
 * Counts one attempt at a code BEFORE it is compared, in one atomic upsert, so attempts sent in
 * parallel cannot slip past the limit. Past the window's allowance the attempt is refused with 429
 * and Retry-After until the window ends. Counts live in the database, shared by every replica.
 */
export async function countCodeAttempt(
  prisma: PrismaClient,
  props: { proposalId: string; ip: string; policy: AccessCodePolicy; dbSchema: string | undefined; now?: Date },
): Promise<void> {
  const now = props.now ?? new Date()
  const windowOpenedAfter = new Date(now.getTime() - props.policy.windowMs)
  const table = Prisma.raw(props.dbSchema ? `"${props.dbSchema}".access_code_throttle` : 'access_code_throttle')
  const rows = await prisma.$queryRaw<Array<{ attempts: number; window_start: Date }>>`
    INSERT INTO ${table} AS throttle (key, attempts, window_start)
    VALUES (${throttleKey(props.proposalId, props.ip)}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN throttle.window_start <= ${windowOpenedAfter} THEN 1 ELSE throttle.attempts + 1 END,
      window_start = CASE WHEN throttle.window_start <= ${windowOpenedAfter} THEN ${now} ELSE throttle.window_start END
    RETURNING attempts, window_start`
  const [row] = rows
  if (row === undefined || Number(row.attempts) <= props.policy.attempts) return
  const windowEnds = new Date(new Date(row.window_start).getTime() + props.policy.windowMs)
  throw errors.tooManyRequests(
    `Too many access code attempts for this proposal. Please try again in ${minutesUntil(windowEnds, now)} minute(s).`,
    (windowEnds.getTime() - now.getTime()) / 1000,
    'access_code_throttled',
  )
}

/** The right code was entered: the address starts afresh for this proposal. */
export async function clearCodeAttempts(prisma: PrismaClient, props: { proposalId: string; ip: string }): Promise<void> {
  await prisma.accessCodeThrottle.deleteMany({ where: { key: throttleKey(props.proposalId, props.ip) } })
}

/** Rows whose window has ended count nothing any more. */
export async function deleteEndedCodeWindows(prisma: PrismaClient, props: { policy: AccessCodePolicy; now?: Date }): Promise<number> {
  const now = props.now ?? new Date()
  const { count } = await prisma.accessCodeThrottle.deleteMany({
    where: { windowStart: { lte: new Date(now.getTime() - props.policy.windowMs) } },
  })
  return count
}
