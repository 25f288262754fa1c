// What the page benchmarks share: the JavaScript a fresh Chromium downloads until a page first shows,
// and Lighthouse (mobile, simulated throttling: the default config) runs in Debian's Chromium, each in
// a fresh browser, summarised as the median of the runs with the audits that pulled a score down.
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import lighthouse from 'lighthouse'
import type { BenchResult } from './bench-result.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH, kb, launchChromium } from './browser.ts'

/** Where each run's Lighthouse report is kept for reading the failed audits. */
export const REPORT_DIR = join(tmpdir(), 'valueproof-lighthouse')

export type LighthouseCategory = 'performance' | 'accessibility' | 'best-practices' | 'seo'

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

export interface ScriptTransfer {
  path: string
  /** Response body bytes as sent (after Content-Encoding). */
  encoded: number
  /** The same file at gzip -9, whatever the server sent. */
  gzip: number
  encoding: string
}

/** Every script a fresh phone-sized Chromium downloads until `shown` resolves and the network is idle. */
export async function scriptsToFirstShow(pageUrl: string, shown: (page: Page) => Promise<void>): Promise<ScriptTransfer[]> {
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
    await shown(page)
    await page.waitForLoadState('networkidle')
    return await Promise.all(transfers)
  } finally {
    await browser.close()
  }
}

/** One row: the scripts' bytes on the wire against a budget in KB. */
export function javascriptRow(
  name: string,
  scripts: readonly ScriptTransfer[],
  budgetKb: number,
  log: (text: string) => void,
): BenchResult {
  const transferred = scripts.reduce((sum, script) => sum + script.encoded, 0)
  const gzip = scripts.reduce((sum, script) => sum + script.gzip, 0)
  const plain = scripts.filter((script) => script.encoding !== 'gzip').map((script) => script.path)
  log(`scripts: ${scripts.map((script) => `${script.path} ${kb(script.encoded)} KB ${script.encoding}`).join(', ')}`)
  return {
    name,
    value: kb(transferred),
    unit: 'KB',
    budget: `≤ ${budgetKb} KB`,
    pass: transferred <= budgetKb * 1024,
    note: `${scripts.length} script(s); gzip -9 of the same files ${kb(gzip)} KB; ${plain.length === 0 ? 'all sent gzip' : `sent uncompressed: ${plain.join(', ')}`}`,
  }
}

