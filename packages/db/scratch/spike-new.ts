import { createMigration } from '/work/main/packages/db/src/new-migration.ts'
const t = Date.now()
const r = await createMigration({ schemaPath: 'services/identity/prisma/schema.prisma', migrationsDir: '/tmp/spike-migrations', name: 'init' })
console.log(r.directory, Date.now() - t, 'ms')
console.log(r.script)
