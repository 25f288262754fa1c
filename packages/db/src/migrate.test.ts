import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTestDatabase, needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PrismaClient as NotesClient } from '../test-fixtures/notes/generated/prisma/client.ts'
import type { DatabaseConfig } from './database-config.ts'
import { migrate, migrationStatus } from './migrate.ts'
import { createPrismaClient } from './prisma-client.ts'
import { copyOfNotesPrisma, notesFixture, temporaryDir, testBackends } from './test-support.ts'

const postgresAvailable = await needs('postgres')
const fixtureMigrations = (await readdir(notesFixture.migrationsDir, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

const backends = await testBackends('migrate')

interface MigrationRow {
  migration_name: string
  finished_at: Date | null
  rolled_back_at: Date | null
  applied_steps_count: number
}

describe.each(backends)('migrations on $name', (backend) => {
  describe.skipIf(backend.skip)('', () => {
    let database: DatabaseConfig
    let drop: () => Promise<void>
    const target = () => ({ schemaPath: notesFixture.schemaPath, migrationsDir: notesFixture.migrationsDir, database })

    beforeAll(async () => {
      ;({ database, drop } = await backend.create())
    })
    afterAll(async () => {
      await drop?.()
    })

    it('reports every migration pending on an empty database', async () => {
      const status = await migrationStatus(target())
      expect(status).toMatchObject({ hasMigrationsTable: false, pendingMigrationNames: fixtureMigrations, upToDate: false })
    })

    it('applies the migrations, records them in _prisma_migrations, and applies nothing the second time', async () => {
      const first = await migrate(target())
      expect(first.appliedMigrationNames).toEqual(fixtureMigrations)
      const second = await migrate(target())
      expect(second.appliedMigrationNames).toEqual([])

      const client = await createPrismaClient(NotesClient, database)
      try {
        const rows = await client.prisma.$queryRawUnsafe<MigrationRow[]>(
          'SELECT migration_name, finished_at, rolled_back_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
        )
        expect(rows.map((row) => row.migration_name)).toEqual(fixtureMigrations)
        for (const row of rows) {
          expect(row.finished_at).toBeInstanceOf(Date)
          expect(row.rolled_back_at).toBeNull()
          expect(row.applied_steps_count).toBe(1)
        }
      } finally {
        await client.close()
      }
      expect(await migrationStatus(target())).toMatchObject({ hasMigrationsTable: true, pendingMigrationNames: [], upToDate: true })
    })

    it('gives a generated client that writes and reads every column type', async () => {
      const client = await createPrismaClient(NotesClient, database)
      try {
        await client.ping()
        const created = await client.prisma.note.create({
          data: { title: 'First', attachment: Buffer.from([0, 1, 254, 255]), meta: { tags: ['a'], n: 1 }, pinned: true },
        })
        const read = await client.prisma.note.findUniqueOrThrow({ where: { id: created.id } })
        expect(read.title).toBe('First')
        expect(Buffer.from(read.attachment ?? new Uint8Array())).toEqual(Buffer.from([0, 1, 254, 255]))
        expect(read.meta).toEqual({ tags: ['a'], n: 1 })
        expect(read.pinned).toBe(true)
        expect(read.createdAt).toBeInstanceOf(Date)
        const counted = await client.prisma.$transaction(async (tx) => {
          await tx.note.create({ data: { title: 'Second' } })
          return tx.note.count()
        })
        expect(counted).toBe(2)
      } finally {
        await client.close()
      }
    })

    it('refuses a failing migration and does not record it as applied', async () => {
      const dir = await temporaryDir('vp-db-failing')
      try {
        const paths = await copyOfNotesPrisma(dir.path)
        const broken = join(paths.migrationsDir, '29990101000000_broken')
        await mkdir(broken)
        await writeFile(
          join(broken, 'migration.sql'),
          'ALTER TABLE "note" ADD COLUMN "ok" INTEGER;\nALTER TABLE "no_such_table" ADD COLUMN "x" INTEGER;\n',
        )
        await expect(migrate({ ...paths, database })).rejects.toThrow(/no_such_table/)
        const status = await migrationStatus({ ...paths, database })
        expect(status.failedMigrationNames).toEqual(['29990101000000_broken'])
        expect(status.upToDate).toBe(false)
        // The whole file ran as one transaction: its first statement left nothing behind.
        const client = await createPrismaClient(NotesClient, database)
        try {
          const columns = await client.prisma.$queryRawUnsafe<{ column_name: string }[]>(
            `SELECT column_name FROM information_schema.columns WHERE table_name = 'note' AND column_name = 'ok'`,
          )
          expect(columns).toEqual([])
        } finally {
          await client.close()
        }
      } finally {
        await dir.remove()
      }
    })
  })
})

describe('PGlite data directory', () => {
  let dir: Awaited<ReturnType<typeof temporaryDir>>
  let database: DatabaseConfig
  const target = () => ({ schemaPath: notesFixture.schemaPath, migrationsDir: notesFixture.migrationsDir, database })

  beforeAll(async () => {
    dir = await temporaryDir('vp-db-reopen')
    database = { kind: 'pglite', dataDir: join(dir.path, 'data') }
  })
  afterAll(async () => {
    await dir.remove()
  })

  it('shares one instance between a running client and migrate', async () => {
    const client = await createPrismaClient(NotesClient, database)
    try {
      expect((await migrate(target())).appliedMigrationNames).toEqual(fixtureMigrations)
      // migrate let go of its hold; the client's instance is still open.
      await client.prisma.note.create({ data: { title: 'Kept' } })
      expect(await client.prisma.note.count()).toBe(1)
    } finally {
      await client.close()
    }
  })

  it('keeps the data after close and reopen', async () => {
    expect((await migrate(target())).appliedMigrationNames).toEqual([])
    const reopened = await createPrismaClient(NotesClient, database)
    try {
      const notes = await reopened.prisma.note.findMany()
      expect(notes.map((note) => note.title)).toEqual(['Kept'])
    } finally {
      await reopened.close()
    }
  })

  it('closes idempotently and rejects queries after close', async () => {
    const client = await createPrismaClient(NotesClient, database)
    await client.close()
    await client.close()
    await expect(client.ping()).rejects.toThrow()
  })
})

describe('PGlite database shared by services, one schema each', () => {
  let dir: Awaited<ReturnType<typeof temporaryDir>>
  beforeAll(async () => {
    dir = await temporaryDir('vp-db-schemas')
  })
  afterAll(async () => {
    await dir.remove()
  })

  it('migrates each schema on its own and keeps their rows apart', async () => {
    const dataDir = join(dir.path, 'data')
    const alpha: DatabaseConfig = { kind: 'pglite', dataDir, schema: 'alpha' }
    const beta: DatabaseConfig = { kind: 'pglite', dataDir, schema: 'beta' }
    const alphaClient = await createPrismaClient(NotesClient, alpha)
    const betaClient = await createPrismaClient(NotesClient, beta)
    try {
      for (const database of [alpha, beta]) {
        const result = await migrate({ schemaPath: notesFixture.schemaPath, migrationsDir: notesFixture.migrationsDir, database })
        expect(result.appliedMigrationNames).toEqual(fixtureMigrations)
      }
      await alphaClient.prisma.note.create({ data: { title: 'in alpha' } })
      await betaClient.prisma.note.createMany({ data: [{ title: 'in beta' }, { title: 'also beta' }] })
      expect(await alphaClient.prisma.note.count()).toBe(1)
      expect(await betaClient.prisma.note.count()).toBe(2)
      const tables = await alphaClient.prisma.$queryRawUnsafe<{ table_schema: string }[]>(
        `SELECT table_schema FROM information_schema.tables WHERE table_name = '_prisma_migrations' ORDER BY table_schema`,
      )
      expect(tables.map((table) => table.table_schema)).toEqual(['alpha', 'beta'])
    } finally {
      await alphaClient.close()
      await betaClient.close()
    }
  })
})

describe.skipIf(!postgresAvailable)('PostgreSQL URL with ?schema=', () => {
  it('creates the schema, migrates into it and gives a client on it', async () => {
    const db = await createTestDatabase('vp_db_schema')
    try {
      const database: DatabaseConfig = { kind: 'postgres', url: `${db.url}?schema=notes_svc` }
      const result = await migrate({ schemaPath: notesFixture.schemaPath, migrationsDir: notesFixture.migrationsDir, database })
      expect(result.appliedMigrationNames).toEqual(fixtureMigrations)
      const client = await createPrismaClient(NotesClient, database)
      try {
        await client.prisma.note.create({ data: { title: 'scoped' } })
        const rows = await client.prisma.$queryRawUnsafe<{ table_schema: string }[]>(
          `SELECT DISTINCT table_schema FROM information_schema.tables WHERE table_name IN ('note', '_prisma_migrations')`,
        )
        expect(rows).toEqual([{ table_schema: 'notes_svc' }])
      } finally {
        await client.close()
      }
    } finally {
      await db.drop()
    }
  })
})
