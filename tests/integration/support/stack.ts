import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { embeddedConfigSchema } from '../../../embedded/src/config.ts'
import { startEmbeddedStack, type EmbeddedStack } from '../../../embedded/src/stack.ts'
import { createLogger, loadConfig } from '@valueproof/http-kit'
import { createTestBucket, createTestDatabase, infra, needs, type TestBucket, type TestDatabase } from '@valueproof/testing'
import { changePlanEverywhere, SubscriptionChange } from './plan-events.ts'

/**
 * 'postgres+nats+minio': real PostgreSQL, NATS JetStream and MinIO (each stack in its own database,
 * NATS namespace and bucket); '…+http': the same with the gateway reaching services over loopback
 * HTTP as separate deployments do; 'pglite+in-process': the embedded defaults of `npm start`.
 */
export type StackKind = 'postgres+nats+minio' | 'postgres+nats+minio+http' | 'pglite+in-process'

/** The kinds a suite runs on: the embedded defaults, and the real components when they answer (always under CI). */
export async function stackKinds(...real: Exclude<StackKind, 'pglite+in-process'>[]): Promise<StackKind[]> {
  return (await needs('postgres', 'nats', 'minio')) ? ['pglite+in-process', ...real] : ['pglite+in-process']
}

export interface TestStack extends EmbeddedStack {
  kind: StackKind
  dataDir: string
  webDistDir: string
  databaseUrl?: string
  /** The MinIO bucket holding the stack's files (real-infrastructure kinds). */
  bucket?: TestBucket
  /** Every key in the stack's object store: its MinIO bucket, or the file store under DATA_DIR. */
  storedObjectKeys(): Promise<string[]>
  close(): Promise<void>
}

export const WEB_SHELL_MARKER = 'valueproof-test-shell'

/** The whole product in this process for a test, on the components its kind names. */
export async function startTestStack(kind: StackKind, env: Record<string, string> = {}): Promise<TestStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'valueproof-test-'))
  const webDistDir = join(dataDir, 'web-dist')
  await mkdir(webDistDir, { recursive: true })
  await writeFile(join(webDistDir, 'index.html'), `<!doctype html><title>${WEB_SHELL_MARKER}</title>`)
  let database: TestDatabase | undefined
  let bucket: TestBucket | undefined
  const overrides: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '14',
    // Suites register their users from one address; tests/security sets the real limit (decision 091).
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
  }
  if (kind === 'postgres+nats+minio+http') overrides.SERVICE_TRANSPORT = 'http'
  if (kind === 'postgres+nats+minio' || kind === 'postgres+nats+minio+http') {
    database = await createTestDatabase('vp_stack')
    overrides.DATABASE_URL = database.url
    overrides.NATS_URL = infra.natsUrl
    overrides.NATS_NAMESPACE = `t${process.pid}${Date.now().toString(36)}`
    bucket = createTestBucket('vp-stack')
    Object.assign(overrides, bucket.env)
  }
  Object.assign(overrides, env)
  const config = loadConfig(embeddedConfigSchema, overrides)
  const stack = await startEmbeddedStack(config, createLogger({ name: 'test', level: 'silent' }))
  return {
    ...stack,
    kind,
    dataDir,
    webDistDir,
    databaseUrl: database?.url,
    bucket,
    async storedObjectKeys() {
      if (bucket) return bucket.keys()
      const objectsDir = join(dataDir, 'objects', 'objects')
      const entries = await readdir(objectsDir, { recursive: true, withFileTypes: true }).catch(() => [])
      return entries.filter((entry) => entry.isFile()).map((entry) => relative(objectsDir, join(entry.parentPath, entry.name)))
    },
    async close() {
      await stack.stop()
      await database?.drop()
      await bucket?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Puts a user on Pro (100 calculators a month, custom branding) as billing does: a subscription
 * event that identity, calculator generation and proposals have all applied when this returns.
 */
export async function grantCalculatorPro(stack: TestStack, userId: number): Promise<void> {
  await changePlanEverywhere(stack, { userId, change: SubscriptionChange.ACTIVATED })
}
