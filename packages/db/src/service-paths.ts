import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface ServicePrismaPaths {
  schemaPath: string
  migrationsDir: string
}

/**
 * The repository root, two levels above this package's `src/`; in a built deployable (dist/<name>/,
 * scripts/build.ts) the bundle's own folder, which holds services/<service>/prisma/ the same way.
 */
export const REPOSITORY_ROOT =
  (globalThis as { VALUEPROOF_BUNDLE_ROOT?: string }).VALUEPROOF_BUNDLE_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/**
 * Where a service keeps its Prisma schema and migrations. Pass the service folder (e.g.
 * `new URL('..', import.meta.url)` from the service's `src/`) or a service name under services/.
 */
export function servicePrismaPaths(service: string | URL): ServicePrismaPaths {
  const serviceDir = service instanceof URL ? fileURLToPath(service) : join(REPOSITORY_ROOT, 'services', service)
  return {
    schemaPath: join(serviceDir, 'prisma', 'schema.prisma'),
    migrationsDir: join(serviceDir, 'prisma', 'migrations'),
  }
}
