// The product as it is deployed (docker-compose, Helm): the gateway and each service in its own Node
// process, started with the production command on real PostgreSQL (one database per service), NATS
// JetStream, MinIO and Mailpit (the SMTP server), the services' migrations applied first by their
// migration job, the gateway reaching the services over loopback HTTP with a shared
// GATEWAY_SIGNING_KEY. Used by the load runner (tests/load/run.ts) and the benchmark of the deployed shape.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestBucket, createTestDatabase, infra, type TestBucket, type TestDatabase } from '@valueproof/testing'
import { repositoryRoot } from '../bench/product.ts'
import { SERVICES, type Deployable } from './support/deployable-env.ts'

export const DEPLOYED_SERVICES = SERVICES
export type DeployedService = (typeof SERVICES)[number]
export type { Deployable }

/**
 * Where the processes' code comes from: the compiled bundles production runs (`npm run build`,
 * dist/<deployable>/server.mjs) or the TypeScript sources through tsx (development).
 */
export type CodeSource = 'dist' | 'sources'
/** The one switch between them (each call may still choose with `from`): production's, after `npm run build`. */
export const DEFAULT_CODE_SOURCE: CodeSource = 'dist'

/** V8 flags of the production start command (the build contract; docs/decisions/106). */
const NODE_FLAGS = ['--max-semi-space-size=32']
/** The gateway's variable naming each service's address. */
const SERVICE_URL_VARIABLE: Record<DeployedService, string> = {
  identity: 'IDENTITY_URL',
  calculator: 'CALCULATOR_URL',
  proposal: 'PROPOSAL_URL',
  billing: 'BILLING_URL',
  analytics: 'ANALYTICS_URL',
  notification: 'NOTIFICATION_URL',
}
/** Of this process's environment only what any program needs; everything else is configured here, as in a container. */
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ']
const READY_TIMEOUT_MS = 120_000
const READY_POLL_MS = 200
const STOP_GRACE_MS = 15_000
const OUTPUT_KEPT_CHARS = 20_000

export interface DeployedStackOptions {
  /** The services to start (default all six); the gateway always runs. A service left out answers nothing. */
  only?: readonly DeployedService[]
  from?: CodeSource
  /** Variables for every process (after the launcher's own), then for one deployable's server (not its migration job). */
  env?: Record<string, string>
  envFor?: Partial<Record<Deployable, Record<string, string>>>
  /** Extra node flags for a deployable's server (e.g. `--cpu-prof` for a benchmark's profile). */
  nodeFlags?: Partial<Record<Deployable, readonly string[]>>
  /** The web app the gateway serves (default: dist/gateway/web, or web/dist from sources, or a one-line page). */
  webDistDir?: string
  readyTimeoutMs?: number
}

export interface DeployedStack {
  /** The gateway, e.g. http://127.0.0.1:41234 */
  url: string
  /** Every started process's address (services are called directly only by tests). */
  urls: Partial<Record<Deployable, string>>
  pids: Partial<Record<Deployable, number>>
  signingKey: string
  /** The last output of a process, for failure messages. */
  output(deployable: Deployable): string
  /** Stops every process (SIGTERM, then SIGKILL after 15 s) and drops the databases, the bucket and the folders. */
  stop(this: void): Promise<void>
}

interface Running {
  name: Deployable
  url: string
  child: ChildProcess
  output(): string
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolvePort(address.port) : reject(new Error('no free port'))))
    })
  })
}

/** The node arguments of a deployable's server, or of a service's migration job. */
function nodeArgs(from: CodeSource, deployable: Deployable, entry: 'server' | 'migrate', extra: readonly string[] = []): string[] {
  if (from === 'dist') return [...NODE_FLAGS, ...extra, join(repositoryRoot, 'dist', deployable, `${entry}.mjs`)]
  if (entry === 'migrate') return ['--import', 'tsx', join(repositoryRoot, 'packages/db/src/cli.ts'), 'deploy', deployable]
  const source = deployable === 'gateway' ? 'gateway/src/index.ts' : `services/${deployable}/src/index.ts`
  return [...NODE_FLAGS, ...extra, '--import', 'tsx', join(repositoryRoot, source)]
}

function baseEnv(): Record<string, string> {
  const env: Record<string, string> = { NO_COLOR: '1' }
  for (const name of INHERITED) {
    const value = process.env[name]
    if (value !== undefined) env[name] = value
  }
  return env
}

