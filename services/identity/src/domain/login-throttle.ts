import { errors } from '@valueproof/service-kit'
import { Prisma, type PrismaClient } from '../db.ts'

/**
 * Failed logins are counted per username and per client address in a sliding window. After a few
 * failures each further attempt is slowed; past the limit the key is refused with 429 for a while.
 * Counts live in the database so every identity replica sees the same numbers.
 */
export interface LoginThrottlePolicy {
  windowMs: number
  /** Failures before attempts start being slowed. */
  slowAfter: number
  /** Delay added per failure past slowAfter, doubled each time, capped at maxDelayMs. */
  baseDelayMs: number
  maxDelayMs: number
  /** Failures that block a username / an address. */
  maxFailuresPerUsername: number
  maxFailuresPerAddress: number
  blockMs: number
}

export const defaultLoginThrottlePolicy: LoginThrottlePolicy = {
  windowMs: 15 * 60_000,
  slowAfter: 3,
  baseDelayMs: 250,
  maxDelayMs: 4000,
  maxFailuresPerUsername: 10,
  maxFailuresPerAddress: 50,
  blockMs: 15 * 60_000,
}

export function throttleKeys(props: { usernameKey: string; ip: string }): { user: string; address: string } {
  return { user: `user:${props.usernameKey}`, address: `ip:${props.ip}` }
}

interface ThrottleRow {
  key: string
  failures: number
  windowStart: Date
  blockedUntil: Date | null
}

function minutesUntil(date: Date, now: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - now.getTime()) / 60_000))
}

/**
 * Refuses a blocked username or address with 429, otherwise waits the slow-down delay earned by
 * recent failures. Called before the password is checked.
 */
export async function enforceLoginThrottle(
  prisma: PrismaClient,
  props: { usernameKey: string; ip: string; policy: LoginThrottlePolicy; now?: Date; sleep?: (ms: number) => Promise<void> },
): Promise<void> {
  const now = props.now ?? new Date()
  const keys = throttleKeys(props)
  const rows: ThrottleRow[] = await prisma.loginThrottle.findMany({ where: { key: { in: [keys.user, keys.address] } } })
  let failures = 0
  for (const row of rows) {
    if (row.blockedUntil && row.blockedUntil > now) {
      throw errors.tooManyRequests(
        `Too many failed login attempts. Please try again in ${minutesUntil(row.blockedUntil, now)} minute(s).`,
        (row.blockedUntil.getTime() - now.getTime()) / 1000,
        'login_throttled',
      )
    }
    if (now.getTime() - row.windowStart.getTime() < props.policy.windowMs) failures = Math.max(failures, row.failures)
  }
  const delay = slowDownDelay(failures, props.policy)
  if (delay > 0) await (props.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))(delay)
}

export function slowDownDelay(failures: number, policy: LoginThrottlePolicy): number {
  if (failures < policy.slowAfter) return 0
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - policy.slowAfter))
}

/** Counts one failure for both keys atomically; blocks a key that reaches its limit. */
export async function recordLoginFailure(
  prisma: PrismaClient,
  props: { usernameKey: string; ip: string; policy: LoginThrottlePolicy; dbSchema: string | undefined; now?: Date },
): Promise<void> {
  const now = props.now ?? new Date()
  const keys = throttleKeys(props)
  const table = Prisma.raw(props.dbSchema ? `"${props.dbSchema}".login_throttle` : 'login_throttle')
  const windowOpenedAfter = new Date(now.getTime() - props.policy.windowMs)
  const blockedUntil = new Date(now.getTime() + props.policy.blockMs)
  for (const [key, limit] of [
    [keys.user, props.policy.maxFailuresPerUsername],
    [keys.address, props.policy.maxFailuresPerAddress],
  ] as const) {
    await prisma.$executeRaw`
      INSERT INTO ${table} (key, failures, window_start, blocked_until)
      VALUES (${key}, 1, ${now}, NULL)
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN login_throttle.window_start < ${windowOpenedAfter} THEN 1 ELSE login_throttle.failures + 1 END,
        window_start = CASE WHEN login_throttle.window_start < ${windowOpenedAfter} THEN ${now} ELSE login_throttle.window_start END,
        blocked_until = CASE
          WHEN login_throttle.window_start >= ${windowOpenedAfter} AND login_throttle.failures + 1 >= ${limit} THEN ${blockedUntil}
          ELSE login_throttle.blocked_until END`
  }
}

/** A successful login clears the username's count (not the address's). */
export async function clearLoginFailures(prisma: PrismaClient, props: { usernameKey: string }): Promise<void> {
  await prisma.loginThrottle.deleteMany({ where: { key: `user:${props.usernameKey}` } })
}
