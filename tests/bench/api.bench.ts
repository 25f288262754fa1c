// Gateway + identity benchmark (issue 2, "Performance"):
//  - GET /api/user with a valid session, through the gateway to identity on real PostgreSQL (and real
//    NATS), against a bare Koa handler returning the same bytes, both driven by autocannon at 50
//    connections in this run (budget: at least 0.30 × the bare handler's requests per second). The
//    product runs in a child process started as `npm start` starts it (its node flags), on
//    PostgreSQL + NATS (gateway → identity in process); the bare handler runs in this process; the
//    load generator is a worker thread of this process in both. The same call with the gateway
//    reaching identity over loopback HTTP is printed beside it;
//  - RSS of the whole embedded stack (PGlite, in-process bus, file-system store) after start-up, in
//    a child process (budgets: steady under 450 MB, peak under 700 MB), and the time from spawn to
//    /healthz answering.
// Run alone: node --import tsx tests/bench/run.ts api
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type Koa from 'koa'
import { needs } from '@valueproof/testing'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { runLoad, type LoadSummary } from './autocannon.ts'
import type { BenchResult } from './bench-result.ts'
import { productNodeArgs, productOnInfrastructure, repositoryRoot, startProduct, type Product } from './product.ts'

const CONNECTIONS = 50
const WARMUP_SECONDS = 3
const MEASURE_SECONDS = 10
const THROUGHPUT_BUDGET = 0.3
/** Issue 17: the one-process stack's resident memory once settled after start-up, and its peak. */
const STEADY_RSS_BUDGET_MB = 450
const PEAK_RSS_BUDGET_MB = 700
const STARTUP_LIMIT_MS = 180_000
/** Idle time before a second RSS reading: right after start-up the heap has not shrunk yet. */
const SETTLE_MS = 5_000

function log(line: string): void {
  console.log(`  [api] ${line}`)
}

async function withTimeout<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const overdue = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms)
  })
  try {
    return await Promise.race([work, overdue])
  } finally {
    clearTimeout(timer)
  }
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms))

/** Registers a fresh user through the API; the client keeps the session cookie. */
export async function registerUser(client: ApiClient): Promise<void> {
  const response = await client.post('/api/register', { username: uniqueUsername('bench'), password: GOOD_PASSWORD })
  if (response.status !== 201) throw new Error(`POST /api/register answered ${response.status}: ${await response.text()}`)
  if (client.sessionCookie === undefined) throw new Error('POST /api/register set no session cookie')
}

export async function getUser(client: ApiClient): Promise<{ body: Buffer; contentType: string }> {
  const response = await client.get('/api/user')
  const body = Buffer.from(await response.arrayBuffer())
  if (response.status !== 200) throw new Error(`GET /api/user answered ${response.status}: ${body.toString('utf8')}`)
  return { body, contentType: response.headers.get('content-type') ?? 'application/json; charset=utf-8' }
}

// ---------------------------------------------------------------------------------------------------
// Throughput: bare Koa against GET /api/user through the gateway

/** The Koa the product runs on: http-kit's koa 3, resolved from http-kit whatever npm hoists. */
function productKoa(): { Koa: typeof Koa; version: string } {
  const requireFromHttpKit = createRequire(join(repositoryRoot, 'packages/http-kit/package.json'))
  const loaded: unknown = requireFromHttpKit('koa')
  const manifest: unknown = requireFromHttpKit('koa/package.json')
  if (typeof loaded !== 'function') throw new Error('koa did not load as a constructor')
  const version =
    typeof manifest === 'object' && manifest !== null && 'version' in manifest && typeof manifest.version === 'string'
      ? manifest.version
      : '?'
  return { Koa: loaded as typeof Koa, version }
}

/** A Koa app without any middleware but the one handler, answering `body` on every request. */
export async function startBareKoa(body: Buffer, contentType: string): Promise<{ url: string; version: string; close(): Promise<void> }> {
  const { Koa: KoaApp, version } = productKoa()
  const app = new KoaApp()
  app.use((ctx) => {
    ctx.status = 200
    ctx.set('content-type', contentType)
    ctx.body = body
  })
  // Koa's listener answers a promise that never rejects (Koa handles its own errors).
  const handle = app.callback()
  const server: Server = createServer((request, response) => void handle(request, response))
  await new Promise<void>((listening, failed) => {
    server.once('error', failed)
    server.listen(0, '127.0.0.1', () => listening())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    version,
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed())
        server.closeAllConnections()
      }),
  }
}

