// A small, typed, time-bounded front to autocannon's programmatic API (types in autocannon-module.d.ts).
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon'

export interface LoadOptions {
  url: string
  connections: number
  durationSeconds: number
  headers?: Record<string, string>
  /** Responses whose body differs are counted as mismatches. */
  expectBody?: string
  /**
   * Worker threads generating the load. With 1 (the default) the load generator has its own event
   * loop and does not compete with a server running on this process's main thread.
   */
  workers?: number
  /** Requests each connection cycles through (default: GET url). */
  requests?: AutocannonRequest[]
  /** Stop after this many requests instead of after durationSeconds. */
  amount?: number
}

export interface LoadSummary {
  /** Mean completed requests per second (autocannon's "Req/Sec avg"). */
  requestsPerSecond: number
  completedRequests: number
  durationSeconds: number
  latencyMs: { p50: number; p99: number; max: number; mean: number }
  errors: number
  timeouts: number
  non2xx: number
  mismatches: number
  statusCodes: Record<string, number>
}

export function summarize(result: AutocannonResult): LoadSummary {
  const statusCodes: Record<string, number> = {}
  for (const [code, stats] of Object.entries(result.statusCodeStats)) statusCodes[code] = Number(stats.count)
  return {
    requestsPerSecond: result.requests.average,
    completedRequests: result.requests.total ?? 0,
    durationSeconds: result.duration,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, mean: result.latency.mean },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    statusCodes,
  }
}

/** Runs one load test; stops it and fails if it has not finished 30 s after its planned duration. */
export async function runLoad(options: LoadOptions): Promise<LoadSummary> {
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    workers: options.workers ?? 1,
    headers: options.headers ?? {},
    timeout: 10,
    ...(options.expectBody === undefined ? {} : { expectBody: options.expectBody }),
    ...(options.requests === undefined ? {} : { requests: options.requests }),
    ...(options.amount === undefined ? {} : { amount: options.amount }),
  })
  const limitMs = (options.durationSeconds + 30) * 1000
  let timer: NodeJS.Timeout | undefined
  const overdue = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      instance.stop()
      reject(new Error(`autocannon against ${options.url} did not finish within ${limitMs / 1000} s`))
    }, limitMs)
  })
  const finished = new Promise<AutocannonResult>((resolve, reject) => {
    instance.then(resolve, reject)
  })
  try {
    return summarize(await Promise.race([finished, overdue]))
  } finally {
    clearTimeout(timer)
  }
}
