import { readdir } from 'node:fs/promises'
import type { SqlReader } from './prisma-client.ts'
import { quoteIdentifier } from './postgres-connection.ts'

/** Thrown by the check while some migration of the folder is not applied (the message names them, for the log). */
export class MigrationsPendingError extends Error {
  constructor(readonly pendingMigrationNames: string[]) {
    super(`the database is not migrated: ${pendingMigrationNames.length} pending (${pendingMigrationNames.join(', ')})`)
    this.name = 'MigrationsPendingError'
  }
}

async function migrationNames(migrationsDir: string): Promise<string[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true })
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name)
}

/**
 * A readiness check that the service's migrations are applied: every folder of `migrationsDir`
 * is recorded as finished in `_prisma_migrations`. One small query while some are missing; once
 * they are all there it passes without asking again (a process runs one version of the code, and
 * a table dropped later shows as 503s from the queries themselves).
 */
export function migrationsAppliedCheck(props: { sql: SqlReader; schema: string | undefined; migrationsDir: string }): () => Promise<void> {
  const table = `${props.schema ? `${quoteIdentifier(props.schema)}.` : ''}"_prisma_migrations"`
  const query = `SELECT migration_name FROM ${table} WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`
  let expected: Promise<string[]> | undefined
  let applied = false
  return async () => {
    if (applied) return
    expected ??= migrationNames(props.migrationsDir)
    const [names, rows] = await Promise.all([
      expected,
      props.sql.read<{ migration_name: string }>(query, []).catch((error: unknown) => {
        // No table at all: nothing was ever applied.
        if ((error as { code?: unknown }).code === '42P01') return []
        throw error
      }),
    ])
    const done = new Set(rows.map((row) => row.migration_name))
    const pending = names.filter((name) => !done.has(name))
    if (pending.length > 0) throw new MigrationsPendingError(pending)
    applied = true
  }
}
