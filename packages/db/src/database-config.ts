/**
 * Where a service's database lives: a PostgreSQL server (production, docker-compose, tests) or an
 * embedded PGlite data directory (the one-machine default). `dataDir: 'memory://'` keeps a PGlite
 * database in memory only.
 */
export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }

/** Picks PostgreSQL when a URL is configured, the embedded PGlite directory otherwise. */
export function databaseConfig(props: { url?: string | undefined; dataDir: string }): DatabaseConfig {
  return props.url ? { kind: 'postgres', url: props.url } : { kind: 'pglite', dataDir: props.dataDir }
}

/** A description safe to log: no password. */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.kind === 'pglite') return `PGlite ${database.dataDir}`
  const url = new URL(database.url)
  if (url.password) url.password = '***'
  return `PostgreSQL ${url.toString()}`
}
