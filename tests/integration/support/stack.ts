import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { embeddedConfigSchema } from '../../../embedded/src/config.ts'
import { startEmbeddedStack, type EmbeddedStack } from '../../../embedded/src/stack.ts'
import { createLogger, loadConfig } from '@valueproof/service-kit'
import { createTestDatabase, infra, type TestDatabase } from '@valueproof/testing'

/** 'postgres+nats+http': as 'postgres+nats', with the gateway reaching services over loopback HTTP as separate deployments do. */
export type StackKind = 'postgres+nats' | 'postgres+nats+http' | 'pglite+in-process'

export interface TestStack extends EmbeddedStack {
  kind: StackKind
  dataDir: string
  webDistDir: string
  databaseUrl?: string
  close(): Promise<void>
}

export const WEB_SHELL_MARKER = 'valueproof-test-shell'

/**
 * The whole product in this process for a test: real PostgreSQL and NATS JetStream (each test
 * stack in its own database and NATS namespace), or the embedded defaults (PGlite, in-process bus).
 */
export async function startTestStack(kind: StackKind, env: Record<string, string> = {}): Promise<TestStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'valueproof-test-'))
  const webDistDir = join(dataDir, 'web-dist')
  await mkdir(webDistDir, { recursive: true })
  await writeFile(join(webDistDir, 'index.html'), `<!doctype html><title>${WEB_SHELL_MARKER}</title>`)
  let database: TestDatabase | undefined
  const overrides: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '14',
    ...env,
  }
  if (kind === 'postgres+nats+http') overrides.SERVICE_TRANSPORT = 'http'
  if (kind === 'postgres+nats' || kind === 'postgres+nats+http') {
    database = await createTestDatabase('vp_stack')
    overrides.DATABASE_URL = database.url
    overrides.NATS_URL = infra.natsUrl
    overrides.NATS_NAMESPACE = `t${process.pid}${Date.now().toString(36)}`
  }
  const config = loadConfig(embeddedConfigSchema, overrides)
  const stack = await startEmbeddedStack(config, createLogger({ name: 'test', level: 'silent' }))
  return {
    ...stack,
    kind,
    dataDir,
    webDistDir,
    databaseUrl: database?.url,
    async close() {
      await stack.stop()
      await database?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Puts a user on Pro in calculator generation's plan projection (Pro's allowance is 100 a month).
 * Billing, which will publish plan changes, is a later issue.
 */
export async function grantCalculatorPro(stack: TestStack, userId: number): Promise<void> {
  const { schema } = stack.databases.calculator
  const table = schema ? `"${schema}".user_plan` : 'user_plan'
  await stack.databases.calculator.execute(
    `INSERT INTO ${table} (user_id, plan, updated_at) VALUES ($1, 'pro', now()) ON CONFLICT (user_id) DO UPDATE SET plan = 'pro', updated_at = now()`,
    userId,
  )
}
