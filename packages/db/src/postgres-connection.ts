import pg from 'pg'

/** What a PostgreSQL URL says, split into the separate fields pg needs. */
export interface PostgresConnection {
  pool: pg.PoolConfig
  /** Schema named by `?schema=` (Prisma's URL convention), if any. */
  schema: string | undefined
}

const SSL_MODES_WITHOUT_VERIFY = new Set(['prefer', 'require', 'no-verify'])

/**
 * Splits `postgresql://user:pass@host:port/db?sslmode=…&schema=…&connection_limit=…` into
 * separate pool fields. With a `connectionString`, pg lets the string override `database`, which
 * would silently point a shadow database at the main one — so the string never reaches pg.
 */
export function parsePostgresUrl(url: string): PostgresConnection {
  const parsed = new URL(url)
  if (parsed.protocol !== 'postgresql:' && parsed.protocol !== 'postgres:') {
    throw new Error(`Not a PostgreSQL URL (expected postgresql://…): ${parsed.protocol}`)
  }
  const params = parsed.searchParams
  const socketHost = params.get('host')
  const pool: pg.PoolConfig = {
    host: socketHost ?? (decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, '')) || 'localhost'),
    port: parsed.port ? Number(parsed.port) : 5432,
    user: decodeURIComponent(parsed.username) || 'postgres',
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres',
  }
  if (parsed.password) pool.password = decodeURIComponent(parsed.password)
  // Raw SQL (outbox, consumers) is unqualified: it must land in the same schema as Prisma's tables.
  const schemaName = params.get('schema')
  if (schemaName) pool.options = `-c search_path="${schemaName.replace(/"/g, '""')}"`
  const sslmode = params.get('sslmode')
  if (sslmode === 'verify-ca' || sslmode === 'verify-full') pool.ssl = { rejectUnauthorized: true }
  else if (sslmode && SSL_MODES_WITHOUT_VERIFY.has(sslmode)) pool.ssl = { rejectUnauthorized: false }
  const limit = params.get('connection_limit')
  if (limit) pool.max = Number(limit)
  const connectTimeout = params.get('connect_timeout')
  if (connectTimeout) pool.connectionTimeoutMillis = Number(connectTimeout) * 1000
  return { pool, schema: params.get('schema') ?? undefined }
}

/** OID of PostgreSQL's internal single-byte `"char"` type (pg_class.relkind, pg_constraint.contype, …). */
const INTERNAL_CHAR_OID = 18
const TEXT_OID = 25

interface RowDescription {
  fields: { dataTypeID: number }[]
}

/**
 * A pg client that reports `"char"` columns as text. The schema engine reads the catalogs, whose
 * `"char"` columns @prisma/adapter-pg refuses (UnsupportedNativeDataType); their text form is the
 * character itself, so text is the faithful mapping. Our listener runs before the client's own.
 */
export class CatalogFriendlyClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config)
    this.connection.on('rowDescription', (message: RowDescription) => {
      for (const field of message.fields) if (field.dataTypeID === INTERNAL_CHAR_OID) field.dataTypeID = TEXT_OID
    })
  }
}

/** Quotes an identifier for SQL (database names are never parameters). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
