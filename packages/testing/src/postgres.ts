import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { infra } from './infra.ts'

export interface TestDatabase {
  url: string
  name: string
  drop(this: void): Promise<void>
}

/** Creates an empty, uniquely named database on the test PostgreSQL server. */
export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_')
  const admin = new pg.Client({ connectionString: infra.postgresUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(infra.postgresUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: infra.postgresUrl })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}
