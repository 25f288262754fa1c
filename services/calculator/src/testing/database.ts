import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger, openServiceDatabase } from '@valueproof/service-kit'
import { PrismaClient } from '../db.ts'

/** Calculator generation's migrated database in a throw-away PGlite directory, removed by `close()`. */
export async function calculatorTestDatabase() {
  const dataDir = await mkdtemp(join(tmpdir(), 'vp-calculator-'))
  const db = await openServiceDatabase({
    service: 'calculator',
    PrismaClient,
    config: { DATABASE_URL: undefined, DATA_DIR: dataDir },
    logger: createLogger({ name: 'test', level: 'silent' }),
  })
  return {
    prisma: db.prisma,
    async close() {
      await db.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
