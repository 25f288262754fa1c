import { cp, readdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMigration } from './new-migration.ts'
import { REPOSITORY_ROOT, servicePrismaPaths } from './service-paths.ts'
import { temporaryDir } from './test-support.ts'

const services = (await readdir(join(REPOSITORY_ROOT, 'services'), { withFileTypes: true }))
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

// A schema edited without `npm run migrate -- new <service> <name>` would deploy without its tables.
describe('every service has migrations for its whole schema', () => {
  it.each(services)('%s', async (service) => {
    const dir = await temporaryDir(`vp-db-drift-${service}`)
    try {
      // Compared in a copy, so a missing migration is reported, not written into the repository.
      await cp(dirname(servicePrismaPaths(service).schemaPath), join(dir.path, 'prisma'), { recursive: true })
      const result = await createMigration({
        schemaPath: join(dir.path, 'prisma', 'schema.prisma'),
        migrationsDir: join(dir.path, 'prisma', 'migrations'),
        name: 'drift',
      })
      expect(result.directory, `services/${service}/prisma/schema.prisma has changes no migration covers:\n${result.script}`).toBeNull()
    } finally {
      await dir.remove()
    }
  })
})
