import { Readable } from 'node:stream'
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
}

/** Objects larger than this go up as a multipart upload (S3's minimum part is 5 MiB; minio's default 64 MiB). */
export const S3_PART_SIZE = 16 * 1024 * 1024

const NOT_FOUND_CODES = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject'])

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && NOT_FOUND_CODES.has(code)
}

/**
 * The body as a stream of 1 MiB slices. minio 8.0.7 cuts a multipart upload into parts with a
 * block stream read by async iteration, which concatenates whatever is buffered: a Buffer given
 * whole arrives as one block and goes up as a single 50 MB "part". Small slices keep parts at S3_PART_SIZE.
 */
function inSlices(body: Buffer): Readable {
  const SLICE = 1024 * 1024
  return Readable.from(
    (function* slices() {
      for (let offset = 0; offset < body.length; offset += SLICE) yield body.subarray(offset, offset + SLICE)
    })(),
  )
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
    partSize: S3_PART_SIZE,
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
      const source = body.length > S3_PART_SIZE ? inSlices(body) : body
      await client.putObject(bucket, key, source, body.length, { 'Content-Type': contentType })
    },

    async get(key): Promise<StoredObject | null> {
      assertValidObjectKey(key)
      await ensureBucket()
      try {
        const stat = await client.statObject(bucket, key)
        const body = await readAll(await client.getObject(bucket, key))
        const contentType: unknown = stat.metaData['content-type']
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
