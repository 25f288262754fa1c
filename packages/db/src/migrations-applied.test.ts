import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PrismaClient as NotesClient } from '../test-fixtures/notes/generated/prisma/client.ts'
import type { DatabaseConfig } from './database-config.ts'
import { migrate } from './migrate.ts'
import { migrationsAppliedCheck, MigrationsPendingError } from './migrations-applied.ts'
import { createPrismaClient } from './prisma-client.ts'
import { notesFixture, temporaryDir, testBackends } from './test-support.ts'

const ALL_MIGRATIONS = ['20261121060949_init', '20261121060955_add_pinned_and_tags']

async function expectCheck(database: DatabaseConfig, schema: string | undefined): Promise<void> {
  const client = await createPrismaClient(NotesClient, database)
  try {
    const check = migrationsAppliedCheck({ sql: client.sql, schema, migrationsDir: notesFixture.migrationsDir })
    const before = await check().then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(before).toBeInstanceOf(MigrationsPendingError)
    expect((before as MigrationsPendingError).pendingMigrationNames).toEqual(ALL_MIGRATIONS)
    await migrate({ schemaPath: notesFixture.schemaPath, migrationsDir: notesFixture.migrationsDir, database })
    await expect(check()).resolves.toBeUndefined()
  } finally {
    await client.close()
  }
}

describe('migrationsAppliedCheck', async () => {
  for (const backend of await testBackends('applied')) {
    it.skipIf(backend.skip)(`${backend.name}: fails naming the pending migrations until they are applied`, async () => {
      const { database, drop } = await backend.create()
      try {
        await expectCheck(database, undefined)
      } finally {
        await drop()
      }
    })
  }

  it('reads the service schema of a shared PGlite database', async () => {
    const dir = await temporaryDir('vp-db-applied-shared')
    try {
      await expectCheck({ kind: 'pglite', dataDir: join(dir.path, 'data'), schema: 'notes' }, 'notes')
    } finally {
      await dir.remove()
    }
  })
})
