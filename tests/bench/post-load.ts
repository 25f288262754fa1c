// A POST load generator for benchmarks whose every request must be different (beacons: each
// carries its own visit and sequence numbers, so a resent one would count once and hide a loss).
// autocannon repeats one list of requests on every connection; this sends each prepared request
// exactly once, over `connections` keep-alive sockets, and measures each answer's latency.
// The servers it drives run in other processes (the product; the bare baseline below), so the
// generator's event loop is all this process does while it measures.
import { spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'
import { repositoryRoot } from './product.ts'

export interface PreparedPost {
  path: string
  headers: Record<string, string>
  body: string
}

export interface PostLoadSummary {
  requestsPerSecond: number
  completed: number
  durationSeconds: number
  latencyMs: { p50: number; p99: number; max: number }
  statusCodes: Record<string, number>
  errors: number
}

function post(agent: Agent, origin: URL, prepared: PreparedPost): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: 'POST',
        path: prepared.path,
        headers: { ...prepared.headers, 'content-length': Buffer.byteLength(prepared.body) },
      },
      (answer) => {
        answer.resume()
        answer.once('end', () => resolve(answer.statusCode ?? 0))
        answer.once('error', reject)
      },
    )
    outgoing.once('error', reject)
    outgoing.end(prepared.body)
  })
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN
}

/** Sends every request once, `connections` at a time, and summarizes the answers. */
export async function runPostLoad(baseUrl: string, requests: readonly PreparedPost[], connections: number): Promise<PostLoadSummary> {
  const origin = new URL(baseUrl)
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  const statusCodes: Record<string, number> = {}
  let errors = 0
  let next = 0
  const started = performance.now()
  const lane = async (): Promise<void> => {
    while (next < requests.length) {
      const prepared = requests[next]
      next += 1
      if (prepared === undefined) break
      const sent = performance.now()
      try {
        const status = await post(agent, origin, prepared)
        latencies.push(performance.now() - sent)
        statusCodes[status] = (statusCodes[status] ?? 0) + 1
      } catch {
        errors += 1
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, lane))
  const durationSeconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const round = (ms: number) => Math.round(ms * 100) / 100
  return {
    requestsPerSecond: latencies.length / durationSeconds,
    completed: latencies.length,
    durationSeconds,
    latencyMs: {
      p50: round(percentile(latencies, 0.5)),
      p99: round(percentile(latencies, 0.99)),
      max: round(latencies.at(-1) ?? Number.NaN),
    },
    statusCodes,
    errors,
  }
}

/** The bare baseline the issue asks for: Koa with one handler answering `answer` (202) to every POST, in its own process. */
export async function startBareKoaProcess(answer: string): Promise<{ url: string; stop(): Promise<void> }> {
  const source = `
    import Koa from 'koa'
    const app = new Koa()
    app.use((ctx) => { ctx.status = 202; ctx.type = 'application/json'; ctx.body = ${JSON.stringify(answer)} })
    const server = app.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port))
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare Koa exited with ${code}`)))
    child.stdout.on('data', (chunk: Buffer) => {
      const found = /listening (\d+)/.exec(chunk.toString())
      if (found?.[1]) resolve(found[1])
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
