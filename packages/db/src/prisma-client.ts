import { PrismaPg } from '@prisma/adapter-pg'
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import pg from 'pg'
import type { DatabaseConfig } from './database-config.ts'
import { leasePGlite, reportSchema } from './pglite-instances.ts'
import { parsePostgresUrl } from './postgres-connection.ts'

/** The part of a generated Prisma client this package relies on. */
export interface PrismaClientLike {
  $queryRawUnsafe(query: string): PromiseLike<unknown>
  $disconnect(): PromiseLike<void>
}

/** A generated `PrismaClient` class (from `services/<service>/src/generated/prisma/client.ts`). */
export type PrismaClientClass<Client extends PrismaClientLike> = new (options: { adapter: SqlDriverAdapterFactory; errorFormat?: 'minimal' | 'colorless' | 'pretty' }) => Client

export interface DatabaseClient<Client extends PrismaClientLike> {
  prisma: Client
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
  if (database.kind === 'postgres') {
    const { pool: poolConfig, schema } = parsePostgresUrl(database.url)
    const pool = new pg.Pool(poolConfig)
    pool.on('error', (error) => options.onPoolError?.(error))
    adapter = new PrismaPg(pool, schema ? { schema } : undefined)
    release = () => pool.end()
  } else {
    const lease = await leasePGlite(database.dataDir)
    const pglite = new PrismaPGlite(lease.db)
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
