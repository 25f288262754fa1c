// The k6 scripts of tests/load, run by the real k6 with their smoke profile (a few seconds, few
// virtual users, the full profile's thresholds) against the one-process product started in this
// process. `npm run load` runs the full profile against the product and against separate processes.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../integration/support/stack.ts'
import { headline, runK6, thresholdResults, type K6Run, type LoadScript } from './k6.ts'

const available = await needs('k6')

/** The thresholds each script must report (one per call it measures), so a script that loses one fails here. */
const EXPECTED_THRESHOLDS: Record<LoadScript, string[]> = {
  generation: [
    'http_req_failed: rate<0.01',
    'checks: rate>0.99',
    'http_req_duration{call:analyze-text}: p(95)<2000',
    'http_req_duration{call:generate-value}: p(95)<2000',
    'http_req_duration{call:analyze-document}: p(95)<5000',
    'http_req_duration{call:analyze-document-for-value}: p(95)<5000',
    'unanswered: count==0',
  ],
  prospects: [
    'http_req_failed: rate<0.01',
    'checks: rate>0.99',
    'http_req_duration{call:page}: p(95)<300',
    'http_req_duration{call:asset}: p(95)<300',
    'http_req_duration{call:open-proposal}: p(95)<300',
    'http_req_duration{call:open-with-code}: p(95)<300',
  ],
}
/** Fewest requests a smoke run makes: its arrival rate × duration, less what k6 may drop at start. */
const FEWEST_REQUESTS: Record<LoadScript, number> = { generation: 15, prospects: 40 }
const RUN_TIMEOUT_MS = 60_000

/** A light page naming a script and a style sheet as the web build's proposal.html does (the stack serves a one-line shell). */
async function writeProspectPage(webDistDir: string): Promise<void> {
  await mkdir(join(webDistDir, 'assets'), { recursive: true })
  await writeFile(join(webDistDir, 'assets', 'proposal-smoke.js'), 'console.log("proposal")\n')
  await writeFile(join(webDistDir, 'assets', 'styles-smoke.css'), 'body { margin: 0 }\n')
  await writeFile(
    join(webDistDir, 'proposal.html'),
    '<!doctype html><html><head><script type="module" src="/assets/proposal-smoke.js"></script>' +
      '<link rel="stylesheet" href="/assets/styles-smoke.css"></head><body><div id="root"></div></body></html>',
  )
}

describe.skipIf(!available)('k6 load scripts, smoke profile, against the one-process product', () => {
  let stack: TestStack
  let workDir: string

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'valueproof-k6-'))
    // Every prospect comes from this machine's one address (tests/load/run.ts says why).
    stack = await startTestStack('pglite+in-process', {
      PROPOSAL_ACCESS_CODE_CEILING: '100000',
      PROPOSAL_ACCESS_CODE_ADDRESS_ATTEMPTS: '100000',
    })
    await writeProspectPage(stack.webDistDir)
  })
  afterAll(async () => {
    await stack?.close()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  function smoke(script: LoadScript, baseUrl: string): Promise<K6Run> {
    return runK6({ script, baseUrl, profile: 'smoke', summaryFile: join(workDir, `${script}-${Date.now()}.json`) })
  }

  it.each(['generation', 'prospects'] as const)(
    '%s: k6 exits 0, the calls were made and every threshold held',
    async (script) => {
      const run = await smoke(script, stack.url)
      expect(run.exitCode, run.output).toBe(0)
      const summary = run.summary
      if (summary === undefined) throw new Error(`k6 wrote no summary:\n${run.output}`)
      const figures = headline(summary)
      expect(figures.requests).toBeGreaterThanOrEqual(FEWEST_REQUESTS[script])
      expect(figures.failedRequests).toBe(0)
      expect(summary.metrics.checks?.passes ?? 0).toBeGreaterThan(0)
      expect(summary.metrics.checks?.fails).toBe(0)
      const results = thresholdResults(summary)
      expect(results.map((result) => result.name).sort()).toEqual([...EXPECTED_THRESHOLDS[script]].sort())
      expect(results.filter((result) => !result.held)).toEqual([])
      // Every measured call was made: a sub-metric without samples would hold its threshold vacuously.
      for (const name of Object.keys(summary.metrics).filter((metric) => metric.startsWith('http_req_duration{call:'))) {
        expect(summary.metrics[name]?.max ?? 0, name).toBeGreaterThan(0)
      }
    },
    RUN_TIMEOUT_MS,
  )

  it(
    'fails when the target does not answer (the run cannot pass vacuously)',
    async () => {
      const run = await smoke('prospects', 'http://127.0.0.1:9')
      expect(run.exitCode).not.toBe(0)
    },
    RUN_TIMEOUT_MS,
  )
})
