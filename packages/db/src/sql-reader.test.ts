// The SQL read path beside Prisma (decision 005): same values as Prisma, timestamps as UTC whatever
// the process's time zone, statements prepared per text.
process.env.TZ = 'America/Sao_Paulo'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PrismaClient as NotesClient } from '../test-fixtures/notes/generated/prisma/client.ts'
import { migrate } from './migrate.ts'
import { createPrismaClient, parseUtcTimestamp, type DatabaseClient } from './prisma-client.ts'
import { notesFixture, testBackends } from './test-support.ts'

const backends = await testBackends('sql')

interface NoteRow {
  id: number
  title: string
  pinned: boolean
  createdAt: Date
}

describe('parseUtcTimestamp', () => {
  it('reads timestamp text as UTC, not as local time', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).not.toBe(0)
    expect(parseUtcTimestamp('2026-03-29 01:30:45.678').toISOString()).toBe('2026-03-29T01:30:45.678Z')
    expect(parseUtcTimestamp('2026-03-29 01:30:45').toISOString()).toBe('2026-03-29T01:30:45.000Z')
  })
})

describe.each(backends)('SqlReader on $name', (backend) => {
  describe.skipIf(backend.skip)('', () => {
    let client: DatabaseClient<NotesClient>
    let drop: () => Promise<void>
    beforeAll(async () => {
      const created = await backend.create()
      drop = created.drop
      await migrate({ schemaPath: notesFixture.schemaPath, migrationsDir: notesFixture.migrationsDir, database: created.database })
      client = await createPrismaClient(NotesClient, created.database)
    })
    afterAll(async () => {
      await client?.close()
      await drop?.()
    })

    const byId = 'SELECT id, title, pinned, created_at AS "createdAt" FROM note WHERE id = $1'

    it('returns what Prisma returns, timestamps included, in a time zone that is not UTC', async () => {
      const note = await client.prisma.note.create({
        data: { title: 'when', pinned: true, createdAt: new Date('2026-03-29T01:30:45.678Z') },
      })
      const rows = await client.sql.read<NoteRow>(byId, [note.id])
      expect(rows).toEqual([{ id: note.id, title: 'when', pinned: true, createdAt: new Date('2026-03-29T01:30:45.678Z') }])
      const viaPrisma = await client.prisma.note.findUnique({
        where: { id: note.id },
        select: { id: true, title: true, pinned: true, createdAt: true },
      })
      expect(rows[0]).toEqual(viaPrisma)
    })

    it('runs the same text again and other texts beside it (statements prepared per text)', async () => {
      const note = await client.prisma.note.create({ data: { title: 'again' } })
      for (let round = 0; round < 3; round += 1) {
        expect(await client.sql.read<NoteRow>(byId, [note.id])).toHaveLength(1)
        expect(await client.sql.read<{ title: string }>('SELECT title FROM note WHERE id = $1', [note.id])).toEqual([{ title: 'again' }])
      }
    })

    it('still answers texts beyond the prepared ones', async () => {
      const texts = Array.from({ length: 70 }, (_, index) => `SELECT ${index}::int AS n`)
      const answers = await Promise.all(texts.map((text) => client.sql.read<{ n: number }>(text, [])))
      expect(answers.map((rows) => rows[0]?.n)).toEqual(texts.map((_, index) => index))
    })

    it('rejects with the database error on a bad statement', async () => {
      await expect(client.sql.read('SELECT * FROM no_such_table', [])).rejects.toThrow(/no_such_table/)
    })
  })
})
