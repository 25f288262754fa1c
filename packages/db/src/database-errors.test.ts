import { createServer } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { PrismaClient as NotesClient } from '../test-fixtures/notes/generated/prisma/client.ts'
import { databaseFailureOf, describeDatabaseFailure } from './database-errors.ts'
import { migrate } from './migrate.ts'
import { createPrismaClient } from './prisma-client.ts'
import { notesFixture, testBackends } from './test-support.ts'

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
