import { PGlite } from '@electric-sql/pglite'
import { PrismaPg } from '@prisma/adapter-pg'
import {
  DriverAdapterError,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
} from '@prisma/driver-adapter-utils'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import pg from 'pg'
import type { DatabaseConfig } from './database-config.ts'
import { leasePGlite, PGLITE_START_PARAMS, reportSchema, useSchema } from './pglite-instances.ts'
import { CatalogFriendlyClient, parsePostgresUrl, quoteIdentifier } from './postgres-connection.ts'

/** A migration-aware adapter factory for the schema engine, plus what must be closed afterwards. */
export interface EngineConnection {
  factory: SqlMigrationAwareDriverAdapterFactory
  close(): Promise<void>
}

interface PostgresErrorFields {
  code?: string
  severity?: string
  message: string
  detail?: string
  column?: string
  hint?: string
}

function isPostgresError(error: unknown): error is PostgresErrorFields & Error {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string'
}

function toDriverError(error: unknown): unknown {
  if (!isPostgresError(error)) return error
  return new DriverAdapterError({
    kind: 'postgres',
    code: error.code ?? 'N/A',
    severity: error.severity ?? 'ERROR',
    message: error.message,
    detail: error.detail,
    column: error.column,
    hint: error.hint,
  })
}

/**
 * Delegates to a driver adapter but runs scripts (whole migrations) as one simple-protocol query,
 * the way Prisma's native engine does: PostgreSQL then runs the file as one implicit transaction.
 * (adapter-pg splits on every `;`, breaking `$$` bodies; pglite-prisma-adapter does not await
 * `exec`, so a failing migration would be recorded as applied.)
 */
class WholeScriptAdapter implements SqlDriverAdapter {
  readonly provider: SqlDriverAdapter['provider']
  readonly adapterName: string

  constructor(
    private readonly inner: SqlDriverAdapter,
    private readonly runScript: (script: string) => Promise<unknown>,
    private readonly onDispose: () => Promise<void> = async () => {},
  ) {
    this.provider = inner.provider
    this.adapterName = inner.adapterName
  }

  queryRaw(query: SqlQuery) {
    return this.inner.queryRaw(query)
  }
  executeRaw(query: SqlQuery) {
    return this.inner.executeRaw(query)
  }
  startTransaction(isolationLevel?: IsolationLevel) {
    return this.inner.startTransaction(isolationLevel)
  }
  getConnectionInfo() {
    return this.inner.getConnectionInfo?.() ?? { supportsRelationJoins: true }
  }

  async executeScript(script: string): Promise<void> {
    try {
      await this.runScript(script)
    } catch (error) {
      throw toDriverError(error)
    }
  }

  async dispose(): Promise<void> {
    await this.inner.dispose()
    await this.onDispose()
  }
}

function postgresEngineConnection(url: string): EngineConnection {
  const { pool: poolConfig, schema } = parsePostgresUrl(url)
  const options = schema ? { schema } : undefined
  // One connection: the engine's session-level advisory lock must be taken and released on the same one.
  const pool = new pg.Pool({ ...poolConfig, max: 1, Client: CatalogFriendlyClient })
  const shadowPools = new Set<pg.Pool>()
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    async connect() {
      const inner = await new PrismaPg(pool, options).connect()
      return new WholeScriptAdapter(inner, (script) => pool.query(script))
    },
    async connectToShadowDb() {
      // Created and dropped here: the engine's own shadow handling assumes a connection string.
      const database = `prisma_shadow_${crypto.randomUUID().replace(/-/g, '')}`
      await pool.query(`CREATE DATABASE ${quoteIdentifier(database)}`)
      const shadowPool = new pg.Pool({ ...poolConfig, database, Client: CatalogFriendlyClient })
      shadowPools.add(shadowPool)
      const inner = await new PrismaPg(shadowPool, options).connect()
      return new WholeScriptAdapter(
        inner,
        (script) => shadowPool.query(script),
        async () => {
          shadowPools.delete(shadowPool)
          await shadowPool.end()
          await pool.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(database)} WITH (FORCE)`)
        },
      )
    },
  }
  return {
    factory,
    async close() {
      await Promise.all([...shadowPools].map((shadow) => shadow.end()))
      await pool.end()
    },
  }
}

/** Fresh in-memory PGlite databases for the engine's shadow database, closed on dispose. */
function pgliteShadows() {
  const open = new Set<PGlite>()
  return {
    async connect(): Promise<SqlDriverAdapter> {
      const shadow = await PGlite.create('memory://', { startParams: PGLITE_START_PARAMS })
      open.add(shadow)
      const inner = await new PrismaPGlite(shadow).connect()
      return new WholeScriptAdapter(
        inner,
        (script) => shadow.exec(script),
        async () => {
          open.delete(shadow)
          await shadow.close()
        },
      )
    },
    async closeAll(): Promise<void> {
      await Promise.all([...open].map((shadow) => shadow.close()))
    },
  }
}

async function pgliteEngineConnection(dataDir: string, schema: string | undefined): Promise<EngineConnection> {
  const lease = await leasePGlite(dataDir)
  // Migrations are unqualified SQL: they land in the search path's first schema.
  await useSchema(lease.db, schema)
  const shadows = pgliteShadows()
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: 'postgres',
    adapterName: 'pglite-prisma-adapter',
    async connect() {
      const inner = reportSchema(await new PrismaPGlite(lease.db).connect(), schema)
      // Services sharing the instance share its one session: set the path again with each script,
      // in case another service's migration moved it meanwhile.
      const prefix = schema ? `SET search_path TO ${quoteIdentifier(schema)};\n` : ''
      return new WholeScriptAdapter(inner, (script) => lease.db.exec(`${prefix}${script}`))
    },
    connectToShadowDb: () => shadows.connect(),
  }
  return {
    factory,
    async close() {
      await shadows.closeAll()
      await lease.release()
    },
  }
}

/**
 * For commands that only compare schemas (the next migration's SQL): the engine replays the
 * migrations on a shadow database, an in-memory PGlite. It also opens a main database that it
 * barely reads; both are served by the same instance, which saves creating a second (~2 s).
 */
export function openShadowOnlyConnection(): EngineConnection {
  let database: Promise<PGlite> | undefined
  const open = () => {
    database ??= PGlite.create('memory://', { startParams: PGLITE_START_PARAMS })
    return database
  }
  const connect = async (): Promise<SqlDriverAdapter> => {
    const db = await open()
    return new WholeScriptAdapter(await new PrismaPGlite(db).connect(), (script) => db.exec(script))
  }
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: 'postgres',
    adapterName: 'pglite-prisma-adapter',
    connect,
    connectToShadowDb: connect,
  }
  return {
    factory,
    async close() {
      if (database) await (await database).close()
    },
  }
}

/** Connects the schema engine to a database (PostgreSQL by separate fields, or a shared PGlite). */
export async function openEngineConnection(database: DatabaseConfig): Promise<EngineConnection> {
  return database.kind === 'postgres' ? postgresEngineConnection(database.url) : pgliteEngineConnection(database.dataDir, database.schema)
}