function describeLoad(label: string, load: LoadSummary): void {
  const codes = Object.entries(load.statusCodes)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ')
  log(
    `${label}: ${load.requestsPerSecond.toFixed(0)} req/s (${load.completedRequests} requests in ${load.durationSeconds} s), ` +
      `latency p50 ${load.latencyMs.p50} ms p99 ${load.latencyMs.p99} ms max ${load.latencyMs.max} ms, ` +
      `errors ${load.errors} timeouts ${load.timeouts} non-2xx ${load.non2xx} mismatches ${load.mismatches} [${codes}]`,
  )
}

/** Warm-up, then the measured load; `onMeasuring` runs between the two (a benchmark's own readings). */
export async function measure(
  label: string,
  url: string,
  headers: Record<string, string>,
  expectBody: string,
  onMeasuring?: () => void,
): Promise<LoadSummary> {
  log(`${label}: warm-up ${WARMUP_SECONDS} s at ${CONNECTIONS} connections…`)
  describeLoad(`${label} (warm-up)`, await runLoad({ url, connections: CONNECTIONS, durationSeconds: WARMUP_SECONDS, headers, expectBody }))
  onMeasuring?.()
  log(`${label}: measuring ${MEASURE_SECONDS} s at ${CONNECTIONS} connections…`)
  const load = await runLoad({ url, connections: CONNECTIONS, durationSeconds: MEASURE_SECONDS, headers, expectBody })
  describeLoad(label, load)
  return load
}

async function infrastructureAvailable(): Promise<boolean> {
  try {
    return await needs('postgres', 'nats')
  } catch (error) {
    // needs() throws under CI=true; a benchmark reports instead of failing.
    console.warn(`  [api] ${error instanceof Error ? error.message : String(error)}`)
    return false
  }
}

/** The same call on a second product whose gateway reaches the services over loopback HTTP. */
async function overLoopbackHttp(): Promise<LoadSummary | undefined> {
  log('starting a second product whose gateway reaches identity over loopback HTTP…')
  const { product, close } = await withTimeout(
    'starting the HTTP-transport product',
    STARTUP_LIMIT_MS,
    productOnInfrastructure({ transport: 'http' }),
  )
  try {
    const client = new ApiClient(product.url)
    await registerUser(client)
    const { body } = await getUser(client)
    return await measure(
      'GET /api/user over loopback HTTP',
      `${product.url}/api/user`,
      { cookie: `vp_session=${client.sessionCookie ?? ''}`, accept: 'application/json' },
      body.toString('utf8'),
    )
  } finally {
    await close()
  }
}

async function throughput(): Promise<BenchResult[]> {
  const subjectName = 'api: GET /api/user via gateway → identity → PostgreSQL'
  if (!(await infrastructureAvailable())) {
    log('SKIPPED: GET /api/user throughput needs PostgreSQL and NATS (TEST_DATABASE_URL / TEST_NATS_URL, see README "Running the tests")')
    return [{ name: subjectName, value: Number.NaN, unit: 'req/s', skipped: true, note: 'needs PostgreSQL and NATS' }]
  }

  log(`starting the product on PostgreSQL + NATS: node ${productNodeArgs().join(' ')}…`)
  const { product, close } = await withTimeout(
    'starting the product on PostgreSQL + NATS',
    STARTUP_LIMIT_MS,
    productOnInfrastructure({ transport: 'in-process' }),
  )
  let baseline: { url: string; version: string; close(): Promise<void> } | undefined
  try {
    const client = new ApiClient(product.url)
    await registerUser(client)
    const { body, contentType } = await getUser(client)
    const cookie = `vp_session=${client.sessionCookie ?? ''}`
    log(`GET /api/user answers ${body.length} bytes (${contentType}): ${body.toString('utf8')}`)

    baseline = await startBareKoa(body, contentType)
    const expectBody = body.toString('utf8')
    // The same headers to both, so both parse the same request.
    const headers = { cookie, accept: 'application/json' }
    const koa = await measure(`bare Koa ${baseline.version}`, baseline.url, headers, expectBody)
    const api = await measure('GET /api/user', `${product.url}/api/user`, headers, expectBody)
    const overHttp = await overLoopbackHttp()

    const koaName = `api: bare Koa ${baseline.version} handler, same ${body.length}-byte JSON (baseline)`
    const apiFailures = api.non2xx + api.errors + api.timeouts + api.mismatches
    return [
      { name: koaName, value: Math.round(koa.requestsPerSecond), unit: 'req/s' },
      {
        name: subjectName,
        value: Math.round(api.requestsPerSecond),
        unit: 'req/s',
        baseline: { name: koaName, value: Math.round(koa.requestsPerSecond) },
        ratio: api.requestsPerSecond / koa.requestsPerSecond,
        budget: `≥ ${THROUGHPUT_BUDGET.toFixed(2)} × bare Koa`,
        pass: api.requestsPerSecond >= THROUGHPUT_BUDGET * koa.requestsPerSecond,
      },
      ...(overHttp === undefined
        ? []
        : [
            {
              name: 'api: GET /api/user with the gateway reaching identity over loopback HTTP (as separate deployments do)',
              value: Math.round(overHttp.requestsPerSecond),
              unit: 'req/s',
              baseline: { name: koaName, value: Math.round(koa.requestsPerSecond) },
              ratio: overHttp.requestsPerSecond / koa.requestsPerSecond,
              note: `p99 ${overHttp.latencyMs.p99} ms; informational: the budget is measured on the one-process stack (decision 005)`,
            },
          ]),
      { name: 'api: p99 latency, bare Koa', value: koa.latencyMs.p99, unit: 'ms' },
      {
        name: 'api: p99 latency, GET /api/user',
        value: api.latencyMs.p99,
        unit: 'ms',
        baseline: { name: 'api: p99 latency, bare Koa', value: koa.latencyMs.p99 },
        ratio: koa.latencyMs.p99 > 0 ? api.latencyMs.p99 / koa.latencyMs.p99 : Number.NaN,
      },
      {
        name: 'api: bare Koa non-2xx + errors + timeouts + body mismatches',
        value: koa.non2xx + koa.errors + koa.timeouts + koa.mismatches,
        unit: 'responses',
      },
      {
        name: 'api: GET /api/user non-2xx + errors + timeouts + body mismatches',
        value: apiFailures,
        unit: 'responses',
        budget: '= 0',
        pass: apiFailures === 0,
        note: `non-2xx ${api.non2xx}, errors ${api.errors}, timeouts ${api.timeouts}, mismatches ${api.mismatches} of ${api.completedRequests}`,
      },
    ]
  } finally {
    await baseline?.close()
    await close()
  }
}