function launch(name: Deployable, args: string[], env: Record<string, string>, url = ''): Running {
  const child = spawn(process.execPath, args, { cwd: repositoryRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  // Both streams are read for the whole run, so a process never blocks on a full pipe.
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT_CHARS)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return { name, url, child, output: () => output }
}

async function exited(running: Running): Promise<number | null> {
  const { child } = running
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
  return new Promise((resolveExit, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => resolveExit(code))
  })
}

async function stopProcess(running: Running): Promise<void> {
  const { child } = running
  if (child.exitCode !== null || child.signalCode !== null) return
  const done = exited(running)
  child.kill('SIGTERM')
  const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
  await done.catch(() => undefined)
  clearTimeout(killer)
}

async function waitReady(running: Running, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const { child } = running
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${running.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${running.output().slice(-3000)}`,
      )
    }
    try {
      const response = await fetch(`${running.url}/readyz`, { signal: AbortSignal.timeout(2000) })
      await response.body?.cancel()
      if (response.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, READY_POLL_MS))
  }
  throw new Error(`${running.name} was not ready (GET /readyz 200) within ${timeoutMs} ms:\n${running.output().slice(-3000)}`)
}

/** The service's migration job (Helm's pre-install hook, compose's one-shot service): must exit 0. */
async function migrate(from: CodeSource, service: DeployedService, env: Record<string, string>): Promise<void> {
  const job = launch(service, nodeArgs(from, service, 'migrate'), env)
  const code = await exited(job)
  if (code !== 0) throw new Error(`the ${service} migration job exited with ${code}:\n${job.output().slice(-3000)}`)
}

function checkBuilt(from: CodeSource, deployables: readonly Deployable[]): void {
  if (from !== 'dist') return
  const entries = deployables.flatMap((name) =>
    name === 'gateway' ? [`${name}/server.mjs`] : [`${name}/server.mjs`, `${name}/migrate.mjs`],
  )
  const missing = entries.filter((entry) => !existsSync(join(repositoryRoot, 'dist', entry)))
  if (missing.length > 0) throw new Error(`missing ${missing.map((entry) => `dist/${entry}`).join(', ')}: run \`npm run build\` first`)
  const built = Math.min(...entries.map((entry) => statSync(join(repositoryRoot, 'dist', entry)).mtimeMs))
  const newer = newestSource()
  // A warning, not a failure: generated sources may be rewritten after a build without changing it.
  if (newer !== undefined && newer.mtimeMs > built)
    console.warn(`[deployed] dist/ is older than ${newer.path}: these processes run the last build, not the sources (npm run build)`)
}

