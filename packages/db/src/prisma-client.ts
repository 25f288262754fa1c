import { PrismaPg } from '@prisma/adapter-pg'
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import pg from 'pg'
import type { PGlite } from '@electric-sql/pglite'
import type { DatabaseConfig } from './database-config.ts'
import { leasePGlite, reportSchema } from './pglite-instances.ts'
import { parsePostgresUrl } from './postgres-connection.ts'

/** The part of a generated Prisma client this package relies on. */
export interface PrismaClientLike {
  $queryRawUnsafe(query: string): PromiseLike<unknown>
  $disconnect(): PromiseLike<void>
}

/** A generated `PrismaClient` class (from `services/<service>/src/generated/prisma/client.ts`). */
export type PrismaClientClass<Client extends PrismaClientLike> = new (options: {
  adapter: SqlDriverAdapterFactory
  errorFormat?: 'minimal' | 'colorless' | 'pretty'
}) => Client

/**
 * Reads rows with SQL on the service's own connections, without Prisma's query engine: for the few
 * hot reads where that engine's work per query (~300 µs of CPU) is most of a request's cost
 * (decision 005). Writes stay in Prisma. `text` is a fixed statement with `$1`… placeholders bound
 * from `values`; on PostgreSQL each distinct text is prepared once per connection and its plan
 * reused. Columns come back as the driver parses them, except `timestamp` (without time zone),
 * read as UTC as Prisma reads it.
 */
export interface SqlReader {
  read<Row>(text: string, values: readonly unknown[]): Promise<Row[]>
}

export interface DatabaseClient<Client extends PrismaClientLike> {
  prisma: Client
  sql: SqlReader
  database: DatabaseConfig
  /** Resolves when the database answers `SELECT 1` (readiness). */
  ping(): Promise<void>
  /** Disconnects Prisma and closes the pool or this service's hold on the PGlite database. */
  close(): Promise<void>
}

export interface PrismaClientOptions {
  /** An idle PostgreSQL connection failed (the pool replaces it); without this it is ignored. */
  onPoolError?: (error: Error) => void
}

const TIMESTAMP_OID = 1114

/** `timestamp` (without time zone) text, e.g. `2026-11-21 09:52:42.123`, as the UTC instant Prisma reads it as. */
export function parseUtcTimestamp(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}Z`)
}

/** pg's own parser of a type (pg-types declares it as answering `any`). */
const builtInParser: (oid: number, format?: 'text' | 'binary') => (text: string) => unknown = pg.types.getTypeParser

const postgresReadTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID && format !== 'binary' ? parseUtcTimestamp : builtInParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
}

/** Distinct statement texts one reader prepares; texts beyond these run unprepared (built-up text must not fill memory). */
const MAX_PREPARED_STATEMENTS = 64

function postgresReader(pool: pg.Pool): SqlReader {
  const names = new Map<string, string>()
  return {
    async read<Row>(text: string, values: readonly unknown[]): Promise<Row[]> {
      let name = names.get(text)
      if (name === undefined && names.size < MAX_PREPARED_STATEMENTS) {
        name = `vp_read_${names.size + 1}`
        names.set(text, name)
      }
      const result = await pool.query({ name, text, values: [...values], types: postgresReadTypes })
      return result.rows as Row[]
    },
  }
}

function pgliteReader(db: PGlite): SqlReader {
  return {
    async read<Row>(text: string, values: readonly unknown[]): Promise<Row[]> {
      const result = await db.query<Row>(text, [...values], { parsers: { [TIMESTAMP_OID]: parseUtcTimestamp } })
      return result.rows
    },
  }
}

/**
 * Connects a service's generated Prisma client to PostgreSQL (adapter-pg, separate connection
 * fields) or to an embedded PGlite directory (shared with `migrate` in the same process).
 */
export async function createPrismaClient<Client extends PrismaClientLike>(
  PrismaClient: PrismaClientClass<Client>,
  database: DatabaseConfig,
  options: PrismaClientOptions = {},
): Promise<DatabaseClient<Client>> {
  let release: () => Promise<void>
  let adapter: SqlDriverAdapterFactory
  let sql: SqlReader
  if (database.kind === 'postgres') {
    const { pool: poolConfig, schema } = parsePostgresUrl(database.url)
    const pool = new pg.Pool(poolConfig)
    pool.on('error', (error) => options.onPoolError?.(error))
    adapter = new PrismaPg(pool, schema ? { schema } : undefined)
    sql = postgresReader(pool)
    release = () => pool.end()
  } else {
    const lease = await leasePGlite(database.dataDir)
    const pglite = new PrismaPGlite(lease.db)
    sql = pgliteReader(lease.db)
    const { schema } = database
    adapter = schema
      ? {
          provider: pglite.provider,
          adapterName: pglite.adapterName,
          connect: async () => reportSchema(await pglite.connect(), schema),
        }
      : pglite
    release = () => lease.release()
  }
  // 'minimal': otherwise every query captures a stack trace (new Error()) to point an error
  // message at its call site, about a fifth of a simple query's CPU (decision 005). Errors keep
  // their code, meta and stack.
  const prisma = new PrismaClient({ adapter, errorFormat: 'minimal' })
  let closing: Promise<void> | undefined
  return {
    prisma,
    sql,
    database,
    async ping() {
      await prisma.$queryRawUnsafe('SELECT 1')
    },
    close() {
      closing ??= (async () => {
        try {
          await prisma.$disconnect()
        } finally {
          await release()
        }
      })()
      return closing
    },
  }
}

/** SQL on a database that has no Prisma client of its own (the embedded event bus's journal). */
export interface SqlDatabase {
  /** Runs one statement and answers its rows (a write's RETURNING rows, or none). */
  sql: SqlReader
  close(): Promise<void>
}

/**
 * Opens `database` for raw SQL only: a small PostgreSQL pool, or this process's one PGlite instance
 * of the directory, shared with the services' clients as they share it with each other.
 */
export async function openSqlDatabase(database: DatabaseConfig, options: PrismaClientOptions = {}): Promise<SqlDatabase> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ ...parsePostgresUrl(database.url).pool, max: 2 })
    pool.on('error', (error) => options.onPoolError?.(error))
    return { sql: postgresReader(pool), close: () => pool.end() }
  }
  const lease = await leasePGlite(database.dataDir)
  return { sql: pgliteReader(lease.db), close: () => lease.release() }
}
