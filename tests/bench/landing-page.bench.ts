// The landing page's benchmark (issue 18, "Performance"): / opened by a visitor (no session) in
// Debian's Chromium. Prints the JavaScript transferred (gzip, bytes on the wire) until the page first
// shows with its live demo, budget 100 KB, and the median of three Lighthouse runs (offline, mobile,
// the default config) for performance, accessibility, best practices and SEO, budget 95 each, with
// LCP, TBT and CLS.
//
// Like the proposal page's benchmark, it builds the web app from the current sources into a temporary
// folder and starts the one-process product serving that build in a child process.
// Run alone: node --import tsx tests/bench/run.ts landing-page
import type { BenchResult } from './bench-result.ts'
import { CHROMIUM_PATH, hasChromium } from './browser.ts'
import { javascriptRow, lighthouseRows, scriptsToFirstShow } from './lighthouse.ts'
import { withCurrentWebProduct } from './product.ts'

const JS_BUDGET_KB = 100
const SCORE_BUDGET = 95
const LIGHTHOUSE_RUNS = 3

const log = (message: string): void => console.log(`  [landing-page] ${message}`)
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))

export async function run(): Promise<BenchResult[]> {
  if (!(await hasChromium())) {
    return [
      {
        name: 'landing page: JavaScript and Lighthouse',
        value: Number.NaN,
        unit: '',
        skipped: true,
        note: `needs Debian's Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`,
      },
    ]
  }
  return withCurrentWebProduct(log, async (url) => {
    const pageUrl = `${url}/`
    log(`measuring ${pageUrl}`)
    const rows: BenchResult[] = []
    try {
      // Shown and alive: the demo's figures are on screen and its slider answers.
      const scripts = await scriptsToFirstShow(pageUrl, async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Prove ROI instantly' }).waitFor({ timeout: 30_000 })
        await page.getByRole('slider', { name: 'Deals per month' }).fill('40')
        await page.getByText('$6,000,000').waitFor({ timeout: 30_000 })
      })
      rows.push(
        javascriptRow('landing page: JavaScript transferred to first show / (Chromium, bytes on the wire)', scripts, JS_BUDGET_KB, log),
      )
    } catch (error) {
      rows.push({ name: 'landing page: JavaScript transferred to first show /', value: Number.NaN, unit: 'KB', error: message(error) })
    }
    const lighthouse = await lighthouseRows(pageUrl, {
      page: 'landing page',
      categories: ['performance', 'accessibility', 'best-practices', 'seo'],
      runs: LIGHTHOUSE_RUNS,
      scoreBudget: SCORE_BUDGET,
      log,
    })
    return [...rows, ...lighthouse]
  })
}
