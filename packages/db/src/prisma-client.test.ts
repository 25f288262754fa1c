import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PrismaClient as NotesClient } from '../test-fixtures/notes/generated/prisma/client.ts'
import { migrate } from './migrate.ts'
import { createPrismaClient, type DatabaseClient } from './prisma-client.ts'
import { notesFixture, temporaryDir } from './test-support.ts'

describe('createPrismaClient', () => {
  let dir: Awaited<ReturnType<typeof temporaryDir>>
  let client: DatabaseClient<NotesClient>

  beforeAll(async () => {
    dir = await temporaryDir('vp-db-client')
    const database = { kind: 'pglite' as const, dataDir: join(dir.path, 'data') }
    await migrate({ schemaPath: notesFixture.schemaPath, migrationsDir: notesFixture.migrationsDir, database })
    client = await createPrismaClient(NotesClient, database)
  })
  afterAll(async () => {
    await client?.close()
    await dir?.remove()
  })

  it('reports query errors without capturing each call site (errorFormat minimal: no stack trace taken per query)', async () => {
    const note = await client.prisma.note.create({ data: { title: 'first' } })
    expect(await client.prisma.note.findUnique({ where: { id: note.id } })).toMatchObject({ title: 'first' })
    const failure = await client.prisma.note.create({ data: { id: note.id, title: 'again' } }).catch((error: unknown) => error)
    expect(failure).toMatchObject({ code: 'P2002' })
    // A captured call site would name this file and quote its lines.
    const message = failure instanceof Error ? failure.message : ''
    expect(message).toContain('Unique constraint failed')
    expect(message).not.toContain('prisma-client.test.ts')
  })
})
