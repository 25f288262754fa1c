// One fixed-window counter per key, reserved before the work it limits (login, registration,
// access-code attempts): the same statement checks and records, so concurrent callers cannot slip
// past the limit between a read and a write. Any table with columns (key text primary key,
// attempts int, window_start timestamp) holds the windows.

/** What runs the statements: a Prisma client (any service's) or a transaction of one. */
export interface RawSqlRunner {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>
}

/** At most `attempts` in a fixed window of `windowMs` that starts with the first attempt. */
export interface WindowLimit {
  attempts: number
  windowMs: number
}

export type WindowReservation = { reserved: true; windowStart: Date } | { reserved: false; retryAfterMs: number }

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/

/** A table name for raw SQL, qualified with the service's schema when its database is shared. */
export function qualifiedTable(schema: string | undefined, table: string): string {
  for (const name of [schema, table]) if (name !== undefined && !IDENTIFIER.test(name)) throw new Error(`Not an SQL identifier: ${name}`)
  return schema ? `"${schema}"."${table}"` : `"${table}"`
}

/**
 * Takes one slot of a key's window, or refuses when the window is full, in one statement: the
 * upsert's row lock orders concurrent callers, so no more than the limit ever get a slot. A refused
 * attempt takes nothing. The window restarts with the first attempt after it ended.
 */
export async function reserveInWindow(
  db: RawSqlRunner,
  props: { table: string; key: string; limit: WindowLimit; now: Date },
): Promise<WindowReservation> {
  const { table, key, limit, now } = props
  const ended = new Date(now.getTime() - limit.windowMs)
  const rows = await db.$queryRawUnsafe<Array<{ reserved: boolean; window_start: Date }>>(
    `WITH reserved AS (
      INSERT INTO ${table} AS w (key, attempts, window_start) VALUES ($1, 1, $2)
      ON CONFLICT (key) DO UPDATE SET
        attempts = CASE WHEN w.window_start <= $3 THEN 1 ELSE w.attempts + 1 END,
        window_start = CASE WHEN w.window_start <= $3 THEN $2 ELSE w.window_start END
      WHERE w.window_start <= $3 OR w.attempts < $4
      RETURNING window_start)
    SELECT true AS reserved, window_start FROM reserved
    UNION ALL
    SELECT false AS reserved, window_start FROM ${table} WHERE key = $1 AND NOT EXISTS (SELECT 1 FROM reserved)`,
    key,
    now,
    ended,
    limit.attempts,
  )
  const [row] = rows
  if (row?.reserved) return { reserved: true, windowStart: new Date(row.window_start) }
  // No row: refused by a row committed after this statement's snapshot, which its read cannot see.
  const windowEnds = (row ? new Date(row.window_start).getTime() : now.getTime()) + limit.windowMs
  return { reserved: false, retryAfterMs: Math.max(1000, windowEnds - now.getTime()) }
}

/** Gives a slot back (an attempt that turned out right, or was refused by a later limit). */
export async function releaseWindowSlot(db: RawSqlRunner, props: { table: string; key: string; windowStart: Date }): Promise<void> {
  await db.$executeRawUnsafe(
    `UPDATE ${props.table} SET attempts = attempts - 1 WHERE key = $1 AND window_start = $2 AND attempts > 0`,
    props.key,
    props.windowStart,
  )
}
