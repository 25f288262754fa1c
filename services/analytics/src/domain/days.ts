const DAY_MS = 86_400_000

/** The UTC calendar day an instant falls on: the key of every daily aggregate. */
export function utcDay(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()))
}

/** A UTC day as `YYYY-MM-DD` (how the answers and the SQL name days). */
export function dayKey(instant: Date): string {
  return utcDay(instant).toISOString().slice(0, 10)
}

/** The `count` UTC days ending with the day of `now`, oldest first, as `YYYY-MM-DD`. */
export function lastDays(now: Date, count: number): string[] {
  const today = utcDay(now).getTime()
  return Array.from({ length: count }, (_, index) => dayKey(new Date(today - (count - 1 - index) * DAY_MS)))
}
