import { tooManyAttempts, type TakenSlot } from '@valueproof/rate-limit'
import { rateLimiter, throttleTable, type ThrottleStore } from './throttle-store.ts'

/**
 * Limits on logins (docs/decisions/091), each taken atomically BEFORE the password is checked:
 * - one account from one address: a few free failures, then each attempt waits 1 s, 2 s, 4 s … up
 *   to a cap; attempts during the wait are refused without a check. Only that pair waits, so an
 *   attacker's failures never slow the owner down at another address;
 * - one account from all addresses: a ceiling per short window, so a botnet cannot guess at scale,
 *   while the owner is refused for at most that window;
 * - one address: distinct usernames with failed logins per window, so spraying many accounts from
 *   one address stops, while colleagues behind one NAT mistyping their own passwords do not.
 * A correct password clears its pair, gives its account slot back and drops the username from the
 * address's list. Rows are keyed by HMAC (throttle-keys.ts): no address or username is stored.
 */
export interface LoginPolicy {
  /** Failures of one account from one address before each further attempt must wait. */
  freeFailures: number
  /** The first wait; it doubles with each further failure up to maxDelayMs. */
  firstDelayMs: number
  maxDelayMs: number
  /** A pair with no attempt for this long starts afresh. */
  pairMemoryMs: number
  /** Attempts per account from all addresses. */
  account: { attempts: number; windowMs: number }
  /** Distinct usernames with failed logins per address. */
  address: { usernames: number; windowMs: number }
}

export const LOGIN_FIRST_DELAY_MS = 1000
export const LOGIN_PAIR_MEMORY_MS = 24 * 3_600_000

export function loginPolicy(config: {
  LOGIN_FREE_FAILURES: number
  LOGIN_MAX_DELAY_SECONDS: number
  LOGIN_ACCOUNT_ATTEMPTS: number
  LOGIN_ACCOUNT_WINDOW_SECONDS: number
  LOGIN_ADDRESS_USERNAMES: number
  LOGIN_ADDRESS_WINDOW_MINUTES: number
}): LoginPolicy {
  return {
    freeFailures: config.LOGIN_FREE_FAILURES,
    firstDelayMs: LOGIN_FIRST_DELAY_MS,
    maxDelayMs: config.LOGIN_MAX_DELAY_SECONDS * 1000,
    pairMemoryMs: LOGIN_PAIR_MEMORY_MS,
    account: { attempts: config.LOGIN_ACCOUNT_ATTEMPTS, windowMs: config.LOGIN_ACCOUNT_WINDOW_SECONDS * 1000 },
    address: { usernames: config.LOGIN_ADDRESS_USERNAMES, windowMs: config.LOGIN_ADDRESS_WINDOW_MINUTES * 60_000 },
  }
}

export const TOO_MANY_LOGINS_MESSAGE = 'Too many failed login attempts.'

/** The wait after the n-th failure (n from 1) of one account from one address. */
export function loginDelayMs(failures: number, policy: Pick<LoginPolicy, 'freeFailures' | 'firstDelayMs' | 'maxDelayMs'>): number {
  if (failures < policy.freeFailures) return 0
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failures - policy.freeFailures))
}

/** loginDelayMs for 1, 2, … up to the first failure that waits the cap (every later one waits it too). */
export function loginDelays(policy: Pick<LoginPolicy, 'freeFailures' | 'firstDelayMs' | 'maxDelayMs'>): number[] {
  const delays: number[] = []
  for (let failures = 1; ; failures += 1) {
    const delay = loginDelayMs(failures, policy)
    delays.push(delay)
    if (delay >= policy.maxDelayMs) return delays
  }
}

/** What a reserved attempt holds, to be given back if the password is right. */
export interface LoginAttempt {
  pair: string
  account: string
  accountSlot: TakenSlot
  address: string
  usernameTag: string
}