/** The most recently changed source file a deployable bundles (gateway, services, packages). */
function newestSource(): { path: string; mtimeMs: number } | undefined {
  const roots = [
    'gateway/src',
    ...['services', 'packages'].flatMap((parent) => readdirSync(join(repositoryRoot, parent)).map((name) => `${parent}/${name}/src`)),
  ]
  let newest: { path: string; mtimeMs: number } | undefined
  for (const root of roots.filter((path) => existsSync(join(repositoryRoot, path)))) {
    for (const entry of readdirSync(join(repositoryRoot, root), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue
      const path = join(entry.parentPath, entry.name)
      const { mtimeMs } = statSync(path)
      if (newest === undefined || mtimeMs > newest.mtimeMs) newest = { path: path.slice(repositoryRoot.length + 1), mtimeMs }
    }
  }
  return newest
}

async function webDistDirFor(options: DeployedStackOptions, from: CodeSource, workDir: string): Promise<string> {
  if (options.webDistDir !== undefined) return options.webDistDir
  const built = from === 'dist' ? join(repositoryRoot, 'dist/gateway/web') : join(repositoryRoot, 'web/dist')
  if (existsSync(join(built, 'index.html'))) return built
  const stub = join(workDir, 'web')
  await mkdir(stub, { recursive: true })
  await writeFile(join(stub, 'index.html'), '<!doctype html><title>deployed stack</title>')
  return stub
}

/** Secrets a deployment sets (Helm's Secret, compose's .env): one value for every process that reads it. */
function deploymentSecrets(): Record<'GATEWAY_SIGNING_KEY' | 'ADDRESS_HASH_KEY' | 'ACCESS_CODE_KEY', string> {
  const secret = () => randomBytes(32).toString('base64url')
  return { GATEWAY_SIGNING_KEY: secret(), ADDRESS_HASH_KEY: secret(), ACCESS_CODE_KEY: secret() }
}

/**
 * Starts the gateway and the services (all six, or `only` those) as separate processes, waits until
 * every one answers GET /readyz 200, and answers the gateway's URL. Should this process exit without
 * calling stop(), its children are killed with it.
 */
export async function startDeployedStack(options: DeployedStackOptions = {}): Promise<DeployedStack> {
  const from = options.from ?? DEFAULT_CODE_SOURCE
  const services = DEPLOYED_SERVICES.filter((service) => options.only === undefined || options.only.includes(service))
  checkBuilt(from, ['gateway', ...services])
  const workDir = await mkdtemp(join(tmpdir(), 'valueproof-deployed-'))
  const secrets = deploymentSecrets()
  const bucket: TestBucket = createTestBucket('vp-deployed')
  const databases: TestDatabase[] = []
  const running: Running[] = []
  const killOnExit = (): void => {
    for (const one of running) one.child.kill('SIGKILL')
  }
  process.once('exit', killOnExit)
  const stop = async (): Promise<void> => {
    await Promise.all(running.map(stopProcess))
    process.removeListener('exit', killOnExit)
    await Promise.all(databases.map((database) => database.drop()))
    await bucket.drop()
    await rm(workDir, { recursive: true, force: true })
  }
  try {
    const common = {
      ...baseEnv(),
      ...secrets,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NATS_URL: infra.natsUrl,
      NATS_NAMESPACE: `dep${process.pid}${Date.now().toString(36)}`,
      ...options.env,
    }
    const ports = new Map<Deployable, number>()
    for (const name of ['gateway', ...DEPLOYED_SERVICES] as const) ports.set(name, await freePort())
    const urlOf = (name: Deployable) => `http://127.0.0.1:${ports.get(name)}`
    // What a service's migration job and its server share (the Helm hook Job reads the same ConfigMap and Secret).
    const jobEnvs = new Map<DeployedService, Record<string, string>>()
    for (const service of services) {
      const database = await createTestDatabase(`vp_deployed_${service}`)
      databases.push(database)
      jobEnvs.set(service, { ...common, ...bucket.env, DATABASE_URL: database.url, DATA_DIR: join(workDir, service) })
    }
    await Promise.all(services.map((service) => migrate(from, service, jobEnvs.get(service) ?? {})))
    for (const service of services) {
      const env = {
        ...jobEnvs.get(service),
        // The migration job has run: a service never migrates while taking traffic.
        MIGRATE_ON_START: 'false',
        PORT: String(ports.get(service)),
        // As deployed: e-mail over SMTP (the tests' Mailpit), linking to the gateway.
        ...(service === 'notification' ? { SMTP_URL: infra.smtpUrl, PUBLIC_ORIGIN: urlOf('gateway') } : {}),
        ...options.envFor?.[service],
      }
      running.push(launch(service, nodeArgs(from, service, 'server', options.nodeFlags?.[service]), env, urlOf(service)))
    }
    const gatewayEnv: Record<string, string> = {
      ...common,
      DATA_DIR: join(workDir, 'gateway'),
      WEB_DIST_DIR: await webDistDirFor(options, from, workDir),
      PORT: String(ports.get('gateway')),
      ...Object.fromEntries(DEPLOYED_SERVICES.map((service) => [SERVICE_URL_VARIABLE[service], urlOf(service)])),
      ...options.envFor?.gateway,
    }
    running.push(launch('gateway', nodeArgs(from, 'gateway', 'server', options.nodeFlags?.gateway), gatewayEnv, urlOf('gateway')))
    await Promise.all(running.map((one) => waitReady(one, options.readyTimeoutMs ?? READY_TIMEOUT_MS)))
  } catch (error) {
    await stop()
    throw error
  }
  const byName = new Map(running.map((one) => [one.name, one]))
  return {
    url: byName.get('gateway')?.url ?? '',
    urls: Object.fromEntries(running.map((one) => [one.name, one.url])),
    pids: Object.fromEntries(running.map((one) => [one.name, one.child.pid])),
    signingKey: secrets.GATEWAY_SIGNING_KEY,
    output: (name) => byName.get(name)?.output() ?? '',
    stop,
  }
}
