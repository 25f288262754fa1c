import { createMigration } from '../src/new-migration.ts'
try {
  const r = await createMigration({ schemaPath: 'packages/db/test-fixtures/notes/prisma/schema.prisma', migrationsDir: 'packages/db/test-fixtures/notes/prisma/migrations', name: 'add_pinned_and_tags' })
  console.log(r.directory)
} catch (e) { console.log('ERR', new Date().toISOString(), e, (e as { cause?: unknown }).cause) }