/** Attempts per account from all addresses: the one rate limiter, shared by every replica. */
function accountLimiter(store: ThrottleStore, policy: Pick<LoginPolicy, 'account'>) {
  return rateLimiter(store, {
    name: 'login-account',
    points: policy.account.attempts,
    windowMs: policy.account.windowMs,
    message: 'Too many failed login attempts for this account.',
    errorId: 'login_account_throttled',
  })
}

function loginKeys(store: ThrottleStore, props: { usernameKey: string; ip: string }) {
  return {
    pair: store.keyOf('login-pair', props.usernameKey, props.ip),
    account: store.keyOf('login-account', props.usernameKey),
    address: store.keyOf('login-address', props.ip),
    // An entry of the address's list: 128 bits are plenty to tell usernames apart.
    usernameTag: store.keyOf('login-username', props.usernameKey).slice(0, 22),
  }
}

/** A pair still waiting is refused before it touches the other limits (its attempts never fill the account's ceiling). */
async function refuseWaitingPair(store: ThrottleStore, key: string, now: Date): Promise<void> {
  const pair = await store.prisma.loginPair.findUnique({ where: { key }, select: { waitMs: true, lastAttemptAt: true } })
  const waitEnds = pair ? pair.lastAttemptAt.getTime() + pair.waitMs : 0
  if (waitEnds > now.getTime()) throw tooManyAttempts(TOO_MANY_LOGINS_MESSAGE, waitEnds - now.getTime(), 'login_throttled')
}

/** Adds the username to the address's list of failing usernames, unless the list is full. */
async function reserveAddress(store: ThrottleStore, keys: { address: string; usernameTag: string }, policy: LoginPolicy, now: Date) {
  const table = throttleTable(store, 'login_address')
  const ended = new Date(now.getTime() - policy.address.windowMs)
  const tag = keys.usernameTag
  const rows = await store.prisma.$queryRaw<Array<{ reserved: boolean; window_start: Date }>>`
    WITH reserved AS (
      INSERT INTO ${table} AS a (key, usernames, window_start) VALUES (${keys.address}, ARRAY[CAST(${tag} AS text)], ${now})
      ON CONFLICT (key) DO UPDATE SET
        usernames = CASE
          WHEN a.window_start <= ${ended} THEN ARRAY[CAST(${tag} AS text)]
          WHEN CAST(${tag} AS text) = ANY (a.usernames) THEN a.usernames
          ELSE array_append(a.usernames, CAST(${tag} AS text)) END,
        window_start = CASE WHEN a.window_start <= ${ended} THEN ${now} ELSE a.window_start END
      WHERE a.window_start <= ${ended} OR CAST(${tag} AS text) = ANY (a.usernames) OR cardinality(a.usernames) < ${policy.address.usernames}
      RETURNING window_start)
    SELECT true AS reserved, window_start FROM reserved
    UNION ALL
    SELECT false AS reserved, window_start FROM ${table} WHERE key = ${keys.address} AND NOT EXISTS (SELECT 1 FROM reserved)`
  const [row] = rows
  if (row?.reserved) return
  // No row: refused by a row committed after this statement's snapshot, which its read cannot see.
  const windowEnds = (row ? new Date(row.window_start).getTime() : now.getTime()) + policy.address.windowMs
  const retryAfterMs = Math.max(1000, windowEnds - now.getTime())
  throw tooManyAttempts('Too many failed logins for different accounts from your network.', retryAfterMs, 'login_address_throttled')
}

/**
 * Counts the attempt as a failure of the pair unless the pair is waiting (then nothing changes):
 * the upsert's row lock orders concurrent attempts, so at most `freeFailures` of a burst pass.
 */
