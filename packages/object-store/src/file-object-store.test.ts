import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFileObjectStore } from './file-object-store.ts'
import { objectStoreContract } from './object-store.contract.ts'
import type { ObjectStore } from './object-store.ts'

let parent: string
let root: string
let store: ObjectStore

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'vp-objects-'))
  root = join(parent, 'store')
  store = createFileObjectStore(root)
})
afterAll(async () => {
  await rm(parent, { recursive: true, force: true })
})

objectStoreContract('file system', () => store)

describe('file system object store on disk', () => {
  it('writes only inside its root folder', async () => {
    await store.put('logos/7/a.png', Buffer.from('png'), { contentType: 'image/png' })
    await expect(store.put('../outside', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow()
    expect((await readdir(parent)).sort()).toEqual(['store'])
    expect((await readdir(root)).sort()).toEqual(['meta', 'objects'])
  })

  it('leaves no temporary files behind', async () => {
    await store.put('logos/8/b.png', Buffer.from('png'), { contentType: 'image/png' })
    const files = await readdir(root, { recursive: true })
    expect(files.filter((file) => file.endsWith('.tmp'))).toEqual([])
  })

  it('reads what another instance on the same folder wrote (survives a restart)', async () => {
    await store.put('docs/proposal.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf' })
    const restarted = createFileObjectStore(root)
    expect(await restarted.get('docs/proposal.pdf')).toEqual({ body: Buffer.from('%PDF'), contentType: 'application/pdf', size: 4 })
  })
})
