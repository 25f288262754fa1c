import type { Readable } from 'node:stream'
import { Client } from 'minio'
import { assertValidObjectKey, type ObjectStore, type StoredObject } from './object-store.ts'

export interface S3ObjectStoreConfig {
  endPoint: string
  port: number
  useSSL: boolean
  accessKey: string
  secretKey: string
  bucket: string
  region: string
  /**
   * Objects larger than this are uploaded in parts (minio's default is 64 MiB). Servers without
   * multipart upload (s3rver in tests) need it above the largest object.
   */
  partSize?: number
}

const NOT_FOUND_CODES = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject'])

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && NOT_FOUND_CODES.has(code)
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/** S3 (MinIO in docker-compose and Helm) through the `minio` client; the bucket is created if missing. */
export function createS3ObjectStore(config: S3ObjectStoreConfig): ObjectStore {
  const client = new Client({
    endPoint: config.endPoint,
    port: config.port,
    useSSL: config.useSSL,
    accessKey: config.accessKey,
    secretKey: config.secretKey,
    region: config.region,
    ...(config.partSize ? { partSize: config.partSize } : {}),
  })
  const { bucket } = config
  let bucketReady: Promise<void> | undefined

  async function createBucketIfMissing(): Promise<void> {
    if (await client.bucketExists(bucket)) return
    try {
      await client.makeBucket(bucket, config.region)
    } catch (error) {
      // Another replica may have created it meanwhile.
      const code = (error as { code?: unknown } | null)?.code
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error
    }
  }

  function ensureBucket(): Promise<void> {
    bucketReady ??= createBucketIfMissing().catch((error: unknown) => {
      bucketReady = undefined
      throw error
    })
    return bucketReady
  }

  return {
    async put(key, body, { contentType }) {
      assertValidObjectKey(key)
      await ensureBucket()
      await client.putObject(bucket, key, body, body.length, { 'Content-Type': contentType })
    },

    async get(key): Promise<StoredObject | null> {
      assertValidObjectKey(key)
      await ensureBucket()
      try {
        const stat = await client.statObject(bucket, key)
        const body = await readAll(await client.getObject(bucket, key))
        const contentType = stat.metaData['content-type']
        return {
          body,
          contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
          size: body.length,
        }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },

    async delete(key) {
      assertValidObjectKey(key)
      await ensureBucket()
      await client.removeObject(bucket, key)
    },

    async ping() {
      bucketReady = undefined
      await ensureBucket()
    },
  }
}
