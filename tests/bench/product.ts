// The one-process product in a child process, started as `npm start` starts it (the node arguments of
// package.json's start script): on its embedded defaults (PGlite, in-process bus, the built-in
// analyzer) for browser benchmarks, or on PostgreSQL and NATS for the API benchmark. The server then
// does not share its process with the load generator or the browser tooling. Also the build of the
// web app it serves.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createTestDatabase, infra } from '@valueproof/testing'

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** Environment that would swap the embedded defaults for real infrastructure, a real AI provider or other settings. */
const NOT_INHERITED =
  /^(DATABASE_URL|NATS_|S3_|OTEL_|OPENAI_|WEB_DIST_DIR$|PUBLIC_ORIGIN$|SERVICE_TRANSPORT$|PORT$|HOST$|DATA_DIR$|LOG_LEVEL$|SESSION_|PASSWORD_HASH_COST$|TRUST_PROXY$)/

export interface Product {
  /** e.g. http://127.0.0.1:41234 */
  url: string
  pid: number
  stop(): Promise<void>
}

/**
 * The arguments `npm start` gives node (its V8 flags, the compiled entry point), read from
 * package.json so that benchmarks run the product exactly as it is started — minus the supervisor,
 * which forks main.mjs with the same flags: the product process itself is what is measured.
 */
const SUPERVISOR_ENTRY = 'dist/embedded/server.mjs'

export function productNodeArgs(): string[] {
  const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }
  const command = manifest.scripts?.start?.split('&&').at(-1)?.trim().split(/\s+/) ?? []
  if (command[0] !== 'node' || command.at(-1) !== SUPERVISOR_ENTRY) {
    throw new Error(
      `package.json's start script should end with "node … ${SUPERVISOR_ENTRY}"; it is ${JSON.stringify(manifest.scripts?.start)}`,
    )
  }
  return [...command.slice(1, -1), 'dist/embedded/main.mjs']
}

/**
 * Starts the product on a port of its choosing with the given DATA_DIR (and web build, default
 * web/dist); `env` adds or overrides variables (DATABASE_URL, NATS_URL … for real infrastructure).
 */
export async function startProduct(options: {
  dataDir: string
  webDistDir?: string
  env?: Record<string, string>
  /** Called with the product's pid as soon as it is spawned, before it is running. */
  onSpawned?: (pid: number) => void
}): Promise<Product> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !NOT_INHERITED.test(key)) env[key] = value
  Object.assign(env, { PORT: '0', HOST: '127.0.0.1', DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', NO_COLOR: '1' })
  if (options.webDistDir !== undefined) env.WEB_DIST_DIR = options.webDistDir
  Object.assign(env, options.env)
  const child = spawn(process.execPath, productNodeArgs(), { cwd: repositoryRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const pid = child.pid
  if (pid !== undefined) options.onSpawned?.(pid)
  // Should this process die without stopping the product, the product dies with it.
  const killOnExit = (): void => {
    child.kill('SIGKILL')
  }
  process.once('exit', killOnExit)
  const exited = new Promise<void>((resolvePromise) => child.once('exit', () => resolvePromise()))
  let output = ''
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-10_000)
  }
  child.stderr.on('data', keep)
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000)
      await exited
      clearTimeout(killer)
    }
    process.removeListener('exit', killOnExit)
  }
  try {
    const url = await new Promise<string>((resolvePromise, reject) => {
      const timer = setTimeout(() => reject(new Error(`the product did not start within 180 s:\n${output.slice(-2000)}`)), 180_000)
      child.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`the product exited (${code ?? signal}) before it was running:\n${output.slice(-2000)}`))
      })
      // Keep reading stdout for the whole run so that the product never blocks on a full pipe.
      child.stdout.on('data', (chunk: Buffer) => {
        keep(chunk)
        const match = /ValueProof is running at (http:\/\/\S+)/.exec(output)
        if (match?.[1] !== undefined) {
          clearTimeout(timer)
          resolvePromise(match[1])
        }
      })
    })
    if (pid === undefined) throw new Error('the product has no process id')
    return { url, pid, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

export interface ProductOnInfrastructure {
  product: Product
  /** The database the product's services share (each in its own schema, named after the service). */
  databaseUrl: string
  close(this: void): Promise<void>
}

/**
 * The product on PostgreSQL (a fresh database, dropped by `close()`) and NATS (its own namespace),
 * with the gateway reaching services in-process or, as separate deployments do, over loopback HTTP.
 * The API is measured, not the web app: a one-line index.html stands in for web/dist.
 */
export async function productOnInfrastructure(options: { transport: 'in-process' | 'http' }): Promise<ProductOnInfrastructure> {
  const database = await createTestDatabase('vp_bench')
  const dataDir = await mkdtemp(join(tmpdir(), 'valueproof-bench-'))
  const cleanUp = async (): Promise<void> => {
    await database.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    const webDistDir = join(dataDir, 'web-dist')
    await mkdir(webDistDir)
    await writeFile(join(webDistDir, 'index.html'), '<!doctype html><title>bench</title>')
    const env: Record<string, string> = {
      DATABASE_URL: database.url,
      NATS_URL: infra.natsUrl,
      NATS_NAMESPACE: `bench${process.pid}${Date.now().toString(36)}`,
      ...(options.transport === 'http' ? { SERVICE_TRANSPORT: 'http' } : {}),
    }
    const product = await startProduct({ dataDir, webDistDir, env })
    return {
      product,
      databaseUrl: database.url,
      async close() {
        await product.stop()
        await cleanUp()
      },
    }
  } catch (error) {
    await cleanUp()
    throw error
  }
}

/** The web app built from the current sources into outDir (the same build as `npm run build -w web`, which writes web/dist). */
export async function buildWeb(outDir: string): Promise<void> {
  const vite = join(repositoryRoot, 'node_modules/vite/bin/vite.js')
  await runCommand(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    join(repositoryRoot, 'web'),
  )
  await access(join(outDir, 'proposal.html'))
}

/** Runs a command to completion; a non-zero exit throws with the end of its output. */
async function runCommand(command: string, args: readonly string[], cwd: string): Promise<void> {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } })
  let output = ''
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const code = await new Promise<number | null>((resolvePromise, reject) => {
    child.once('error', reject)
    child.once('close', resolvePromise)
  })
  if (code !== 0) throw new Error(`${[command, ...args].join(' ')} exited with ${code}:\n${output.slice(-2000)}`)
}

/**
 * For the page benchmarks: builds the web app from the current sources into a temporary folder (so
 * it neither depends on nor disturbs web/dist), starts the product serving that build, and gives
 * `use` its URL; everything is stopped and removed afterwards.
 */
export async function withCurrentWebProduct<T>(log: (text: string) => void, use: (url: string) => Promise<T>): Promise<T> {
  const workDir = await mkdtemp(join(tmpdir(), 'valueproof-bench-web-'))
  try {
    const distDir = join(workDir, 'web-dist')
    log('building the web app from the current sources…')
    await buildWeb(distDir)
    log('starting the product (PGlite, in-process bus) serving that build…')
    const product = await startProduct({ dataDir: join(workDir, 'data'), webDistDir: distDir })
    try {
      return await use(product.url)
    } finally {
      await product.stop()
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}
