// Which failures of a query mean "the database is not there" or "its tables are not there" rather
// than a bug: the service answers those with 503, not 500 (decision 092). The same failure reaches
// us in several shapes: a Prisma error with its P-code (the driver adapter's error kept in
// `meta.driverAdapterError` for raw queries), the adapter's own DriverAdapterError, or a plain pg
// / PGlite error (SqlReader, migrations) with a socket code or a SQLSTATE.

/**
 * `unreachable`: no connection can be made or it was lost; `not_migrated`: the tables a query needs
 * are missing; `disk_full`: a write found no room on the database's disk (docs/decisions/120).
 */
export type DatabaseFailure = 'unreachable' | 'not_migrated' | 'disk_full'

const PRISMA_CODES: Record<string, DatabaseFailure> = {
  P1000: 'unreachable', // authentication failed (the server is not the one configured yet)
  P1001: 'unreachable', // can't reach the database server
  P1002: 'unreachable', // the server was reached but timed out
  P1003: 'unreachable', // the database does not exist (yet)
  P1008: 'unreachable', // socket timeout
  P1010: 'unreachable', // access denied
  P1011: 'unreachable', // TLS connection error
  P1017: 'unreachable', // the server closed the connection
  P2037: 'unreachable', // too many connections
  P2021: 'not_migrated', // the table does not exist
  P2022: 'not_migrated', // the column does not exist
}

// @prisma/driver-adapter-utils' error kinds (what P-codes are made from).
const ADAPTER_KINDS: Record<string, DatabaseFailure> = {
  AuthenticationFailed: 'unreachable',
  DatabaseNotReachable: 'unreachable',
  DatabaseDoesNotExist: 'unreachable',
  DatabaseAccessDenied: 'unreachable',
  SocketTimeout: 'unreachable',
  TlsConnectionError: 'unreachable',
  ConnectionClosed: 'unreachable',
  TooManyConnections: 'unreachable',
  TableDoesNotExist: 'not_migrated',
  ColumnNotFound: 'not_migrated',
}

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE'])

/**
 * SQLSTATEs: 08 connection exception; 57P01-03 shutting down or starting; 3D000 no such database;
 * 28 auth; 53300 too many connections; 53100 disk full (PostgreSQL's and PGlite's "could not extend file").
 */
function sqlStateFailure(code: string): DatabaseFailure | undefined {
  if (code.startsWith('08') || code.startsWith('28') || code === '57P01' || code === '57P02' || code === '57P03') return 'unreachable'
  if (code === '3D000' || code === '53300') return 'unreachable'
  if (code === '53100') return 'disk_full'
  // undefined table / column, no such schema
  if (code === '42P01' || code === '42703' || code === '3F000') return 'not_migrated'
  return undefined
}

// Errors that carry no code: pg's for a connection that never came or went away, and the schema
// engine's (migrations), which keep only Prisma's fixed message texts.
const CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Can't reach database server|Database `[^`]*` does not exist|Authentication failed against database server|Server has closed the connection|Timed out fetching a new connection)/

// A full disk reported without its SQLSTATE (a driver that kept only the text): PostgreSQL's own words.
const DISK_FULL = /could not extend file|No space left on device|could not write to file .*: No space left/

interface ErrorShape {
  code?: unknown
  errorCode?: unknown
  originalCode?: unknown
  kind?: unknown
  message?: unknown
  meta?: { driverAdapterError?: unknown }
  cause?: unknown
}

function failureOfOne(error: ErrorShape): DatabaseFailure | undefined {
  for (const code of [error.code, error.errorCode, error.originalCode]) {
    if (typeof code !== 'string') continue
    const failure =
      PRISMA_CODES[code] ?? (SOCKET_CODES.has(code) ? 'unreachable' : /^[0-9A-Z]{5}$/.test(code) ? sqlStateFailure(code) : undefined)
    if (failure) return failure
  }
  if (typeof error.kind === 'string' && ADAPTER_KINDS[error.kind]) return ADAPTER_KINDS[error.kind]
  if (typeof error.message === 'string' && CONNECTION_LOST.test(error.message)) return 'unreachable'
  if (typeof error.message === 'string' && DISK_FULL.test(error.message)) return 'disk_full'
  return undefined
}

/**
 * Whether an error means the database is unreachable or not migrated; undefined for any other
 * error. Looks through `cause` chains, Prisma's `meta.driverAdapterError` and AggregateErrors
 * (pg's connection attempt to each address of `localhost`).
 */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  const pending: unknown[] = [error]
  for (let seen = 0; pending.length > 0 && seen < 16; seen += 1) {
    const next = pending.shift()
    if (next === null || typeof next !== 'object') continue
    const shape = next as ErrorShape
    const failure = failureOfOne(shape)
    if (failure) return failure
    pending.push(shape.meta?.driverAdapterError, shape.cause)
    if (next instanceof AggregateError) pending.push(...(next.errors as unknown[]))
  }
  return undefined
}

/**
 * A connection failure in one line for the log, e.g. `connect ECONNREFUSED 127.0.0.1:5999` (pg),
 * `Can't reach database server at …` (the schema engine's first line, or a Prisma error's last).
 */
export function describeDatabaseFailure(error: unknown): string {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth += 1) {
    if (current instanceof AggregateError && current.errors.length > 0) {
      current = current.errors[0]
      continue
    }
    const { message, cause, meta } = current as { message?: unknown; cause?: unknown; meta?: unknown }
    const lines =
      typeof message === 'string'
        ? message
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line !== '')
        : []
    // Prisma's messages start with where it was called and end with what happened.
    const line = meta !== undefined ? lines.at(-1) : lines[0]
    if (line !== undefined) return line
    current = cause
  }
  return String(error)
}
