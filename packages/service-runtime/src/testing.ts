// Test helpers of the service runtime (`@valueproof/service-runtime/testing`): never imported by production code.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PrismaClientClass, PrismaClientLike } from '@valueproof/db'
import { createLogger } from '@valueproof/http-kit'
import { openServiceDatabase } from './runtime.ts'

/** A service's migrated database in a throw-away PGlite directory, removed by `close()`. */
export async function throwAwayServiceDatabase<Client extends PrismaClientLike>(service: string, PrismaClient: PrismaClientClass<Client>) {
  const dataDir = await mkdtemp(join(tmpdir(), `vp-${service}-`))
  const db = await openServiceDatabase({
    service,
    PrismaClient,
    config: { DATABASE_URL: undefined, DATA_DIR: dataDir },
    logger: createLogger({ name: 'test', level: 'silent' }),
  })
  return {
    prisma: db.prisma,
    schema: db.schema,
    async close() {
      await db.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