// ---------------------------------------------------------------------------------------------------
// Memory: the embedded stack (`npm start`'s process) in a child

/** VmRSS and VmHWM of one process, in KiB (Linux /proc). */
async function memoryOf(pid: number): Promise<{ rssKiB: number; peakKiB: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const field = (name: string): number => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)
    return match?.[1] === undefined ? 0 : Number(match[1])
  }
  return { rssKiB: field('VmRSS'), peakKiB: field('VmHWM') }
}

/** The pid and all its descendants (the stack is meant to be one process; this checks it). */
async function processTree(pid: number): Promise<number[]> {
  const pids = [pid]
  let tasks: string[]
  try {
    tasks = await readdir(`/proc/${pid}/task`)
  } catch {
    return pids
  }
  for (const task of tasks) {
    let children: string
    try {
      children = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8')
    } catch {
      continue
    }
    for (const child of children.split(/\s+/).filter(Boolean)) pids.push(...(await processTree(Number(child))))
  }
  return pids
}

async function treeMemory(pid: number): Promise<{ rssKiB: number; peakKiB: number; processes: number }> {
  const pids = await processTree(pid)
  let rssKiB = 0
  let peakKiB = 0
  for (const one of pids) {
    const memory = await memoryOf(one)
    rssKiB += memory.rssKiB
    peakKiB += memory.peakKiB
  }
  return { rssKiB, peakKiB, processes: pids.length }
}

/**
 * The highest Σ VmHWM of the processes of the tree alive at the same sample, sampled every 25 ms
 * until `done` settles: it sees the short-lived child that unpacks a new database (decision 113),
 * whose memory a reading after start-up cannot, and over-counts rather than misses (each process's
 * own high-water mark, even if they were not reached at the same moment).
 */
async function sampledTreePeak(pid: number, done: Promise<unknown>): Promise<{ peakKiB: number; processes: number }> {
  let finished = false
  void done.finally(() => (finished = true)).catch(() => undefined)
  let peakKiB = 0
  const seen = new Set<number>()
  while (!finished) {
    let sum = 0
    for (const one of await processTree(pid)) {
      try {
        sum += (await memoryOf(one)).peakKiB
        seen.add(one)
      } catch {
        // ended between the listing and the reading
      }
    }
    peakKiB = Math.max(peakKiB, sum)
    await sleep(25)
  }
  return { peakKiB, processes: seen.size }
}

const MB = 1_000_000
const kibToMb = (kib: number): number => Number(((kib * 1024) / MB).toFixed(1))

