// One visitor's wrong access codes for one proposal (docs/decisions/100): the free failures, then
// an exponential wait between attempts. The rows are `access_code_delay` (key, failures, wait_ms,
// last_attempt_at); the delays come from accessCodeDelays, passed to SQL as one array.
import { accessCodeDelays, throttleTable, tooManyAttempts, type AccessCodePolicy, type CodeThrottleStore } from './access-code-policy.ts'

/** A visitor still waiting is refused before its attempt touches the shared windows. */
export async function refuseWaitingVisitor(store: CodeThrottleStore, props: { key: string; now: Date }): Promise<void> {
  const row = await store.prisma.accessCodeDelay.findUnique({ where: { key: props.key }, select: { waitMs: true, lastAttemptAt: true } })
  const waitEnds = row ? row.lastAttemptAt.getTime() + row.waitMs : 0
  if (waitEnds > props.now.getTime()) throw tooManyAttempts('visitor', waitEnds - props.now.getTime())
}

function timeOf(value: Date | string): number {
  return new Date(value).getTime()
}

/**
 * Counts the attempt as the visitor's next failure unless the visitor must still wait (then
 * nothing changes), in one statement: the upsert's row lock orders concurrent attempts, so a burst
 * gets the free failures and nothing more until the first wait has passed. A free attempt is never
 * refused (`wait_ms = 0`), even when a concurrent one with a later clock reading committed first.
 * Answers undefined when reserved, else how long the visitor must still wait.
 */
export async function reserveVisitorAttempt(
  store: CodeThrottleStore,
  props: { key: string; policy: AccessCodePolicy; now: Date },
): Promise<number | undefined> {
  const { key, policy, now } = props
  const table = throttleTable(store, 'access_code_delay')
  const delays = accessCodeDelays(policy)
  const forgotten = new Date(now.getTime() - policy.visitorMemoryMs)
  const rows = await store.prisma.$queryRawUnsafe<Array<{ reserved: boolean; wait_ms: number; last_attempt_at: Date | string | null }>>(
    `WITH reserved AS (
      INSERT INTO ${table} AS d (key, failures, wait_ms, last_attempt_at) VALUES ($1, 1, $2, $3)
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN d.last_attempt_at <= $4 THEN 1 ELSE d.failures + 1 END,
        wait_ms = CASE WHEN d.last_attempt_at <= $4 THEN $2 ELSE (CAST($5 AS integer[]))[LEAST(d.failures + 1, $6)] END,
        last_attempt_at = GREATEST(d.last_attempt_at, $3)
      WHERE d.wait_ms = 0 OR d.last_attempt_at + d.wait_ms * INTERVAL '1 millisecond' <= $3
      RETURNING failures)
    SELECT true AS reserved, 0 AS wait_ms, CAST(NULL AS timestamp(3)) AS last_attempt_at FROM reserved
    UNION ALL
    SELECT false AS reserved, wait_ms, last_attempt_at FROM ${table} WHERE key = $1 AND NOT EXISTS (SELECT 1 FROM reserved)`,
    key,
    delays[0] ?? 0,
    now,
    forgotten,
    `{${delays.join(',')}}`,
    delays.length,
  )
  const [row] = rows
  if (row?.reserved) return undefined
  // No row: refused by a row committed after this statement's snapshot, which its read cannot see.
  if (!row?.last_attempt_at) return policy.firstDelayMs
  return Math.max(1000, timeOf(row.last_attempt_at) + Number(row.wait_ms) - now.getTime())
}
