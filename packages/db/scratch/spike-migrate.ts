import { migrate, migrationStatus } from '../src/migrate.ts'
import type { DatabaseConfig } from '../src/database-config.ts'
const database: DatabaseConfig = process.argv[2]?.startsWith('postgres') ? { kind: 'postgres', url: process.argv[2] } : { kind: 'pglite', dataDir: process.argv[2] ?? '/tmp/spike-pglite' }
const target = { schemaPath: 'services/identity/prisma/schema.prisma', migrationsDir: '/tmp/spike-migrations', database, log: (l: string) => { if (process.env.LOG) console.log('LOG', l) } }
for (let i = 0; i < 2; i++) {
  const t = Date.now()
  const r = await migrate(target)
  console.log('migrate', r, Date.now() - t, 'ms', 'rss', Math.round(process.memoryUsage().rss / 1e6))
}
console.log(await migrationStatus(target))
console.log('done', process.uptime(), process.getActiveResourcesInfo())
