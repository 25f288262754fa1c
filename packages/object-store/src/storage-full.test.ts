// A full object store (docs/decisions/120): the file store on a disk that really fills fails with
// ENOSPC, keeps no half-written object, and stores again once there is room; MinIO's "storage full"
// and the file system's quota error are recognised by the same function.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mountTinyDisk } from '@valueproof/testing'
import { describe, expect, it } from 'vitest'
import { createFileObjectStore } from './file-object-store.ts'
import { isObjectStoreFull } from './storage-full.ts'

describe('isObjectStoreFull', () => {
  it("knows the file system's ENOSPC and EDQUOT and MinIO's storage-full answer, through causes, and nothing else", () => {
    expect(isObjectStoreFull(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(true)
    expect(isObjectStoreFull(Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT' }))).toBe(true)
    expect(
      isObjectStoreFull(
        Object.assign(new Error('Storage backend has reached its minimum free drive threshold.'), { code: 'XMinioStorageFull' }),
      ),
    ).toBe(true)
    const wrapped = new Error('upload failed', { cause: new Error('Storage reached its minimum free drive threshold.') })
    expect(isObjectStoreFull(wrapped)).toBe(true)
    expect(isObjectStoreFull(Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' }))).toBe(false)
    expect(isObjectStoreFull(Object.assign(new Error('Access Denied.'), { code: 'AccessDenied' }))).toBe(false)
    expect(isObjectStoreFull(undefined)).toBe(false)
  })
})

describe('the file object store on a disk that fills', () => {
  it('fails a put with ENOSPC, keeps nothing of it, and stores again once there is room', async (context) => {
    const parent = await mkdtemp(join(tmpdir(), 'vp-objects-full-'))
    const disk = mountTinyDisk(join(parent, 'disk'), 2)
    if ('unavailable' in disk) {
      await rm(parent, { recursive: true, force: true })
      context.skip(disk.unavailable)
      return
    }
    try {
      const store = createFileObjectStore(join(disk.path, 'store'))
      await store.put('docs/small.pdf', Buffer.from('%PDF small'), { contentType: 'application/pdf' })
      const filler = disk.fill(64 * 1024)
      const failure = await store.put('docs/big.pdf', Buffer.alloc(512 * 1024, 1), { contentType: 'application/pdf' }).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(isObjectStoreFull(failure), String(failure)).toBe(true)
      expect(await store.get('docs/big.pdf')).toBeNull()
      const files = await readdir(join(disk.path, 'store'), { recursive: true })
      expect(files.filter((file) => file.includes('big.pdf'))).toEqual([])
      expect((await store.get('docs/small.pdf'))?.body.toString()).toBe('%PDF small')
      rmSync(filler)
      await store.put('docs/big.pdf', Buffer.alloc(512 * 1024, 1), { contentType: 'application/pdf' })
      expect((await store.get('docs/big.pdf'))?.size).toBe(512 * 1024)
    } finally {
      disk.unmount()
      await rm(parent, { recursive: true, force: true })
    }
  })
})
