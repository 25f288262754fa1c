// The prospect's page benchmark (issue 5, "Performance"): /proposals/{id} opened by a signed-out
// visitor in Debian's Chromium. Prints the JavaScript transferred (gzip, bytes on the wire) to first
// show the proposal, budget 120 KB, and the median of three Lighthouse 12.8 runs (offline, mobile,
// the default config) for performance and accessibility, budget 95 each, with LCP, TBT and CLS.
//
// The module builds the web app itself (vite build into a temporary folder, ~3 s), so it always
// measures the current sources and neither depends on nor disturbs web/dist. It then starts the
// one-process product (PGlite, in-process bus) serving that build in a child process, so that the
// server does not share an event loop with Lighthouse.
// Lighthouse's simulated mobile CPU is 4 × this machine's: other work on the machine shows in TBT.
// Run alone: node --import tsx tests/bench/run.ts proposal-page
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import lighthouse from 'lighthouse'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import type { BenchResult } from './bench-result.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, hasChromium, kb, launchChromium } from './browser.ts'
import { buildWeb, startProduct } from './product.ts'

const JS_BUDGET_KB = 120
const SCORE_BUDGET = 95
const LIGHTHOUSE_RUNS = 3
/** Where each run's Lighthouse report is kept for reading the failed audits. */
const REPORT_DIR = join(tmpdir(), 'valueproof-lighthouse')

const PROPOSAL_TITLE = 'Support desk automation for Acme Logistics'
const calculatorData = {
  name: 'Support Desk Automation Savings',
  description: 'What automating first-line support saves Acme each year.',
  formula: 'ticketsPerWeek * automatedShare / 100 * minutesPerTicket / 60 * hourlyCost',
  explanation:
    'Tickets each week times the share answered automatically, times the minutes an agent spends on one, at the loaded hourly cost of an agent.',
  parameters: [
    {
      name: 'ticketsPerWeek',
      label: 'Tickets per week',
      description: 'First-line tickets the desk receives.',
      type: 'slider',
      min: 0,
      max: 5000,
      step: 10,
      defaultValue: 1200,
      unit: 'tickets',
    },
    {
      name: 'automatedShare',
      label: 'Share answered automatically',
      description: 'Password resets, order status and other routine questions.',
      type: 'slider',
      min: 0,
      max: 100,
      step: 1,
      defaultValue: 35,
      unit: '%',
    },
    { name: 'minutesPerTicket', label: 'Minutes per ticket', type: 'slider', min: 1, max: 60, step: 1, defaultValue: 8, unit: 'minutes' },
    { name: 'hourlyCost', label: 'Hourly cost of an agent', type: 'slider', min: 10, max: 200, step: 5, defaultValue: 45, unit: 'USD' },
  ],
  baseCurrency: 'USD',
  baseTimeframe: 'weekly',
  valueType: 'moneySaved',
  calculatorType: 'standard',
}

const log = (message: string): void => console.log(`  [proposal-page] ${message}`)
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** A signed-in owner shares a public proposal (no access code); answers its id. */
async function shareProposal(baseUrl: string): Promise<string> {
  const owner = new ApiClient(baseUrl)
  const registered = await owner.post('/api/register', { username: uniqueUsername('benchpage'), password: GOOD_PASSWORD })
  if (registered.status !== 201) throw new Error(`POST /api/register answered ${registered.status}: ${await registered.text()}`)
  const created = await owner.post('/api/proposals', {
    title: PROPOSAL_TITLE,
    content: 'Acme Logistics answers 1,200 first-line tickets a week; a third of them are routine.',
    calculatorData,
  })
  if (created.status !== 201) throw new Error(`POST /api/proposals answered ${created.status}: ${await created.text()}`)
  const body: unknown = await created.json()
  if (typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string') return body.id
  throw new Error(`POST /api/proposals answered no id: ${JSON.stringify(body)}`)
}

interface ScriptTransfer {
  path: string
  /** Response body bytes as sent (after Content-Encoding). */
  encoded: number
  /** The same file at gzip -9, whatever the server sent. */
  gzip: number
  encoding: string
}

/** Every script a fresh Chromium downloads until the proposal's title shows and the network is idle. */
async function scriptsToFirstShow(pageUrl: string): Promise<ScriptTransfer[]> {
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    const transfers: Array<Promise<ScriptTransfer>> = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      transfers.push(
        (async () => {
          const [sizes, body, encoding] = await Promise.all([
            response.request().sizes(),
            response.body(),
            response.headerValue('content-encoding'),
          ])
          return {
            path: new URL(response.url()).pathname,
            encoded: sizes.responseBodySize,
            gzip: gzipSync(body, { level: 9 }).length,
            encoding: encoding ?? 'identity',
          }
        })(),
      )
    })
    const response = await page.goto(pageUrl)
    if (response?.status() !== 200) throw new Error(`GET ${pageUrl} answered ${response?.status() ?? 'nothing'}`)
    await page.getByRole('heading', { level: 1, name: PROPOSAL_TITLE }).waitFor({ timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    return await Promise.all(transfers)
  } finally {
    await browser.close()
  }
}

