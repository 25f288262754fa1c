// A service's requests that fail because its database is gone or not migrated answer 503 with a
// message for the client, not 500 (decision 092): the HTTP kit's errorMiddleware asks this.
import { databaseFailureOf, type DatabaseFailure } from '@valueproof/db'
import type { Unavailability } from '@valueproof/http-kit'

/** What a client reads when its request failed because of the database, not because of the request (503). */
export const DATABASE_FAILURE_MESSAGES: Record<DatabaseFailure, string> = {
  unreachable: 'The service cannot reach its database right now. Please try again shortly.',
  not_migrated: "The service's database is not migrated: its tables are missing. Please try again later.",
}

/** The 503 of an error that means the database is unreachable or not migrated; undefined for any other error. */
export function databaseUnavailable(error: unknown): Unavailability | undefined {
  const databaseFailure = databaseFailureOf(error)
  if (databaseFailure === undefined) return undefined
  return { message: DATABASE_FAILURE_MESSAGES[databaseFailure], log: 'database unavailable', detail: { databaseFailure } }
}
