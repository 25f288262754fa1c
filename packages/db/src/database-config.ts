/**
 * Where a service's database lives: a PostgreSQL server (production, docker-compose, tests) or an
 * embedded PGlite data directory (the one-machine default). `dataDir: 'memory://'` keeps a PGlite
 * database in memory only.
 */
export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /**
   * `schema`: the service's own schema inside a PGlite database shared by several services (one
   * PGlite instance costs ~170 MB, so the embedded stack runs one, not one per service).
   */
  | { kind: 'pglite'; dataDir: string; schema?: string }

/** Picks PostgreSQL when a URL is configured, the embedded PGlite directory otherwise. */
export function databaseConfig(props: { url?: string | undefined; dataDir: string; schema?: string }): DatabaseConfig {
  if (props.url) return { kind: 'postgres', url: props.url }
  return props.schema ? { kind: 'pglite', dataDir: props.dataDir, schema: props.schema } : { kind: 'pglite', dataDir: props.dataDir }
}

/** The schema a service's tables live in, when it is not the database's default. */
export function databaseSchema(database: DatabaseConfig): string | undefined {
  if (database.kind === 'pglite') return database.schema
  return new URL(database.url).searchParams.get('schema') ?? undefined
}

/** A description safe to log: no password. */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.kind === 'pglite') return `PGlite ${database.dataDir}${database.schema ? ` (schema ${database.schema})` : ''}`
  const url = new URL(database.url)
  if (url.password) url.password = '***'
  return `PostgreSQL ${url.toString()}`
}
