// `npm start` takes test-mode payments, in which anyone can upgrade to Pro without paying, and says
// so once at start in the log `npm start` prints (warnings and errors only); with test mode turned off
// and no Stripe key it says instead that nothing is sold (docs/decisions/120). The compiled product
// (dist/embedded/main.mjs, which scripts/prepare.ts builds) is started as `npm start` starts it.
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_PAYMENTS_WARNING, TEST_MODE_WARNING } from '@valueproof/billing'

const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const START_TIMEOUT_MS = 120_000

/** What the product printed on stdout until it said it was running; it is stopped before this answers. */
async function startupOutput(dataDir: string, webDistDir: string, env: Record<string, string>): Promise<string> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(STRIPE_|PAYMENTS_|LOG_LEVEL$|PORT$|HOST$|DATA_DIR$)/.test(name)),
  )
  const child = spawn(process.execPath, ['--max-semi-space-size=32', 'dist/embedded/main.mjs'], {
    cwd: REPOSITORY_ROOT,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST_DIR: webDistDir, PASSWORD_HASH_COST: '14', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not running within ${START_TIMEOUT_MS} ms:\n${stderr}`)), START_TIMEOUT_MS)
      child.once('exit', (code) => reject(new Error(`exited (${code}) before running:\n${stdout}\n${stderr}`)))
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString()
        if (stdout.includes('ValueProof is running at')) {
          clearTimeout(timer)
          resolve()
        }
      })
    })
    return stdout
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

/** The messages of the JSON log lines (pino) in the output. */
function logMessages(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '')
}

describe('npm start and payments', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'valueproof-payments-warning-'))
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>test</title>')
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('prints the test-mode warning once at start, by default', async () => {
    const messages = logMessages(await startupOutput(join(dir, 'default'), dir, {}))
    expect(
      messages.filter((message) => message === TEST_MODE_WARNING),
      messages.join('\n'),
    ).toHaveLength(1)
    expect(messages).not.toContain(NO_PAYMENTS_WARNING)
  }, 150_000)

  it('says nothing is sold when test mode is turned off and there is no Stripe key', async () => {
    const messages = logMessages(await startupOutput(join(dir, 'off'), dir, { PAYMENTS_TEST_MODE: 'false' }))
    expect(
      messages.filter((message) => message === NO_PAYMENTS_WARNING),
      messages.join('\n'),
    ).toHaveLength(1)
    expect(messages).not.toContain(TEST_MODE_WARNING)
  }, 150_000)
})
