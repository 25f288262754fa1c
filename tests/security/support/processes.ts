// The product as separate deployments do it: each of the five services and the gateway in its own
// Node process on real PostgreSQL (one database per service), NATS JetStream and MinIO, talking over
// loopback HTTP with a shared GATEWAY_SIGNING_KEY. For tests that kill a service or call it directly.
// Billing takes payments with its built-in test mode, as `npm start` does (no STRIPE_SECRET_KEY,
// PAYMENTS_TEST_MODE=true: docs/decisions/120).
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createTestBucket, createTestDatabase, infra, type TestBucket, type TestDatabase } from '@valueproof/testing'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export type ServiceName = 'identity' | 'calculator' | 'proposal' | 'billing' | 'analytics'
export type ProcessName = ServiceName | 'gateway'
const SERVICES = ['identity', 'calculator', 'proposal', 'billing', 'analytics'] as const satisfies readonly ServiceName[]

/** The gateway variable naming each service's base URL. */
const URL_VARIABLE: Record<ServiceName, string> = {
  identity: 'IDENTITY_URL',
  calculator: 'CALCULATOR_URL',
  proposal: 'PROPOSAL_URL',
  billing: 'BILLING_URL',
  analytics: 'ANALYTICS_URL',
}

const ENTRY: Record<ProcessName, string> = {
  identity: 'services/identity/src/index.ts',
  calculator: 'services/calculator/src/index.ts',
  proposal: 'services/proposal/src/index.ts',
  billing: 'services/billing/src/index.ts',
  analytics: 'services/analytics/src/index.ts',
  gateway: 'gateway/src/index.ts',
}

export interface RunningProcess {
  name: ProcessName
  url: string
  child: ChildProcess
  /** What it wrote to stderr (the last 20 KB), for failure messages. */
  output(): string
  /** Its log lines (stdout, at the stack's LOG_LEVEL; the last 50 KB). */
  logs(): string
}

export interface ProcessStack {
  /** The gateway's URL. */
  url: string
  signingKey: string
  processes: Record<ProcessName, RunningProcess>
  /** Starts a process again (same port, same environment) and waits until it is ready. */
  restart(name: ProcessName): Promise<void>
  close(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitReady(process: RunningProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) throw new Error(`${process.name} exited (${process.child.exitCode}):\n${process.output()}`)
    try {
      const response = await fetch(`${process.url}/readyz`, { signal: AbortSignal.timeout(2000) })
      if (response.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200))
  }
  throw new Error(`${process.name} was not ready within ${timeoutMs} ms:\n${process.output()}`)
}

function launch(name: ProcessName, port: number, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, ENTRY[name])], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let logs = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000)
  })
  child.stdout?.on('data', (chunk: Buffer) => {
    logs = (logs + chunk.toString('utf8')).slice(-50_000)
  })
  return { name, url: `http://127.0.0.1:${port}`, child, output: () => output, logs: () => logs }
}

async function stop(process: RunningProcess): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return
  const exited = new Promise((done) => process.child.once('exit', done))
  process.child.kill('SIGTERM')
  const timer = setTimeout(() => process.child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/** The five services and the gateway, each in its own process (real infrastructure only). */
export async function startProcessStack(extraEnv: Partial<Record<ProcessName, Record<string, string>>> = {}): Promise<ProcessStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'valueproof-processes-'))
  const webDistDir = join(dataDir, 'web-dist')
  await mkdir(webDistDir, { recursive: true })
  await writeFile(join(webDistDir, 'index.html'), '<!doctype html><title>processes</title>')
  const signingKey = randomBytes(32).toString('base64url')
  const bucket: TestBucket = createTestBucket('vp-procs')
  const databases: TestDatabase[] = []
  const common = {
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    NATS_URL: infra.natsUrl,
    NATS_NAMESPACE: `p${process.pid}${Date.now().toString(36)}`,
    GATEWAY_SIGNING_KEY: signingKey,
    ...bucket.env,
  }
  const ports = Object.fromEntries(
    await Promise.all((['gateway', ...SERVICES] as const).map(async (name) => [name, await freePort()])),
  ) as Record<ProcessName, number>
  const envs = {} as Record<ProcessName, Record<string, string>>
  for (const name of SERVICES) {
    const database = await createTestDatabase(`vp_proc_${name}`)
    databases.push(database)
    envs[name] = {
      ...common,
      DATABASE_URL: database.url,
      PASSWORD_HASH_COST: '14',
      ...(name === 'billing' ? { PAYMENTS_TEST_MODE: 'true' } : {}),
      ...extraEnv[name],
    }
  }
  envs.gateway = {
    ...common,
    WEB_DIST_DIR: webDistDir,
    ...Object.fromEntries(SERVICES.map((name) => [URL_VARIABLE[name], `http://127.0.0.1:${ports[name]}`])),
    ...extraEnv.gateway,
  }
  const processes = {} as Record<ProcessName, RunningProcess>
  for (const name of ['gateway', ...SERVICES] as const) processes[name] = launch(name, ports[name], envs[name])
  const cleanUp = async () => {
    await Promise.all(Object.values(processes).map(stop))
    await Promise.all(databases.map((database) => database.drop()))
    await bucket.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    await Promise.all(Object.values(processes).map((running) => waitReady(running)))
  } catch (error) {
    await cleanUp()
    throw error
  }
  return {
    url: processes.gateway.url,
    signingKey,
    processes,
    async restart(name) {
      await stop(processes[name])
      processes[name] = launch(name, ports[name], envs[name])
      await waitReady(processes[name])
    },
    close: cleanUp,
  }
}