async function waitForHealthz(url: string): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(`${url}/healthz`)
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await sleep(20)
  }
}

async function memory(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'valueproof-bench-'))
  const started = performance.now()
  let product: Product | undefined
  try {
    // Sampled from spawn until /healthz answers: start-up's short-lived children are seen too.
    let markUp: () => void = () => undefined
    const up = new Promise<void>((resolveUp) => (markUp = resolveUp))
    let startup: Promise<{ peakKiB: number; processes: number }> = Promise.resolve({ peakKiB: 0, processes: 0 })
    try {
      product = await startProduct({
        dataDir,
        onSpawned: (spawned) => {
          startup = sampledTreePeak(spawned, up)
        },
      })
      log(`embedded stack (PGlite, in-process bus, file-system store) running as pid ${product.pid}, DATA_DIR ${dataDir}`)
      await withTimeout('embedded stack /healthz', STARTUP_LIMIT_MS, waitForHealthz(product.url))
    } finally {
      markUp()
    }
    const { pid, url } = product
    const startupMs = performance.now() - started
    const startupPeak = await startup
    log(
      `start-up: Σ VmHWM of the processes alive at once at most ${kibToMb(startupPeak.peakKiB)} MB (${startupPeak.processes} process(es) seen)`,
    )
    const idle = await treeMemory(pid)
    log(`/healthz answered ${(startupMs / 1000).toFixed(2)} s after spawn; RSS ${kibToMb(idle.rssKiB)} MB right after start-up`)

    const client = new ApiClient(url)
    await withTimeout(
      'register + GET /api/user on the embedded stack',
      60_000,
      (async () => {
        await registerUser(client)
        await getUser(client)
      })(),
    )
    await sleep(500)
    const worked = await treeMemory(pid)
    log(
      `after one registration and one GET /api/user: RSS ${kibToMb(worked.rssKiB)} MB, peak (VmHWM) ${kibToMb(worked.peakKiB)} MB, ${worked.processes} process(es)`,
    )
    await sleep(SETTLE_MS)
    const settled = await treeMemory(pid)
    log(`${SETTLE_MS / 1000} s later, idle: RSS ${kibToMb(settled.rssKiB)} MB`)
    const peakKiB = Math.max(settled.peakKiB, startupPeak.peakKiB)

    return [
      {
        name: 'api: embedded stack RSS after start-up, one registration and one GET /api/user',
        value: kibToMb(worked.rssKiB),
        unit: 'MB',
        note: `VmRSS of ${worked.processes} process(es); MB = 10^6 bytes`,
      },
      { name: 'api: embedded stack RSS right after /healthz answered (before any request)', value: kibToMb(idle.rssKiB), unit: 'MB' },
      {
        name: `api: embedded stack steady RSS, ${SETTLE_MS / 1000} s later, idle`,
        value: kibToMb(settled.rssKiB),
        unit: 'MB',
        budget: `< ${STEADY_RSS_BUDGET_MB} MB`,
        pass: (settled.rssKiB * 1024) / MB < STEADY_RSS_BUDGET_MB,
      },
      {
        name: 'api: embedded stack peak RSS (VmHWM) so far, start-up children included',
        value: kibToMb(peakKiB),
        unit: 'MB',
        budget: `< ${PEAK_RSS_BUDGET_MB} MB`,
        pass: (peakKiB * 1024) / MB < PEAK_RSS_BUDGET_MB,
        note: `the larger of the stack's VmHWM now (${kibToMb(settled.peakKiB)} MB) and start-up's sampled Σ VmHWM (${kibToMb(startupPeak.peakKiB)} MB, ${startupPeak.processes} process(es))`,
      },
      {
        name: 'api: embedded stack start-up, spawn to /healthz answering',
        value: Number((startupMs / 1000).toFixed(2)),
        unit: 's',
        note: `node ${productNodeArgs().join(' ')}, fresh DATA_DIR`,
      },
    ]
  } finally {
    await product?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** Runs one part; a failure becomes an ERROR row so that the other part still reports. */
async function part(name: string, work: () => Promise<BenchResult[]>): Promise<BenchResult[]> {
  try {
    return await work()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    console.error(`  [api] ${name} failed:`, error)
    return [{ name: `api: ${name}`, value: Number.NaN, unit: '', error: message }]
  }
}

export async function run(): Promise<BenchResult[]> {
  // The child first, while nothing else of this benchmark is running.
  const memoryResults = await part('embedded stack memory and start-up', memory)
  const throughputResults = await part('GET /api/user throughput against bare Koa', throughput)
  return [...throughputResults, ...memoryResults]
}
