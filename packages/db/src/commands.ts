/**
 * Database commands for the services, run from the repository root or a service folder by cli.ts
 * (a built service's dist/<service>/migrate.mjs runs `deploy <service>`):
 *
 *   node --import tsx packages/db/src/cli.ts generate <service>        prisma generate, offline
 *   node --import tsx packages/db/src/cli.ts new <service> <name>      write the next migration
 *   node --import tsx packages/db/src/cli.ts deploy <service>          apply pending migrations
 *   node --import tsx packages/db/src/cli.ts status <service>          pending / failed migrations
 *
 * <service> is a name under services/ or a path to a folder holding prisma/schema.prisma.
 * deploy and status use DATABASE_URL when set, else the PGlite directory DATA_DIR/db/<service>
 * (DATA_DIR defaults to .data), or --database-url / --data-dir; --shared uses the embedded stack's
 * layout instead (DATA_DIR/db/shared, the service's own schema).
 */
import { existsSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { type DatabaseConfig, databaseConfig, describeDatabase } from './database-config.ts'
import { generatePrismaClient } from './generate-client.ts'
import { migrate, migrationStatus } from './migrate.ts'
import { createMigration } from './new-migration.ts'
import { REPOSITORY_ROOT, servicePrismaPaths, type ServicePrismaPaths } from './service-paths.ts'

const USAGE = `usage: cli.ts generate|new|deploy|status <service> [name] [--database-url URL] [--data-dir DIR] [--shared]`

interface ServiceTarget extends ServicePrismaPaths {
  name: string
}

function serviceTarget(arg: string | undefined): ServiceTarget {
  if (!arg) throw new UsageError('missing <service>')
  const looksLikePath = arg === '.' || arg.includes('/') || arg.includes('\\')
  const dir = looksLikePath ? resolve(arg) : join(REPOSITORY_ROOT, 'services', arg)
  const paths = servicePrismaPaths(pathToFileURL(`${dir}/`))
  if (!existsSync(paths.schemaPath)) throw new UsageError(`no Prisma schema at ${paths.schemaPath}`)
  return { name: basename(dir), ...paths }
}

class UsageError extends Error {}

/** The only place in this package that reads the environment. */
function databaseFor(
  service: ServiceTarget,
  flags: { 'database-url'?: string | undefined; 'data-dir'?: string | undefined; shared?: boolean | undefined },
): DatabaseConfig {
  const url = flags['database-url'] ?? (process.env.DATABASE_URL || undefined)
  const dbDir = join(process.env.DATA_DIR || '.data', 'db')
  // --shared: the embedded stack's layout, one PGlite database with a schema per service.
  if (flags.shared) return databaseConfig({ url, dataDir: flags['data-dir'] ?? join(dbDir, 'shared'), schema: service.name })
  return databaseConfig({ url, dataDir: flags['data-dir'] ?? join(dbDir, service.name) })
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'database-url': { type: 'string' }, 'data-dir': { type: 'string' }, shared: { type: 'boolean' } },
  })
  const [command, serviceArg, name] = positionals
  switch (command) {
    case 'generate': {
      const service = serviceTarget(serviceArg)
      await generatePrismaClient(service.schemaPath)
      return
    }
    case 'new': {
      const service = serviceTarget(serviceArg)
      if (!name) throw new UsageError('missing migration <name>')
      const result = await createMigration({ ...service, name })
      console.log(
        result.directory ? `Created ${result.directory}` : `${service.name}: the schema matches the migrations; nothing to create`,
      )
      return
    }
    case 'deploy': {
      const service = serviceTarget(serviceArg)
      const database = databaseFor(service, values)
      const started = performance.now()
      const { appliedMigrationNames } = await migrate({ ...service, database })
      const took = Math.round(performance.now() - started)
      if (appliedMigrationNames.length === 0) console.log(`${service.name}: ${describeDatabase(database)} is up to date (${took} ms)`)
      else console.log(`${service.name}: applied ${appliedMigrationNames.join(', ')} to ${describeDatabase(database)} (${took} ms)`)
      return
    }
    case 'status': {
      const service = serviceTarget(serviceArg)
      const database = databaseFor(service, values)
      const status = await migrationStatus({ ...service, database })
      console.log(`${service.name}: ${describeDatabase(database)}`)
      console.log(JSON.stringify(status, null, 2))
      if (!status.upToDate) process.exitCode = 1
      return
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'missing command')
  }
}

/** Runs one database command; resolves to the process's exit code (2 for a usage error). */
export async function runDatabaseCommand(argv: string[]): Promise<number> {
  try {
    await main(argv)
    return Number(process.exitCode ?? 0)
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`)
      return 2
    }
    console.error(error instanceof Error ? error.message : error)
    return 1
  }
}
