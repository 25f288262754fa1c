import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { SchemaEngine } from '@prisma/schema-engine-wasm'
import type { DatabaseConfig } from './database-config.ts'
import { openEngineConnection } from './engine-adapters.ts'
import { type EngineLog, NO_FILTERS, readMigrationsList, startSchemaEngine } from './schema-engine.ts'

export interface MigrationTarget {
  /** The service's `prisma/schema.prisma`. */
  schemaPath: string
  /** The service's `prisma/migrations` folder. */
  migrationsDir: string
  database: DatabaseConfig
  /** Receives the engine's log lines (JSON); silent by default. */
  log?: EngineLog
}

export interface MigrateResult {
  /** Migrations applied by this call, oldest first; empty when the database was up to date. */
  appliedMigrationNames: string[]
}

export interface MigrationStatus {
  /** Whether the database has a `_prisma_migrations` table at all. */
  hasMigrationsTable: boolean
  /** Migrations in the folder not yet applied to the database. */
  pendingMigrationNames: string[]
  /** Migrations recorded in the database that the folder does not have. */
  unknownMigrationNames: string[]
  failedMigrationNames: string[]
  /** Applied migrations whose file changed since. */
  editedMigrationNames: string[]
  upToDate: boolean
}

async function withEngine<T>(target: MigrationTarget, work: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const schemaPath = resolve(target.schemaPath)
  const schemaSource = await readFile(schemaPath, 'utf8')
  const connection = await openEngineConnection(target.database)
  try {
    const session = await startSchemaEngine({ schemaPath, schemaSource, factory: connection.factory, log: target.log })
    try {
      return await session.run(work)
    } finally {
      session.free()
    }
  } finally {
    await connection.close()
  }
}

/**
 * Applies the service's pending migrations (like `prisma migrate deploy`), recording them in the
 * standard `_prisma_migrations` table. Idempotent; safe to run at every start-up.
 */
export async function migrate(target: MigrationTarget): Promise<MigrateResult> {
  const migrationsList = await readMigrationsList(target.migrationsDir)
  return withEngine(target, async (engine) => {
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS })
    return { appliedMigrationNames }
  })
}

/** Compares the migrations folder with what the database has applied (like `prisma migrate status`). */
export async function migrationStatus(target: MigrationTarget): Promise<MigrationStatus> {
  const migrationsList = await readMigrationsList(target.migrationsDir)
  return withEngine(target, async (engine) => {
    const diagnosis = await engine.diagnoseMigrationHistory({
      migrationsList,
      optInToShadowDatabase: false,
      filters: NO_FILTERS,
    })
    const history = diagnosis.history
    const pendingMigrationNames =
      history?.diagnostic === 'databaseIsBehind' || history?.diagnostic === 'historiesDiverge' ? history.unappliedMigrationNames : []
    const unknownMigrationNames =
      history?.diagnostic === 'migrationsDirectoryIsBehind' || history?.diagnostic === 'historiesDiverge'
        ? history.unpersistedMigrationNames
        : []
    return {
      hasMigrationsTable: diagnosis.hasMigrationsTable,
      pendingMigrationNames,
      unknownMigrationNames,
      failedMigrationNames: diagnosis.failedMigrationNames,
      editedMigrationNames: diagnosis.editedMigrationNames,
      upToDate: history === null && diagnosis.failedMigrationNames.length === 0 && diagnosis.editedMigrationNames.length === 0,
    }
  })
}
