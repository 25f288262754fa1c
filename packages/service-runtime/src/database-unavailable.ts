// A service's requests that fail because its database is gone or not migrated answer 503 with a
// message for the client, not 500 (decision 092); a write that found the database's disk or the
// object store full answers 507 (decision 120). The HTTP kit's errorMiddleware asks this: the one
// mapping of dependency failures to answers.
import { databaseFailureOf, type DatabaseFailure } from '@valueproof/db'
import type { Unavailability } from '@valueproof/http-kit'
import { isObjectStoreFull } from '@valueproof/object-store'

/** What a client reads when its change could not be stored for want of room (507). */
export const STORAGE_FULL_MESSAGE = 'Storage is full; the change was not saved. Try again later.'

/** What a client reads when its request failed because of the database, not because of the request. */
export const DATABASE_FAILURE_MESSAGES: Record<DatabaseFailure, string> = {
  unreachable: 'The service cannot reach its database right now. Please try again shortly.',
  not_migrated: "The service's database is not migrated: its tables are missing. Please try again later.",
  disk_full: STORAGE_FULL_MESSAGE,
}

/**
 * The answer to an error that means the database is unreachable or not migrated (503), or that the
 * database's disk or the object store is full (507); undefined for any other error.
 */
export function databaseUnavailable(error: unknown): Unavailability | undefined {
  const databaseFailure = databaseFailureOf(error)
  if (databaseFailure === 'disk_full' || (databaseFailure === undefined && isObjectStoreFull(error))) {
    const storage = databaseFailure === 'disk_full' ? 'database' : 'object store'
    return { status: 507, message: STORAGE_FULL_MESSAGE, log: 'storage full', detail: { storage } }
  }
  if (databaseFailure === undefined) return undefined
  return { message: DATABASE_FAILURE_MESSAGES[databaseFailure], log: 'database unavailable', detail: { databaseFailure } }
}
