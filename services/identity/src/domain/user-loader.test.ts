import type { SqlReader } from '@valueproof/db'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrismaClient } from '../db.ts'
import { identityPGliteDatabase, identityTestDatabase } from '../testing/database.ts'
import { createUserLoader } from './user-loader.ts'

type Database = Awaited<ReturnType<typeof identityTestDatabase>>

const backends: Array<{ name: string; skip: boolean; open(): Promise<Database> }> = [
  {
    name: 'PostgreSQL, own schema (as the one-process stack on PostgreSQL)',
    skip: !(await needs('postgres')),
    open: () => identityTestDatabase({ schema: 'identity' }),
  },
  { name: 'PostgreSQL, default schema (as a deployed identity)', skip: !(await needs('postgres')), open: () => identityTestDatabase() },
  { name: 'PGlite shared by services (the embedded default)', skip: false, open: identityPGliteDatabase },
]

/** Counts the statements a reader is asked to run. */
function counting(sql: SqlReader): { reader: SqlReader; statements: Array<{ text: string; values: readonly unknown[] }> } {
  const statements: Array<{ text: string; values: readonly unknown[] }> = []
  return {
    statements,
    reader: {
      read(text, values) {
        statements.push({ text, values })
        return sql.read(text, values)
      },
    },
  }
}

async function userWithEveryField(prisma: PrismaClient, name: string) {
  return prisma.user.create({
    data: {
      username: name,
      usernameKey: name.toLowerCase(),
      passwordHash: 'scrypt$not-a-real-hash',
      companyName: 'Acme AB',
      companyLogo: '/api/logos/acme.png',
      companyWebsite: 'https://acme.example',
      contactName: 'Anna Berg',
      contactEmail: 'anna@acme.example',
      contactPhone: '+46 70 123 45 67',
      plan: 'pro',
      calculatorsCreated: 7,
      calculatorsMonth: '2026-11',
      calculatorsLimit: 100,
      customBranding: true,
      stripeCustomerId: 'cus_123',
      stripeSubscriptionId: 'sub_456',
      planVersion: 3,
      // Not "now": a fixed instant with milliseconds shows a time-zone or precision slip.
      createdAt: new Date('2026-03-29T01:30:45.678Z'),
    },
  })
}

describe.each(backends)('user loader on $name', (backend) => {
  describe.skipIf(backend.skip)('', () => {
    let db: Database
    beforeAll(async () => {
      db = await backend.open()
    })
    afterAll(async () => {
      await db?.close()
    })

    it('reads a user exactly as Prisma does: every field, same values and types', async () => {
      const created = await userWithEveryField(db.prisma, `Every${backend.name.length}`)
      const loaded = await createUserLoader(db.sql, db.schema).load(created.id)
      const viaPrisma = await db.prisma.user.findUnique({ where: { id: created.id } })
      expect(viaPrisma).not.toBeNull()
      expect(Object.keys(loaded ?? {}).sort()).toEqual(Object.keys(viaPrisma ?? {}).sort())
      expect(loaded).toEqual(viaPrisma)
      expect(loaded?.createdAt.toISOString()).toBe('2026-03-29T01:30:45.678Z')
      expect(loaded?.updatedAt).toBeInstanceOf(Date)
    })

    it('reads null columns as null, as Prisma does', async () => {
      const created = await db.prisma.user.create({ data: { username: 'Plain', usernameKey: 'plain', passwordHash: 'x' } })
      const loaded = await createUserLoader(db.sql, db.schema).load(created.id)
      expect(loaded).toEqual(await db.prisma.user.findUnique({ where: { id: created.id } }))
      expect(loaded).toMatchObject({ companyName: null, companyLogo: null, stripeCustomerId: null, calculatorsMonth: null })
    })

    it('answers the lookups of one turn with one statement, duplicates and unknown ids included', async () => {
      const first = await db.prisma.user.create({ data: { username: 'First', usernameKey: 'first', passwordHash: 'x' } })
      const second = await db.prisma.user.create({ data: { username: 'Second', usernameKey: 'second', passwordHash: 'x' } })
      const { reader, statements } = counting(db.sql)
      const loader = createUserLoader(reader, db.schema)
      const answers = await Promise.all([loader.load(first.id), loader.load(second.id), loader.load(first.id), loader.load(2_000_000_000)])
      expect(answers.map((user) => user?.username ?? null)).toEqual(['First', 'Second', 'First', null])
      expect(statements).toHaveLength(1)
      expect(statements[0]?.values).toEqual([[first.id, second.id, 2_000_000_000]])
    })

    it('sees a change committed before the lookup (nothing is cached between turns)', async () => {
      const user = await db.prisma.user.create({ data: { username: 'Changing', usernameKey: 'changing', passwordHash: 'x' } })
      const loader = createUserLoader(db.sql, db.schema)
      expect((await loader.load(user.id))?.companyName).toBeNull()
      await db.prisma.user.update({ where: { id: user.id }, data: { companyName: 'Renamed AB' } })
      expect((await loader.load(user.id))?.companyName).toBe('Renamed AB')
    })

    it('passes a database failure to every waiting lookup', async () => {
      const loader = createUserLoader(db.sql, 'no_such_schema')
      const failures = await Promise.all(
        [loader.load(1), loader.load(2)].map((lookup) =>
          lookup.then(
            () => 'answered',
            (error: unknown) => error,
          ),
        ),
      )
      for (const failure of failures) expect(String(failure)).toMatch(/no_such_schema|does not exist/)
    })
  })
})
