import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The fixture service used by this package's tests (two migrations, a generated client). */
export const notesFixture = {
  dir: resolve(dirname(fileURLToPath(import.meta.url)), '../test-fixtures/notes'),
  get schemaPath() { return join(this.dir, 'prisma', 'schema.prisma') },
  get migrationsDir() { return join(this.dir, 'prisma', 'migrations') },
}

/** A temporary directory, removed by the returned `remove()`. */
export async function temporaryDir(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `${prefix}-`))
  return { path, remove: () => rm(path, { recursive: true, force: true }) }
}

/** A writable copy of the fixture's prisma/ folder. */
export async function copyOfNotesPrisma(into: string): Promise<{ schemaPath: string; migrationsDir: string }> {
  await cp(join(notesFixture.dir, 'prisma'), join(into, 'prisma'), { recursive: true })
  return { schemaPath: join(into, 'prisma', 'schema.prisma'), migrationsDir: join(into, 'prisma', 'migrations') }
}
