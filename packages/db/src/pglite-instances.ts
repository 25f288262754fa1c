import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

/** One process's use of a PGlite database; `release()` closes it once nobody else holds it. */
export interface PGliteLease {
  db: PGlite
  release(): Promise<void>
}

interface OpenInstance {
  ready: Promise<PGlite>
  holders: number
}

// PGlite allows one open instance per data directory, and the migration runner and the Prisma
// client of one service both need it: they share the instance, closed when the last one lets go.
const open = new Map<string, OpenInstance>()

function instanceKey(dataDir: string): string {
  return dataDir.startsWith('memory://') ? dataDir : resolve(dataDir)
}

/**
 * PostgreSQL's default 128 MB of shared buffers costs each PGlite instance ~220 MB of RSS; at
 * 16 MB an instance settles near 50 MB, which lets five services share one small machine.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

async function start(key: string): Promise<PGlite> {
  if (!key.startsWith('memory://')) await mkdir(key, { recursive: true })
  return PGlite.create(key, { startParams: PGLITE_START_PARAMS })
}

/**
 * Opens (or joins) the PGlite database in `dataDir`. A `memory://name` directory is shared by
 * name while some lease on it is held, and is gone once the last one is released.
 */
export async function leasePGlite(dataDir: string): Promise<PGliteLease> {
  const key = instanceKey(dataDir)
  let instance = open.get(key)
  if (!instance) {
    instance = { ready: start(key), holders: 0 }
    open.set(key, instance)
    instance.ready.catch(() => open.delete(key))
  }
  instance.holders += 1
  const held = instance
  const db = await held.ready
  let released = false
  return {
    db,
    async release() {
      if (released) return
      released = true
      held.holders -= 1
      if (held.holders > 0) return
      open.delete(key)
      await db.close()
    },
  }
}

/**
 * Makes a PGlite adapter report `schema` as its schema, so Prisma qualifies every model query with
 * it. pglite-prisma-adapter reads `options.schema` but its factory never passes options.
 */
export function reportSchema<Adapter extends object>(adapter: Adapter, schema: string | undefined): Adapter {
  if (schema) Object.assign(adapter, { options: { schema } })
  return adapter
}

/** Creates the service's schema in a shared PGlite database and makes it the search path. */
export async function useSchema(db: PGlite, schema: string | undefined): Promise<void> {
  if (!schema) return
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`)
  await db.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}";`)
}
