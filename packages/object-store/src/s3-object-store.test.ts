import { createHash, randomBytes } from 'node:crypto'
import { createTestBucket, infra, needs, testS3Client, type TestBucket } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objectStoreContract } from './object-store.contract.ts'
import type { ObjectStore } from './object-store.ts'
import { createS3ObjectStore, S3_PART_SIZE, type S3ObjectStoreConfig } from './s3-object-store.ts'

const available = await needs('minio')

/** `expect.stringMatching`, typed: vitest declares its asymmetric matchers as answering `any`. */
const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern)

function configFor(bucket: TestBucket): S3ObjectStoreConfig {
  const url = new URL(infra.s3.endpoint)
  return {
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: infra.s3.accessKey,
    secretKey: infra.s3.secretKey,
    bucket: bucket.name,
    region: infra.s3.region,
  }
}

describe.skipIf(!available)('S3 object store on MinIO', () => {
  const buckets: TestBucket[] = []
  let config: S3ObjectStoreConfig
  let store: ObjectStore

  function newBucket(): TestBucket {
    const bucket = createTestBucket('vp-store')
    buckets.push(bucket)
    return bucket
  }

  beforeAll(() => {
    config = configFor(newBucket())
    store = createS3ObjectStore(config)
  })
  afterAll(async () => {
    for (const bucket of buckets) await bucket.drop()
  })

  objectStoreContract('S3 (MinIO)', () => store)

  it('creates its bucket when missing, and a second client finds it', async () => {
    const bucket = newBucket()
    const fresh = createS3ObjectStore(configFor(bucket))
    await fresh.put('a.txt', Buffer.from('a'), { contentType: 'text/plain' })
    const other = createS3ObjectStore(configFor(bucket))
    expect((await other.get('a.txt'))?.body.toString()).toBe('a')
    expect(await bucket.keys()).toEqual(['a.txt'])
  })

  it('uploads a 50 MB document in parts and reads back the same bytes', async () => {
    const body = randomBytes(50_000_000)
    await store.put('documents/large.pdf', body, { contentType: 'application/pdf' })
    // S3 gives a multipart object the ETag "<md5 of the part md5s>-<parts>"; a single PUT has none.
    const stat = await testS3Client().statObject(config.bucket, 'documents/large.pdf')
    expect(stat.etag).toMatch(new RegExp(`-${Math.ceil(body.length / S3_PART_SIZE)}$`))
    expect(stat.size).toBe(body.length)
    const stored = await store.get('documents/large.pdf')
    expect(stored?.contentType).toBe('application/pdf')
    expect(
      createHash('sha256')
        .update(stored?.body ?? Buffer.alloc(0))
        .digest('hex'),
    ).toBe(createHash('sha256').update(body).digest('hex'))
  })

  it('signs its requests (signature v4): a wrong secret key is refused and nothing is written', async () => {
    const forger = createS3ObjectStore({ ...config, secretKey: 'not-the-secret-key' })
    await expect(forger.put('forged.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject({
      // The first signed request is the bucket check (HEAD: 403 with no body, hence AccessDenied).
      code: matching(/^(AccessDenied|SignatureDoesNotMatch)$/),
    })
    expect(await store.get('forged.txt')).toBeNull()
  })

  it('fails ping when the server is unreachable', async () => {
    const unreachable = createS3ObjectStore({ ...config, port: 1 })
    await expect(unreachable.ping()).rejects.toThrow()
  })
})
