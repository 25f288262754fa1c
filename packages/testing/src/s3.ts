import { randomBytes } from 'node:crypto'
import { Client, type BucketItem } from 'minio'
import { infra } from './infra.ts'

export interface TestBucket {
  name: string
  /** The S3 settings of the product (S3_* variables) that point at this bucket. */
  env: Record<'S3_ENDPOINT' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_BUCKET' | 'S3_REGION', string>
  /** Every object key in the bucket. */
  keys(): Promise<string[]>
  /** Removes the bucket's objects and the bucket. */
  drop(): Promise<void>
}

export function testS3Client(): Client {
  const url = new URL(infra.s3.endpoint)
  return new Client({
    endPoint: url.hostname,
    port: Number(url.port || 80),
    useSSL: url.protocol === 'https:',
    accessKey: infra.s3.accessKey,
    secretKey: infra.s3.secretKey,
    region: infra.s3.region,
  })
}

/** A uniquely named bucket on the test MinIO server; the product creates it on first use. */
export function createTestBucket(prefix: string): TestBucket {
  const name = `${prefix}-${randomBytes(5).toString('hex')}`.toLowerCase().replace(/[^a-z0-9-]/g, '-')
  const client = testS3Client()
  async function keys(): Promise<string[]> {
    if (!(await client.bucketExists(name))) return []
    const found: string[] = []
    // The listing is a Readable, whose iterator TypeScript types as `any`; it yields BucketItems.
    const listing: AsyncIterable<BucketItem> = client.listObjectsV2(name, '', true)
    for await (const item of listing) if (item.name) found.push(item.name)
    return found
  }
  return {
    name,
    env: {
      S3_ENDPOINT: infra.s3.endpoint,
      S3_ACCESS_KEY: infra.s3.accessKey,
      S3_SECRET_KEY: infra.s3.secretKey,
      S3_BUCKET: name,
      S3_REGION: infra.s3.region,
    },
    keys,
    async drop() {
      if (!(await client.bucketExists(name))) return
      await client.removeObjects(name, await keys())
      await client.removeBucket(name)
    },
  }
}