async function reservePair(store: ThrottleStore, key: string, policy: LoginPolicy, now: Date): Promise<number | undefined> {
  const table = throttleTable(store, 'login_pair')
  const delays = loginDelays(policy)
  const forgotten = new Date(now.getTime() - policy.pairMemoryMs)
  const first = delays[0] ?? 0
  const rows = await store.prisma.$queryRaw<Array<{ reserved: boolean; wait_ms: number; last_attempt_at: Date | null }>>`
    WITH reserved AS (
      INSERT INTO ${table} AS p (key, failures, wait_ms, last_attempt_at) VALUES (${key}, 1, ${first}, ${now})
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN p.last_attempt_at <= ${forgotten} THEN 1 ELSE p.failures + 1 END,
        wait_ms = CASE WHEN p.last_attempt_at <= ${forgotten} THEN ${first}
          ELSE (CAST(${`{${delays.join(',')}}`} AS integer[]))[LEAST(p.failures + 1, ${delays.length})] END,
        last_attempt_at = ${now}
      WHERE p.last_attempt_at + p.wait_ms * INTERVAL '1 millisecond' <= ${now}
      RETURNING failures)
    SELECT true AS reserved, 0 AS wait_ms, CAST(NULL AS timestamp(3)) AS last_attempt_at FROM reserved
    UNION ALL
    SELECT false AS reserved, wait_ms, last_attempt_at FROM ${table} WHERE key = ${key} AND NOT EXISTS (SELECT 1 FROM reserved)`
  const [row] = rows
  if (row?.reserved) return undefined
  // No row: refused by a row committed after this statement's snapshot, which its read cannot see.
  if (!row?.last_attempt_at) return policy.firstDelayMs
  return Math.max(1000, new Date(row.last_attempt_at).getTime() + Number(row.wait_ms) - now.getTime())
}

/**
 * Reserves one login attempt under every limit, or throws 429 with Retry-After. Called before the
 * password is checked; the attempt counts as a failure until loginSucceeded gives it back.
 */
export async function reserveLoginAttempt(
  store: ThrottleStore,
  props: { usernameKey: string; ip: string; policy: LoginPolicy; now: Date },
): Promise<LoginAttempt> {
  const { policy, now } = props
  const keys = loginKeys(store, props)
  await refuseWaitingPair(store, keys.pair, now)
  await reserveAddress(store, keys, policy, now)
  const accounts = accountLimiter(store, policy)
  const accountSlot = await accounts.take(keys.account)
  const pairWaitMs = await reservePair(store, keys.pair, policy, now)
  if (pairWaitMs !== undefined) {
    // Another attempt of this pair got there first: the account's slot goes back.
    await accounts.giveBack(accountSlot)
    throw tooManyAttempts(TOO_MANY_LOGINS_MESSAGE, pairWaitMs, 'login_throttled')
  }
  return { ...keys, accountSlot }
}

/** The password was right: the pair starts afresh, the account's slot and the address's entry go back. */
export async function loginSucceeded(store: ThrottleStore, props: { attempt: LoginAttempt; policy: LoginPolicy }): Promise<void> {
  const { attempt } = props
  const pairs = throttleTable(store, 'login_pair')
  const addresses = throttleTable(store, 'login_address')
  await store.prisma.$executeRaw`
    WITH pair AS (DELETE FROM ${pairs} WHERE key = ${attempt.pair})
    UPDATE ${addresses} SET usernames = array_remove(usernames, CAST(${attempt.usernameTag} AS text)) WHERE key = ${attempt.address}`
  await accountLimiter(store, props.policy).giveBack(attempt.accountSlot)
}

/** Rows that no longer limit anything: forgotten pairs and ended address windows. */
export async function deleteStaleLoginRows(store: ThrottleStore, props: { policy: LoginPolicy; now: Date }): Promise<number> {
  const pairs = await store.prisma.loginPair.deleteMany({
    where: { lastAttemptAt: { lte: new Date(props.now.getTime() - props.policy.pairMemoryMs) } },
  })
  const addresses = await store.prisma.loginAddress.deleteMany({
    where: { windowStart: { lte: new Date(props.now.getTime() - props.policy.address.windowMs) } },
  })
  return pairs.count + addresses.count
}