/** Debian's Chromium for Lighthouse, headless, with a DevTools port of its own choosing. */
async function startChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'valueproof-lighthouse-profile-'))
  const child = spawn(
    CHROMIUM_PATH,
    ['--headless=new', ...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let output = ''
  const exited = new Promise<void>((resolvePromise) => child.once('exit', () => resolvePromise()))
  try {
    const port = await new Promise<number>((resolvePromise, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Chromium did not open its DevTools port within 30 s: ${output.slice(-1000)}`)),
        30_000,
      )
      child.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`Chromium exited with ${code}: ${output.slice(-1000)}`))
      })
      // Keep reading stderr for the whole run so that Chromium never blocks on a full pipe.
      child.stderr.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-10_000)
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)
        if (match?.[1] !== undefined) {
          clearTimeout(timer)
          resolvePromise(Number(match[1]))
        }
      })
    })
    return {
      port,
      async close() {
        child.kill('SIGTERM')
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(killer)
        await rm(profile, { recursive: true, force: true })
      },
    }
  } catch (error) {
    child.kill('SIGKILL')
    await exited
    await rm(profile, { recursive: true, force: true })
    throw error
  }
}

interface LighthouseRun {
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  benchmarkIndex: number
  /** Weighted audits of either category scoring under 0.9, as "category/audit (score)". */
  failedAudits: string[]
  warnings: string[]
  reportPath: string
}

function numericAudit(audits: Record<string, { numericValue?: number }>, id: string): number {
  const value = audits[id]?.numericValue
  if (value === undefined) throw new Error(`Lighthouse reported no ${id}`)
  return value
}

/** One Lighthouse navigation of the page (mobile, simulated throttling: the default config). */
async function lighthouseRun(port: number, pageUrl: string, index: number): Promise<LighthouseRun> {
  const result = await lighthouse(pageUrl, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] })
  if (result === undefined) throw new Error('Lighthouse returned no result')
  const { lhr } = result
  const reportPath = join(REPORT_DIR, `proposal-page-run${index + 1}.report.json`)
  await mkdir(REPORT_DIR, { recursive: true })
  await writeFile(reportPath, typeof result.report === 'string' ? result.report : JSON.stringify(lhr))
  if (lhr.runtimeError !== undefined) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
  const scoreOf = (category: 'performance' | 'accessibility'): number => {
    const score = lhr.categories[category]?.score
    if (typeof score !== 'number') throw new Error(`Lighthouse gave no ${category} score (see ${reportPath})`)
    return Math.round(score * 100)
  }
  const failedAudits = (['performance', 'accessibility'] as const).flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .flatMap((ref) => {
        const score = lhr.audits[ref.id]?.score
        return typeof score === 'number' && score < 0.9 ? [`${category}/${ref.id} (${score.toFixed(2)})`] : []
      }),
  )
  return {
    performance: scoreOf('performance'),
    accessibility: scoreOf('accessibility'),
    lcpMs: numericAudit(lhr.audits, 'largest-contentful-paint'),
    tbtMs: numericAudit(lhr.audits, 'total-blocking-time'),
    cls: numericAudit(lhr.audits, 'cumulative-layout-shift'),
    fcpMs: numericAudit(lhr.audits, 'first-contentful-paint'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failedAudits,
    warnings: lhr.runWarnings.map(String),
    reportPath,
  }
}

function javascriptRows(scripts: readonly ScriptTransfer[]): BenchResult[] {
  const transferred = scripts.reduce((sum, script) => sum + script.encoded, 0)
  const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0)
  const plain = scripts.filter((script) => script.encoding !== 'gzip').map((script) => script.path)
  log(`scripts: ${scripts.map((script) => `${script.path} ${kb(script.encoded)} KB ${script.encoding}`).join(', ')}`)
  return [
    {
      name: 'proposal page: JavaScript transferred to first show /proposals/{id} (Chromium, bytes on the wire)',
      value: kb(transferred),
      unit: 'KB',
      budget: `≤ ${JS_BUDGET_KB} KB`,
      pass: transferred <= JS_BUDGET_KB * 1024,
      note: `${scripts.length} script(s); gzip -9 of the same files ${kb(gzip)} KB; ${plain.length === 0 ? 'all sent gzip' : `sent uncompressed: ${plain.join(', ')}`}`,
    },
  ]
}

function lighthouseRows(runs: readonly LighthouseRun[], crashes: readonly string[]): BenchResult[] {
  const rows: BenchResult[] = crashes.map((crash, index) => ({
    name: `proposal page: Lighthouse crash ${index + 1} (of ${LIGHTHOUSE_RUNS} runs)`,
    value: Number.NaN,
    unit: '',
    error: crash,
  }))
  if (runs.length === 0) return rows
  const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick))
  const each = (pick: (run: LighthouseRun) => number, digits = 0) => runs.map((run) => pick(run).toFixed(digits)).join(', ')
  const failed = [...new Set(runs.flatMap((run) => run.failedAudits.map((audit) => audit.replace(/ \(.*\)$/, ''))))]
  const failures = (category: string) =>
    failed.filter((audit) => audit.startsWith(`${category}/`)).map((audit) => audit.slice(category.length + 1))
  const scoreRow = (category: 'performance' | 'accessibility', pick: (run: LighthouseRun) => number): BenchResult => {
    const value = of(pick)
    const below = failures(category)
    return {
      name: `proposal page: Lighthouse ${category} (mobile, median of ${runs.length})`,
      value,
      unit: '/100',
      budget: `≥ ${SCORE_BUDGET}`,
      pass: value >= SCORE_BUDGET,
      note: `runs: ${each(pick)}${below.length > 0 ? `; audits under 0.9 in some run: ${below.join(', ')}` : ''}`,
    }
  }
  const warnings = [...new Set(runs.flatMap((run) => run.warnings))]
  return [
    ...rows,
    scoreRow('performance', (run) => run.performance),
    scoreRow('accessibility', (run) => run.accessibility),
    {
      name: 'proposal page: Largest Contentful Paint (Lighthouse, simulated mobile)',
      value: Math.round(of((run) => run.lcpMs)),
      unit: 'ms',
      note: `runs: ${each((run) => run.lcpMs)}; FCP median ${Math.round(of((run) => run.fcpMs))} ms`,
    },
    {
      name: 'proposal page: Total Blocking Time (Lighthouse, simulated mobile)',
      value: Math.round(of((run) => run.tbtMs)),
      unit: 'ms',
      note: `runs: ${each((run) => run.tbtMs)}`,
    },
    {
      name: 'proposal page: Cumulative Layout Shift (Lighthouse)',
      value: Number(of((run) => run.cls).toFixed(3)),
      unit: '',
      note: `runs: ${each((run) => run.cls, 3)}; Lighthouse CPU benchmark index ${each((run) => run.benchmarkIndex)}; reports in ${REPORT_DIR}${warnings.length > 0 ? `; warnings: ${warnings.join(' | ')}` : ''}`,
    },
  ]
}

export async function run(): Promise<BenchResult[]> {
  if (!(await hasChromium())) {
    return [
      {
        name: 'proposal page: JavaScript and Lighthouse',
        value: Number.NaN,
        unit: '',
        skipped: true,
        note: `needs Debian's Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`,
      },
    ]
  }
  const workDir = await mkdtemp(join(tmpdir(), 'valueproof-bench-page-'))
  const distDir = join(workDir, 'web-dist')
  try {
    log('building the web app from the current sources…')
    await buildWeb(distDir)
    log('starting the product (PGlite, in-process bus) serving that build…')
    const product = await startProduct({ dataDir: join(workDir, 'data'), webDistDir: distDir })
    try {
      const pageUrl = `${product.url}/proposals/${await shareProposal(product.url)}`
      log(`measuring ${pageUrl}`)
      const rows: BenchResult[] = []
      try {
        rows.push(...javascriptRows(await scriptsToFirstShow(pageUrl)))
      } catch (error) {
        rows.push({
          name: 'proposal page: JavaScript transferred to first show /proposals/{id}',
          value: Number.NaN,
          unit: 'KB',
          error: message(error),
        })
      }
      const runs: LighthouseRun[] = []
      const crashes: string[] = []
      for (let index = 0; index < LIGHTHOUSE_RUNS; index += 1) {
        let browser: Awaited<ReturnType<typeof startChromium>> | undefined
        try {
          // A fresh browser per run: nothing cached or warmed up by the run before.
          browser = await startChromium()
          const lighthouseResult = await lighthouseRun(browser.port, pageUrl, index)
          runs.push(lighthouseResult)
          log(
            `Lighthouse run ${index + 1}: performance ${lighthouseResult.performance}, accessibility ${lighthouseResult.accessibility}, ` +
              `LCP ${Math.round(lighthouseResult.lcpMs)} ms, TBT ${Math.round(lighthouseResult.tbtMs)} ms, CLS ${lighthouseResult.cls.toFixed(3)}` +
              `${lighthouseResult.failedAudits.length > 0 ? `; under 0.9: ${lighthouseResult.failedAudits.join(', ')}` : ''}`,
          )
        } catch (error) {
          crashes.push(`run ${index + 1}: ${message(error)}`)
          log(`Lighthouse run ${index + 1} crashed: ${message(error)}`)
        } finally {
          await browser?.close()
        }
      }
      return [...rows, ...lighthouseRows(runs, crashes)]
    } finally {
      await product.stop()
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}
