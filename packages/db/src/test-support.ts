import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createTestDatabase, needs } from '@valueproof/testing'
import type { DatabaseConfig } from './database-config.ts'

/** The fixture service used by this package's tests (two migrations, a generated client). */
export const notesFixture = {
  dir: resolve(dirname(fileURLToPath(import.meta.url)), '../test-fixtures/notes'),
  get schemaPath() {
    return join(this.dir, 'prisma', 'schema.prisma')
  },
  get migrationsDir() {
    return join(this.dir, 'prisma', 'migrations')
  },
}

/** A temporary directory, removed by the returned `remove()`. */
export async function temporaryDir(prefix: string): Promise<{ path: string; remove(this: void): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `${prefix}-`))
  return { path, remove: () => rm(path, { recursive: true, force: true }) }
}

/** A writable copy of the fixture's prisma/ folder. */
export async function copyOfNotesPrisma(into: string): Promise<{ schemaPath: string; migrationsDir: string }> {
  await cp(join(notesFixture.dir, 'prisma'), join(into, 'prisma'), { recursive: true })
  return { schemaPath: join(into, 'prisma', 'schema.prisma'), migrationsDir: join(into, 'prisma', 'migrations') }
}

/** A database kind this package's tests run against. */
export interface Backend {
  name: string
  skip: boolean
  /** A fresh, empty database and how to get rid of it. */
  create(): Promise<{ database: DatabaseConfig; drop(this: void): Promise<void> }>
}

/** PGlite in a temporary directory, and PostgreSQL (skipped, or failing under CI=true, when it is not running). */
export async function testBackends(prefix: string): Promise<Backend[]> {
  return [
    {
      name: 'PGlite',
      skip: false,
      async create() {
        const dir = await temporaryDir(`vp-db-${prefix}`)
        return { database: { kind: 'pglite', dataDir: join(dir.path, 'data') }, drop: dir.remove }
      },
    },
    {
      name: 'PostgreSQL',
      skip: !(await needs('postgres')),
      async create() {
        const db = await createTestDatabase(`vp_db_${prefix}`)
        return { database: { kind: 'postgres', url: db.url }, drop: db.drop }
      },
    },
  ]
}
