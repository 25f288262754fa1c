import { PGlite } from '@electric-sql/pglite'
const orig = PGlite.create.bind(PGlite)
let n = 0
;(PGlite as unknown as { create: typeof PGlite.create }).create = ((...args: Parameters<typeof PGlite.create>) => { n++; const t = Date.now(); return orig(...args).then((db) => { console.log('pglite created in', Date.now() - t, 'ms'); return db }) }) as typeof PGlite.create
const { createMigration } = await import('../src/new-migration.ts')
const t = Date.now()
const r = await createMigration({ schemaPath: 'services/identity/prisma/schema.prisma', migrationsDir: 'services/identity/prisma/migrations', name: 'x' })
console.log(r.directory, 'pglite instances:', n, Date.now() - t, 'ms')
