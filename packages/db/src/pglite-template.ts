import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_START_PARAMS } from './pglite-instances.ts'

/**
 * A new PGlite database is made by running initdb inside PGlite's WebAssembly: ~15 s, and a
 * ~740 MB high-water mark the process keeps. So the build makes an archive of a freshly
 * initialised data directory once (`writePGliteTemplate`), and a new data directory is unpacked
 * from it in a short-lived child process (`seedPGliteDataDir`, ~3 s, ~300 MB in the child), after
 * which the product opens it as it opens any existing database (docs/decisions/113).
 */

/** Writes a gzip archive of a freshly initialised, empty PGlite data directory to `file`. */
export async function writePGliteTemplate(file: string): Promise<{ bytes: number }> {
  const db = await PGlite.create('memory://', { startParams: PGLITE_START_PARAMS })
  try {
    const archive = await db.dumpDataDir('gzip')
    const bytes = Buffer.from(await archive.arrayBuffer())
    await writeFile(file, bytes)
    return { bytes: bytes.length }
  } finally {
    await db.close()
  }
}

/** True when `dataDir` holds no database yet (PostgreSQL's PG_VERSION marks one). */
export function isNewPGliteDataDir(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'PG_VERSION'))
}

/** Unpacks `template` into the new data directory `dataDir` (run by pglite-seed.ts, in its own process). */
export async function unpackPGliteTemplate(dataDir: string, template: string): Promise<void> {
  // A directory left half-written by an interrupted seed holds no PG_VERSION: start it over.
  await rm(dataDir, { recursive: true, force: true })
  await mkdir(dataDir, { recursive: true })
  const db = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS, loadDataDir: new Blob([await readFile(template)]) })
  await db.close()
}

/**
 * Seeds a new data directory from `template` by running the `seedScript` entry (pglite-seed.ts,
 * compiled beside the bundle) as a child process, so its memory is gone when it ends. Does nothing
 * when the directory already holds a database. Answers whether it seeded.
 */
export async function seedPGliteDataDir(props: { dataDir: string; template: string; seedScript: string }): Promise<boolean> {
  if (!isNewPGliteDataDir(props.dataDir)) return false
  await promisify(execFile)(process.execPath, [props.seedScript, props.dataDir, props.template], { timeout: 120_000 })
  if (isNewPGliteDataDir(props.dataDir)) throw new Error(`seeding ${props.dataDir} from ${props.template} left no database`)
  return true
}
