import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '@valueproof/http-kit'
import { openServiceDatabase } from '@valueproof/service-runtime'
import { createTestDatabase } from '@valueproof/testing'
import { PrismaClient } from '../db.ts'

const silent = createLogger({ name: 'test', level: 'silent' })

type ServiceDatabase = Awaited<ReturnType<typeof openServiceDatabase<PrismaClient>>>

/** What a test uses of identity's open database; `close()` also removes it (`discard`). */
function forTests(db: ServiceDatabase, discard: () => Promise<void>) {
  return {
    prisma: db.prisma,
    sql: db.sql,
    schema: db.schema,
    async close() {
      await db.close()
      await discard()
    },
  }
}

/** Identity's migrated database on the test PostgreSQL server (optionally in its own schema), dropped by `close()`. */
export async function identityTestDatabase(options: { schema?: string } = {}) {
  const database = await createTestDatabase('vp_identity')
  const url = new URL(database.url)
  if (options.schema) url.searchParams.set('schema', options.schema)
  const db = await openServiceDatabase({
    service: 'identity',
    PrismaClient,
    config: { DATABASE_URL: url.toString(), DATA_DIR: '' },
    logger: silent,
  })
  return forTests(db, () => database.drop())
}

/** Identity's migrated database in a shared PGlite under a temporary directory (the embedded stack's way). */
export async function identityPGliteDatabase() {
  const dataDir = await mkdtemp(join(tmpdir(), 'vp-identity-'))
  const db = await openServiceDatabase({
    service: 'identity',
    PrismaClient,
    config: { DATABASE_URL: undefined, DATA_DIR: dataDir },
    logger: silent,
    sharedPGlite: true,
  })
  return forTests(db, () => rm(dataDir, { recursive: true, force: true }))
}