/** Debian's Chromium for Lighthouse, headless, with a DevTools port of its own choosing. */
async function startChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'valueproof-lighthouse-profile-'))
  const child = spawn(
    CHROMIUM_PATH,
    ['--headless=new', ...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
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

export interface LighthouseRun {
  scores: Partial<Record<LighthouseCategory, number>>
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  benchmarkIndex: number
  /** Weighted audits of any category scoring under 0.9, as "category/audit (score)". */
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
async function lighthouseRun(
  port: number,
  pageUrl: string,
  report: string,
  categories: readonly LighthouseCategory[],
): Promise<LighthouseRun> {
  const result = await lighthouse(pageUrl, { port, output: 'json', logLevel: 'error', onlyCategories: [...categories] })
  if (result === undefined) throw new Error('Lighthouse returned no result')
  const { lhr } = result
  const reportPath = join(REPORT_DIR, `${report}.report.json`)
  await mkdir(REPORT_DIR, { recursive: true })
  await writeFile(reportPath, typeof result.report === 'string' ? result.report : JSON.stringify(lhr))
  if (lhr.runtimeError !== undefined) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
  const scores: LighthouseRun['scores'] = {}
  for (const category of categories) {
    const score = lhr.categories[category]?.score
    if (typeof score !== 'number') throw new Error(`Lighthouse gave no ${category} score (see ${reportPath})`)
    scores[category] = Math.round(score * 100)
  }
  const failedAudits = categories.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .flatMap((ref) => {
        const score = lhr.audits[ref.id]?.score
        return typeof score === 'number' && score < 0.9 ? [`${category}/${ref.id} (${score.toFixed(2)})`] : []
      }),
  )
  return {
    scores,
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

export interface LighthouseOptions {
  /** The page's name in rows and report files, e.g. 'proposal page'. */
  page: string
  categories: readonly LighthouseCategory[]
  runs: number
  scoreBudget: number
  /** A category's own budget where it is not scoreBudget (issue 20: the proposal page's accessibility is 100). */
  categoryBudgets?: Partial<Record<LighthouseCategory, number>>
  log: (text: string) => void
}

/** Runs Lighthouse `runs` times, each in a fresh browser (nothing cached or warmed up by the run before). */
export async function lighthouseRows(pageUrl: string, options: LighthouseOptions): Promise<BenchResult[]> {
  const runs: LighthouseRun[] = []
  const crashes: string[] = []
  for (let index = 0; index < options.runs; index += 1) {
    let browser: Awaited<ReturnType<typeof startChromium>> | undefined
    try {
      browser = await startChromium()
      const run = await lighthouseRun(browser.port, pageUrl, `${options.page.replace(/\W+/g, '-')}-run${index + 1}`, options.categories)
      runs.push(run)
      const scores = options.categories.map((category) => `${category} ${run.scores[category]}`).join(', ')
      options.log(
        `Lighthouse run ${index + 1}: ${scores}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}` +
          `${run.failedAudits.length > 0 ? `; under 0.9: ${run.failedAudits.join(', ')}` : ''}`,
      )
    } catch (error) {
      crashes.push(`run ${index + 1}: ${message(error)}`)
      options.log(`Lighthouse run ${index + 1} crashed: ${message(error)}`)
    } finally {
      await browser?.close()
    }
  }
  return summaryRows(runs, crashes, options)
}

function summaryRows(runs: readonly LighthouseRun[], crashes: readonly string[], options: LighthouseOptions): BenchResult[] {
  const rows: BenchResult[] = crashes.map((crash, index) => ({
    name: `${options.page}: Lighthouse crash ${index + 1} (of ${options.runs} runs)`,
    value: Number.NaN,
    unit: '',
    error: crash,
  }))
  if (runs.length === 0) return rows
  const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick))
  const each = (pick: (run: LighthouseRun) => number, digits = 0) => runs.map((run) => pick(run).toFixed(digits)).join(', ')
  const failed = [...new Set(runs.flatMap((run) => run.failedAudits.map((audit) => audit.replace(/ \(.*\)$/, ''))))]
  const scoreRow = (category: LighthouseCategory): BenchResult => {
    const pick = (run: LighthouseRun) => run.scores[category] ?? Number.NaN
    const value = of(pick)
    const budget = options.categoryBudgets?.[category] ?? options.scoreBudget
    const below = failed.filter((audit) => audit.startsWith(`${category}/`)).map((audit) => audit.slice(category.length + 1))
    return {
      name: `${options.page}: Lighthouse ${category} (mobile, median of ${runs.length})`,
      value,
      unit: '/100',
      budget: budget === 100 ? '100' : `≥ ${budget}`,
      pass: value >= budget,
      note: `runs: ${each(pick)}${below.length > 0 ? `; audits under 0.9 in some run: ${below.join(', ')}` : ''}`,
    }
  }
  const warnings = [...new Set(runs.flatMap((run) => run.warnings))]
  return [
    ...rows,
    ...options.categories.map(scoreRow),
    {
      name: `${options.page}: Largest Contentful Paint (Lighthouse, simulated mobile)`,
      value: Math.round(of((run) => run.lcpMs)),
      unit: 'ms',
      note: `runs: ${each((run) => run.lcpMs)}; FCP median ${Math.round(of((run) => run.fcpMs))} ms`,
    },
    {
      name: `${options.page}: Total Blocking Time (Lighthouse, simulated mobile)`,
      value: Math.round(of((run) => run.tbtMs)),
      unit: 'ms',
      note: `runs: ${each((run) => run.tbtMs)}`,
    },
    {
      name: `${options.page}: Cumulative Layout Shift (Lighthouse)`,
      value: Number(of((run) => run.cls).toFixed(3)),
      unit: '',
      note: `runs: ${each((run) => run.cls, 3)}; Lighthouse CPU benchmark index ${each((run) => run.benchmarkIndex)}; reports in ${REPORT_DIR}${warnings.length > 0 ? `; warnings: ${warnings.join(' | ')}` : ''}`,
    },
  ]
}
