import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Logger } from '@valueproof/http-kit'
import { seedPGliteDataDir } from '@valueproof/db'
import { pgliteDirFor } from '@valueproof/service-runtime'
import type { EmbeddedConfig } from './config.ts'

/** Beside the compiled bundle (scripts/build.ts): a freshly initialised PGlite database and the child that unpacks it. */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz'
const SEED_SCRIPT_FILE = 'pglite-seed.mjs'

/**
 * On the first start of the compiled product, unpacks the build's freshly initialised database
 * into the new data directory in a child process instead of letting PGlite run initdb in this one
 * (docs/decisions/113). Run from source (no template beside it), or on PostgreSQL, it does nothing.
 */
export async function seedEmbeddedDatabase(config: EmbeddedConfig, logger: Logger, bundleUrl: string): Promise<void> {
  if (config.DATABASE_URL) return
  const template = fileURLToPath(new URL(PGLITE_TEMPLATE_FILE, bundleUrl))
  const seedScript = fileURLToPath(new URL(SEED_SCRIPT_FILE, bundleUrl))
  if (!existsSync(template) || !existsSync(seedScript)) return
  const started = performance.now()
  const dataDir = pgliteDirFor(config, 'shared')
  if (await seedPGliteDataDir({ dataDir, template, seedScript })) {
    logger.info({ dataDir, ms: Math.round(performance.now() - started) }, 'new embedded database unpacked from the build')
  }
}
