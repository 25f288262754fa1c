import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMigration, MIGRATION_LOCK_CONTENT, migrationDirectoryName } from './new-migration.ts'
import { copyOfNotesPrisma, temporaryDir } from './test-support.ts'

describe('migrationDirectoryName', () => {
  it('is the UTC timestamp and the name reduced to [a-z0-9_]', () => {
    expect(migrationDirectoryName('Add user-sessions!', new Date('2026-03-04T05:06:07.890Z'))).toBe('20260304050607_add_user_sessions')
  })

  it('refuses a name with nothing usable', () => {
    expect(() => migrationDirectoryName(' -- ', new Date())).toThrow(/no letters or digits/)
  })
})

describe('createMigration', () => {
  let dir: Awaited<ReturnType<typeof temporaryDir>>
  let paths: { schemaPath: string; migrationsDir: string }

  beforeEach(async () => {
    dir = await temporaryDir('vp-db-new')
    paths = await copyOfNotesPrisma(dir.path)
  })
  afterEach(async () => {
    await dir.remove()
  })

  it('writes nothing when the schema matches the migrations', async () => {
    const before = await readdir(paths.migrationsDir)
    const result = await createMigration({ ...paths, name: 'nothing' })
    expect(result.directory).toBeNull()
    expect(await readdir(paths.migrationsDir)).toEqual(before)
  })

  it('writes the SQL from the existing migrations to the changed schema', async () => {
    const schema = await readFile(paths.schemaPath, 'utf8')
    await writeFile(
      paths.schemaPath,
      `${schema.replace('  pinned     Boolean  @default(false)\n', '')}\nmodel Tag {\n  label String @id\n  @@map("tag")\n}\n`,
    )
    const now = new Date('2030-01-02T03:04:05Z')
    const result = await createMigration({ ...paths, name: 'tags', now })
    expect(result.directory).toBe(join(paths.migrationsDir, '20300102030405_tags'))
    const sql = await readFile(join(paths.migrationsDir, '20300102030405_tags', 'migration.sql'), 'utf8')
    expect(sql).toContain('ALTER TABLE "note" DROP COLUMN "pinned"')
    expect(sql).toContain('CREATE TABLE "tag"')
    expect(sql).not.toContain('CREATE SCHEMA')
  })

  it('starts a migrations folder with its first migration and the lock file', async () => {
    await rm(paths.migrationsDir, { recursive: true })
    const result = await createMigration({ ...paths, name: 'init', now: new Date('2030-01-01T00:00:00Z') })
    expect(result.directory).toBe(join(paths.migrationsDir, '20300101000000_init'))
    expect(result.script).toContain('CREATE TABLE "note"')
    expect(result.script).not.toContain('CREATE SCHEMA')
    expect(await readFile(join(paths.migrationsDir, 'migration_lock.toml'), 'utf8')).toBe(MIGRATION_LOCK_CONTENT)
  })
})
