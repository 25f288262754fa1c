import { createLogger, openServiceDatabase } from '@valueproof/service-kit'
import { createTestDatabase } from '@valueproof/testing'
import { PrismaClient } from '../db.ts'

/** Identity's migrated database on the test PostgreSQL server, dropped by `close()`. */
export async function identityTestDatabase() {
  const database = await createTestDatabase('vp_identity')
  const db = await openServiceDatabase({
    service: 'identity',
    PrismaClient,
    config: { DATABASE_URL: database.url, DATA_DIR: '' },
    logger: createLogger({ name: 'test', level: 'silent' }),
  })
  return {
    prisma: db.prisma,
    async close() {
      await db.close()
      await database.drop()
    },
  }
}
