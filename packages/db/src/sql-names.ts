const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/

/** A table name for raw SQL, qualified with the service's schema when its database is shared. */
export function qualifiedTable(schema: string | undefined, table: string): string {
  for (const name of [schema, table]) if (name !== undefined && !IDENTIFIER.test(name)) throw new Error(`Not an SQL identifier: ${name}`)
  return schema ? `"${schema}"."${table}"` : `"${table}"`
}
