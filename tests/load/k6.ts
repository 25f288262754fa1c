// Runs this folder's k6 scripts with the real k6 (scripts/infra.sh builds it into .infra/bin) and
// reads its end-of-test summary (--summary-export). Shared by `npm run load` and the smoke test.
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { infra } from '@valueproof/testing'

export const LOAD_SCRIPTS = ['generation', 'prospects'] as const
export type LoadScript = (typeof LOAD_SCRIPTS)[number]
export type LoadProfile = 'smoke' | 'full'

const loadDir = dirname(fileURLToPath(import.meta.url))
const OUTPUT_KEPT_CHARS = 40_000

/** One metric of k6's summary export: counters carry count/rate, rates passes/fails/value, trends percentiles. */
export interface K6Metric {
  count?: number
  rate?: number
  value?: number
  passes?: number
  fails?: number
  avg?: number
  med?: number
  max?: number
  'p(90)'?: number
  'p(95)'?: number
  /** Each threshold's expression → whether it FAILED (k6's summary-export format). */
  thresholds?: Record<string, boolean>
}

export interface K6Summary {
  metrics: Record<string, K6Metric>
}

export interface K6Run {
  script: LoadScript
  /** k6's exit code: 0 when every threshold held, 99 when one failed, other codes for errors. */
  exitCode: number | null
  summary: K6Summary | undefined
  /** What k6 printed (the end of it), when not passed through to this process's terminal. */
  output: string
}

/**
 * Runs tests/load/<script>.k6.js against `baseUrl`. `env` adds -e variables (knobs such as RATE);
 * `passThrough` prints k6's progress and summary to this terminal instead of capturing them.
 */
export async function runK6(props: {
  script: LoadScript
  baseUrl: string
  profile: LoadProfile
  summaryFile: string
  env?: Record<string, string>
  passThrough?: boolean
}): Promise<K6Run> {
  const variables = { BASE_URL: props.baseUrl, PROFILE: props.profile, ...props.env }
  const args = [
    'run',
    // No phoning home (the machines reach only the registries) and no REST API port: several runs
    // may overlap (parallel test files), and k6's default port 6565 would be taken.
    '--no-usage-report',
    '--address',
    '',
    '--quiet',
    '--no-color',
    '--summary-export',
    props.summaryFile,
    ...Object.entries(variables).flatMap(([name, value]) => ['-e', `${name}=${value}`]),
    `${props.script}.k6.js`,
  ]
  const child = spawn(infra.k6Binary, args, {
    cwd: loadDir,
    stdio: ['ignore', props.passThrough ? 'inherit' : 'pipe', props.passThrough ? 'inherit' : 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT_CHARS)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exitCode = await new Promise<number | null>((resolveExit, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolveExit(code))
  })
  let summary: K6Summary | undefined
  try {
    summary = JSON.parse(await readFile(props.summaryFile, 'utf8')) as K6Summary
  } catch {
    // k6 stopped before its summary (a script error, an aborted setup): the exit code tells.
  }
  return { script: props.script, exitCode, summary, output }
}

/** Every threshold k6 evaluated, as "metric: expression", with whether it held. */
export function thresholdResults(summary: K6Summary): { name: string; held: boolean }[] {
  return Object.entries(summary.metrics).flatMap(([metric, values]) =>
    Object.entries(values.thresholds ?? {}).map(([expression, failed]) => ({ name: `${metric}: ${expression}`, held: !failed })),
  )
}

/**
 * The figures a load report quotes: requests and their rate, p95 of every request (setup's too) and
 * of each measured call (the `call` tags with thresholds), and the failed requests.
 */
export function headline(summary: K6Summary): {
  requests: number
  rate: number
  p95Ms: number
  callP95Ms: Record<string, number>
  failedRequests: number
  failedRate: number
} {
  const requests = summary.metrics.http_reqs
  const failed = summary.metrics.http_req_failed
  const callP95Ms: Record<string, number> = {}
  for (const [name, metric] of Object.entries(summary.metrics)) {
    const call = /^http_req_duration\{call:(.+)\}$/.exec(name)?.[1]
    if (call !== undefined) callP95Ms[call] = metric['p(95)'] ?? Number.NaN
  }
  return {
    requests: requests?.count ?? 0,
    rate: requests?.rate ?? 0,
    p95Ms: summary.metrics.http_req_duration?.['p(95)'] ?? Number.NaN,
    callP95Ms,
    // In a rate metric, "passes" counts the true samples: here the failed requests.
    failedRequests: failed?.passes ?? 0,
    failedRate: failed?.value ?? 0,
  }
}
