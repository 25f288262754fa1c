import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objectStoreContract } from './object-store.contract.ts'
import type { ObjectStore } from './object-store.ts'
import { createS3ObjectStore, type S3ObjectStoreConfig } from './s3-object-store.ts'

let directory: string
let server: S3rver
let config: S3ObjectStoreConfig
let store: ObjectStore

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'vp-s3rver-'))
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory })
  const { port } = await server.run()
  config = {
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket: 'valueproof-test',
    region: 'us-east-1',
    // s3rver has no multipart upload: keep every test object in one part.
    partSize: 64 * 1024 * 1024,
  }
  store = createS3ObjectStore(config)
})
afterAll(async () => {
  await server?.close()
  await rm(directory, { recursive: true, force: true })
})

objectStoreContract('S3 (s3rver)', () => store)

describe('S3 object store', () => {
  it('creates its bucket when missing, and a second client finds it', async () => {
    const fresh = createS3ObjectStore({ ...config, bucket: 'created-on-first-use' })
    await fresh.put('a.txt', Buffer.from('a'), { contentType: 'text/plain' })
    const other = createS3ObjectStore({ ...config, bucket: 'created-on-first-use' })
    expect((await other.get('a.txt'))?.body.toString()).toBe('a')
  })

  it('fails ping when the server is unreachable', async () => {
    const unreachable = createS3ObjectStore({ ...config, port: 1 })
    await expect(unreachable.ping()).rejects.toThrow()
  })
})
