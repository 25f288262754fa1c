import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger } from '@valueproof/http-kit'
import { openServiceDatabase } from '@valueproof/service-runtime'
import { createTestDatabase } from '@valueproof/testing'
import { PrismaClient } from '../db.ts'

const silent = createLogger({ name: 'test', level: 'silent' })

export type AnalyticsTestDatabase = Awaited<ReturnType<typeof analyticsPGliteDatabase>>

/** Analytics' migrated database on the test PostgreSQL server, dropped by `close()`. */
export async function analyticsPostgresDatabase() {
  const database = await createTestDatabase('vp_analytics')
  const db = await openServiceDatabase({
    service: 'analytics',
    PrismaClient,
    config: { DATABASE_URL: database.url, DATA_DIR: '' },
    logger: silent,
  })
  return {
    db,
    async close() {
      await db.close()
      await database.drop()
    },
  }
}

/** Analytics' migrated database in PGlite under a temporary directory (the embedded stack's way), removed by `close()`. */
export async function analyticsPGliteDatabase() {
  const dataDir = await mkdtemp(join(tmpdir(), 'vp-analytics-'))
  const db = await openServiceDatabase({
    service: 'analytics',
    PrismaClient,
    config: { DATABASE_URL: undefined, DATA_DIR: dataDir },
    logger: silent,
    sharedPGlite: true,
  })
  return {
    db,
    async close() {
      await db.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
