/** The UTC calendar day an instant falls on: the key of every daily aggregate. */
export function utcDay(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()))
}
