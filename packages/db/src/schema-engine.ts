import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { inspect } from 'node:util'
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import type { MigrationDirectory, MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm'

type SchemaEngineModule = typeof import('@prisma/schema-engine-wasm/schema_engine_bg')

interface WasmBindings {
  __wbg_set_wasm(exports: WebAssembly.Exports): void
}

let loading: Promise<SchemaEngineModule> | undefined

type Imports = Record<string, WebAssembly.ImportValue>

/**
 * The engine races each database call against a timer it never clears (~10 s), which would keep
 * a finished `migrate` command alive. Its timers are made not to hold the process open; while
 * work is under way, the database connection or the pending promise chain does that.
 */
function withUnrefTimers(bg: SchemaEngineModule): Imports {
  const imports: Imports = { ...(bg as unknown as Imports) }
  for (const name of Object.keys(imports)) {
    if (!name.startsWith('__wbg_setTimeout_')) continue
    imports[name] = (callback: () => void, ms: number) => {
      return setTimeout(callback, ms >>> 0).unref()
    }
  }
  return imports
}

/**
 * Loads Prisma's schema engine (WebAssembly) once per process. The package's own entry imports
 * the .wasm file as an ES module, which Node cannot do, so it is instantiated here by hand.
 */
function loadSchemaEngine(): Promise<SchemaEngineModule> {
  loading ??= (async () => {
    const bg = await import('@prisma/schema-engine-wasm/schema_engine_bg')
    const require = createRequire(import.meta.url)
    // The package does not export the .wasm file; it sits beside the bindings.
    const wasmPath = join(dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm')
    const module = new WebAssembly.Module(await readFile(wasmPath))
    const instance = new WebAssembly.Instance(module, { './schema_engine_bg.js': withUnrefTimers(bg) })
    ;(bg as unknown as WasmBindings).__wbg_set_wasm(instance.exports)
    const start = instance.exports.__wbindgen_start
    if (typeof start === 'function') Reflect.apply(start, undefined, [])
    return bg
  })()
  return loading
}

export type EngineLog = (message: string) => void

/** A running schema engine; `run` gives engine errors back their driver-side cause. */
export interface EngineSession {
  run<T>(work: (engine: SchemaEngine) => Promise<T>): Promise<T>
  free(): void
}

const EXTERNAL_ERROR = /External error id#(\d+)/

/** Starts a schema engine on a driver adapter, with the given schema as its datamodel. */
export async function startSchemaEngine(props: {
  schemaPath: string
  schemaSource: string
  factory: SqlMigrationAwareDriverAdapterFactory
  log?: EngineLog | undefined
}): Promise<EngineSession> {
  const bg = await loadSchemaEngine()
  const log = props.log ?? (() => {})
  const bound = bindMigrationAwareSqlAdapterFactory(props.factory)
  // The engine reports a JavaScript failure only as "External error id#N"; the error itself
  // waits in the bound factory's registry.
  const explain = (error: unknown): unknown => {
    const id = error instanceof Error ? EXTERNAL_ERROR.exec(error.message)?.[1] : undefined
    const original = id === undefined ? undefined : bound.errorRegistry.consumeError(Number(id))?.error
    if (!(error instanceof Error) || original === undefined) return error
    const detail = original instanceof Error ? original.message : typeof original === 'string' ? original : inspect(original)
    return new Error(`${error.message.split('\n')[0]}: ${detail}`, { cause: original })
  }
  const engine = await bg.SchemaEngine.new(
    { datamodels: [[props.schemaPath, props.schemaSource]] },
    (message: string) => log(message),
    bound,
  ).catch((error: unknown) => {
    throw explain(error)
  })
  return {
    async run(work) {
      try {
        return await work(engine)
      } catch (error) {
        throw explain(error)
      }
    },
    free: () => engine.free(),
  }
}

export const LOCKFILE_NAME = 'migration_lock.toml'
export const MIGRATION_FILE_NAME = 'migration.sql'

/** Reads a `prisma/migrations` folder the way the Prisma CLI hands it to the engine. */
export async function readMigrationsList(migrationsDir: string): Promise<MigrationList> {
  const baseDir = resolve(migrationsDir)
  const lockfileContent = await readFile(join(baseDir, LOCKFILE_NAME), 'utf8').catch(() => null)
  const entries = await readdir(baseDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  const migrationDirectories: MigrationDirectory[] = []
  for (const entry of entries) {
    if (!entry.isDirectory()) continue
    const content = await readFile(join(baseDir, entry.name, MIGRATION_FILE_NAME), 'utf8').then(
      (value) => ({ tag: 'ok' as const, value }),
      (error: Error) => ({ tag: 'error' as const, value: error.message }),
    )
    migrationDirectories.push({ path: entry.name, migrationFile: { path: MIGRATION_FILE_NAME, content } })
  }
  migrationDirectories.sort((a, b) => a.path.localeCompare(b.path))
  return {
    baseDir,
    lockfile: { path: LOCKFILE_NAME, content: lockfileContent },
    migrationDirectories,
    shadowDbInitScript: '',
  }
}

export const NO_FILTERS = { externalTables: [], externalEnums: [] }
