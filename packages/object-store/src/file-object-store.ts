import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { type ObjectStore, objectKeySegments, type StoredObject } from './object-store.ts'

interface Sidecar {
  contentType: string
  size: number
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temporary, data)
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/**
 * The embedded default: objects as files under `rootDir/objects/<key>`, each with its content
 * type in `rootDir/meta/<key>.json` (two trees, so no key can collide with a sidecar).
 */
export function createFileObjectStore(rootDir: string): ObjectStore {
  const root = resolve(rootDir)
  const objectsDir = join(root, 'objects')
  const metaDir = join(root, 'meta')

  function pathsFor(key: string): { object: string; meta: string } {
    const segments = objectKeySegments(key)
    const object = join(objectsDir, ...segments)
    // Belt and braces: validated segments cannot climb out, and this proves it.
    const inside = relative(objectsDir, object)
    if (inside.startsWith('..') || inside.includes(`..${sep}`) || resolve(object) !== object) {
      throw new Error(`Object key escapes the store: ${key}`)
    }
    return { object, meta: `${join(metaDir, ...segments)}.json` }
  }

  return {
    async put(key, body, { contentType }) {
      const paths = pathsFor(key)
      const sidecar: Sidecar = { contentType, size: body.length }
      await writeAtomically(paths.object, body)
      try {
        await writeAtomically(paths.meta, JSON.stringify(sidecar))
      } catch (error) {
        // Without its sidecar the object reads as missing: it would only take room (a full disk, most likely).
        await rm(paths.object, { force: true })
        throw error
      }
    },

    async get(key): Promise<StoredObject | null> {
      const paths = pathsFor(key)
      try {
        const sidecar = JSON.parse(await readFile(paths.meta, 'utf8')) as Sidecar
        const body = await readFile(paths.object)
        return { body, contentType: sidecar.contentType, size: body.length }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },

    async delete(key) {
      const paths = pathsFor(key)
      // The sidecar goes first: without it the object reads as missing.
      await rm(paths.meta, { force: true })
      await rm(paths.object, { force: true })
    },

    async ping() {
      await mkdir(root, { recursive: true })
      await access(root, constants.R_OK | constants.W_OK)
    },
  }
}
