import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { mountTinyDisk } from '@valueproof/testing'
import { afterAll, describe, expect, it } from 'vitest'
import { PrismaClient as NotesClient } from '../test-fixtures/notes/generated/prisma/client.ts'
import { databaseFailureOf, describeDatabaseFailure } from './database-errors.ts'
import { migrate } from './migrate.ts'
import { createPrismaClient } from './prisma-client.ts'
import { notesFixture, temporaryDir, testBackends } from './test-support.ts'

/** A loopback port nothing listens on (taken and given back at once). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

function failureOf(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    () => new Error('expected a failure'),
    (error: unknown) => error,
  )
}

describe('databaseFailureOf: a database that cannot be reached', async () => {
  const port = await closedPort()
  const url = `postgresql://postgres@127.0.0.1:${port}/test`
  const client = await createPrismaClient(NotesClient, { kind: 'postgres', url })
  afterAll(() => client.close())

  it('Prisma model queries and raw queries (P1001, P2010 with the adapter error)', async () => {
    const query = await failureOf(client.prisma.note.findMany())
    const raw = await failureOf(client.ping())
    expect(databaseFailureOf(query)).toBe('unreachable')
    expect(databaseFailureOf(raw)).toBe('unreachable')
  })

  it('SqlReader (plain pg error) and migrations (the schema engine message), each described in one line', async () => {
    const read = await failureOf(client.sql.read('SELECT 1', []))
    expect(databaseFailureOf(read)).toBe('unreachable')
    expect(describeDatabaseFailure(read)).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`)
    const migration = await failureOf(
      migrate({ schemaPath: notesFixture.schemaPath, migrationsDir: notesFixture.migrationsDir, database: { kind: 'postgres', url } }),
    )
    expect(databaseFailureOf(migration)).toBe('unreachable')
    expect(describeDatabaseFailure(migration)).toBe(`Can't reach database server at \`127.0.0.1:${port}\``)
  })
})

describe('databaseFailureOf: a database without its tables', async () => {
  for (const backend of await testBackends('errors')) {
    it.skipIf(backend.skip)(`${backend.name}: missing table and column are not_migrated, other errors are not classified`, async () => {
      const { database, drop } = await backend.create()
      const client = await createPrismaClient(NotesClient, database)
      try {
        expect(databaseFailureOf(await failureOf(client.prisma.note.findMany()))).toBe('not_migrated')
        expect(databaseFailureOf(await failureOf(client.prisma.$queryRawUnsafe('SELECT * FROM note')))).toBe('not_migrated')
        expect(databaseFailureOf(await failureOf(client.sql.read('SELECT * FROM note', [])))).toBe('not_migrated')
        // The first migration only: the second one's column is missing.
        await client.prisma.$executeRawUnsafe(
          "CREATE TABLE note (id SERIAL PRIMARY KEY, title TEXT NOT NULL, attachment BYTEA, meta JSONB NOT NULL DEFAULT '{}', created_at TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP)",
        )
        expect(databaseFailureOf(await failureOf(client.prisma.note.findMany()))).toBe('not_migrated')
        await client.prisma.$executeRawUnsafe('ALTER TABLE note ADD COLUMN pinned BOOLEAN NOT NULL DEFAULT false')
        const note = await client.prisma.note.create({ data: { title: 'one' } })
        const duplicate = await failureOf(client.prisma.note.create({ data: { id: note.id, title: 'two' } }))
        expect(duplicate).toMatchObject({ code: 'P2002' })
        expect(databaseFailureOf(duplicate)).toBeUndefined()
        expect(databaseFailureOf(await failureOf(client.prisma.$queryRawUnsafe('SELECT 1/0')))).toBeUndefined()
        expect(databaseFailureOf(new Error('anything else'))).toBeUndefined()
      } finally {
        await client.close()
        await drop()
      }
    })
  }
})

describe('databaseFailureOf: a disk with no room left (docs/decisions/120)', () => {
  it("is disk_full in every shape PostgreSQL's 53100 reaches us: its SQLSTATE, Prisma's adapter error, or only its words", () => {
    const words = 'could not extend file "base/16384/16390": No space left on device'
    expect(databaseFailureOf(Object.assign(new Error(words), { code: '53100', severity: 'ERROR' }))).toBe('disk_full')
    const prisma = Object.assign(new Error('Raw query failed'), {
      code: 'P2010',
      meta: { driverAdapterError: { cause: { kind: 'postgres', originalCode: '53100', originalMessage: words } } },
    })
    expect(databaseFailureOf(prisma)).toBe('disk_full')
    expect(databaseFailureOf(new Error(`Error in PostgreSQL connection: ${words}`))).toBe('disk_full')
    expect(databaseFailureOf(Object.assign(new Error('out of memory'), { code: '53200' }))).toBeUndefined()
  })

  it('PGlite on a disk that fills: the insert fails as disk_full, and the database serves again once there is room', async (context) => {
    const dir = await temporaryDir('vp-db-full')
    const disk = mountTinyDisk(join(dir.path, 'disk'), 48)
    if ('unavailable' in disk) {
      context.skip(disk.unavailable)
      return
    }
    const client = await createPrismaClient(NotesClient, { kind: 'pglite', dataDir: join(disk.path, 'data') })
    try {
      await migrate({
        schemaPath: notesFixture.schemaPath,
        migrationsDir: notesFixture.migrationsDir,
        database: { kind: 'pglite', dataDir: join(disk.path, 'data') },
      })
      const filler = disk.fill(256 * 1024)
      // Random bytes do not compress: the row needs room on the disk.
      const failure = await failureOf(
        client.prisma.note.create({ data: { title: 'big', attachment: new Uint8Array(randomBytes(2 * 1024 * 1024)) } }),
      )
      expect(databaseFailureOf(failure), String(failure)).toBe('disk_full')
      rmSync(filler)
      expect(await client.prisma.note.create({ data: { title: 'after' } })).toMatchObject({ title: 'after' })
    } finally {
      await client.close()
      disk.unmount()
      await dir.remove()
    }
  }, 60_000)
})
