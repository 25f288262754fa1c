// The generator screen's benchmark (issue 6, "Performance"), in Debian's Chromium against the real
// one-process product (`node dist/embedded/main.mjs`, PGlite, in-process bus, the
// built-in offline analyzer) serving web/dist:
// - JavaScript transferred (gzip, bytes on the wire) until /calculator first shows, signed in;
// - moving a slider of a three-parameter ('Advanced') calculator: time from the input event to the
//   figures in the DOM showing the new values, median and p95 (budget: p95 under 16 ms), and to the
//   next paint; with the same loop on a bare <input type=range> that updates one text node as the
//   browser's own floor.
// web/dist is built (as `npm run build -w web` builds it) only when it is missing: the figures are for the last build.
// Run alone: node --import tsx tests/bench/run.ts calculator-page
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page, Request } from '@playwright/test'
import { GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import type { BenchResult } from './bench-result.ts'
import { CHROMIUM_PATH, hasChromium, kb, launchChromium } from './browser.ts'
import { buildWeb, repositoryRoot, startProduct } from './product.ts'

const WEB_DIST = join(repositoryRoot, 'web/dist')
const SLIDER_BUDGET_MS = 16
/** Measured input events, in ROUNDS alternating with the baseline's; the first WARMUP_STEPS of each page (JIT, first layouts) are not counted. */
const STEPS = 240
const ROUNDS = 4
const WARMUP_STEPS = 30
const DESCRIPTION =
  'We automate invoice processing for finance teams. Each invoice takes 12 minutes to handle by hand, ' +
  'a team of 4 clerks handles 2,000 invoices per month, and a clerk costs $45 per hour.'

const log = (message: string): void => console.log(`  [calculator-page] ${message}`)
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))
const ms = (value: number): number => Number(value.toFixed(2))

/** Nearest-rank percentile (p in 0..100). */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
}

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length

// --- web/dist -----------------------------------------------------------------------------------------

/** Builds web/dist when it has no index.html; answers a remark for the figures (built now, or older than its sources). */
async function ensureWebDist(): Promise<string> {
  let builtAt: number
  try {
    builtAt = (await stat(join(WEB_DIST, 'index.html'))).mtimeMs
  } catch {
    log('web/dist/index.html is missing: building web into web/dist …')
    await buildWeb(WEB_DIST)
    return 'web/dist built by this run'
  }
  const sources = await readdir(join(repositoryRoot, 'web/src'), { recursive: true })
  const newer: string[] = []
  for (const file of sources) {
    const info = await stat(join(repositoryRoot, 'web/src', file))
    if (info.isFile() && info.mtimeMs > builtAt) newer.push(file)
  }
  if (newer.length === 0) return 'web/dist as built'
  log(`web/dist is older than ${newer.length} file(s) of web/src (${newer.slice(0, 3).join(', ')}): measuring the last build`)
  return `web/dist older than ${newer.length} web/src file(s): last build measured`
}

// --- signing in ----------------------------------------------------------------------------------------

/** Registers and signs in a user through the API with the context's cookie jar, as the e2e fixtures do. */
async function signIn(context: BrowserContext, url: string): Promise<void> {
  const origin = new URL(url).origin
  const username = uniqueUsername('bench-calculator')
  for (const path of ['/api/register', '/api/login']) {
    const response = await context.request.post(`${url}${path}`, {
      headers: { Origin: origin },
      data: { username, password: GOOD_PASSWORD },
    })
    if (!response.ok()) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`)
  }
}

// --- JavaScript to first show ----------------------------------------------------------------------------

interface Transfer {
  path: string
  script: boolean
  /** Response body bytes as sent (after Content-Encoding). */
  body: number
  headers: number
  encoding: string
}

async function transferOf(request: Request): Promise<Transfer> {
  const [sizes, response] = await Promise.all([request.sizes(), request.response()])
  return {
    path: new URL(request.url()).pathname,
    script: request.resourceType() === 'script',
    body: sizes.responseBodySize,
    headers: sizes.responseHeadersSize,
    encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
  }
}

/** Opens /calculator in the (cold) page; answers what was transferred until it first showed, and after until the network was idle. */
async function firstShow(page: Page, url: string): Promise<{ toShow: Transfer[]; afterShow: Transfer[]; showMs: number }> {
  const finished: Request[] = []
  page.on('requestfinished', (request) => finished.push(request))
  const start = performance.now()
  const response = await page.goto(`${url}/calculator`)
  if (response?.status() !== 200) throw new Error(`GET /calculator answered ${response?.status() ?? 'nothing'}`)
  await page.getByRole('tab', { name: 'Create Proposal', selected: true }).waitFor({ timeout: 30_000 })
  await page.getByRole('button', { name: 'Generate Calculator' }).waitFor({ timeout: 30_000 })
  const showMs = performance.now() - start
  const shownAt = finished.length
  await page.waitForLoadState('networkidle')
  const transfers = await Promise.all(finished.map(transferOf))
  return { toShow: transfers.slice(0, shownAt), afterShow: transfers.slice(shownAt), showMs }
}

function javascriptRows(toShow: readonly Transfer[], afterShow: readonly Transfer[], showMs: number): BenchResult[] {
  const scripts = toShow.filter((transfer) => transfer.script)
  const scriptBytes = scripts.reduce((sum, script) => sum + script.body, 0)
  const notGzip = scripts.filter((script) => script.encoding !== 'gzip').map((script) => script.path)
  const allBytes = toShow.reduce((sum, transfer) => sum + transfer.body + transfer.headers, 0)
  const laterScripts = afterShow.filter((transfer) => transfer.script)
  log(`scripts to first show: ${scripts.map((script) => `${script.path} ${kb(script.body)} KB ${script.encoding}`).join(', ')}`)
  if (laterScripts.length > 0)
    log(`scripts after first show: ${laterScripts.map((script) => `${script.path} ${kb(script.body)} KB`).join(', ')}`)
  return [
    {
      name: 'calculator page: JavaScript transferred to first show /calculator (signed in, gzip on the wire)',
      value: kb(scriptBytes),
      unit: 'KB',
      note:
        `${scripts.length} script(s)${notGzip.length === 0 ? ', all sent gzip' : `; NOT sent gzip: ${notGzip.join(', ')}`}; ` +
        `${laterScripts.length} more script(s), ${kb(laterScripts.reduce((sum, script) => sum + script.body, 0))} KB, until the network was idle; shown after ${Math.round(showMs)} ms`,
    },
    {
      name: 'calculator page: all bytes transferred to first show /calculator (bodies + headers)',
      value: kb(allBytes),
      unit: 'KB',
      note: `${toShow.length} response(s): ${[...new Set(toShow.map((transfer) => (transfer.script ? 'script' : transfer.path.startsWith('/api/') ? 'api' : 'other')))].join(', ')}`,
    },
  ]
}

// --- slider latency ----------------------------------------------------------------------------------------

async function generateAdvancedCalculator(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Or describe your service in words' }).click()
  await page.getByLabel('Describe your service').fill(DESCRIPTION)
  await page.getByRole('button', { name: 'Generate Calculator' }).click()
  const dialog = page.getByRole('dialog', { name: 'Choose Calculator Type' })
  await dialog.getByRole('button', { name: /^Advanced/ }).click()
  await dialog.waitFor({ state: 'hidden' })
  const sliders = page.getByTestId('current-calculator').getByRole('slider')
  await sliders.first().waitFor({ timeout: 90_000 })
  const count = await sliders.count()
  if (count !== 3) throw new Error(`the Advanced calculator has ${count} slider(s), not 3`)
  // Let the fade-in and the toast settle: they are not part of moving a slider.
  await page.waitForTimeout(1500)
}

interface LoopOptions {
  /** The element holding the sliders and the figures. */
  root: string
  sliders: string
  figures: string
  steps: number
  warmup: number
  timeoutMs: number
}

interface LoopResult {
  /** Input event dispatched → figures' text changed, per counted step (ms). */
  domMs: number[]
  /** Input event dispatched → after the next paint, per counted step (ms). */
  frameMs: number[]
  /** Steps whose figures had changed by the time dispatchEvent returned. */
  synchronous: number
  sliders: number
}

/**
 * Runs in the page. Each step moves one slider (round robin) between a quarter and three quarters of
 * its range, as a user's drag does: the native value setter (React's own value tracker then sees a
 * change) and an input event. The figures are checked right after dispatchEvent (React commits a
 * controlled input's discrete event synchronously) and else on each DOM mutation. "After the next
 * paint" is a requestAnimationFrame callback followed by a message-channel task, which runs once that
 * frame is rendered (a double requestAnimationFrame would add a whole frame).
 * No named inner functions: tsx wraps them in a __name helper the page does not have.
 */
async function sliderLoopInPage(options: LoopOptions): Promise<LoopResult> {
  const root = document.querySelector(options.root)
  if (root === null) throw new Error(`no ${options.root} in the page`)
  const sliders = Array.from(root.querySelectorAll<HTMLInputElement>(options.sliders))
  if (sliders.length === 0) throw new Error(`no ${options.sliders} in ${options.root}`)
  const valueProperty = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')
  if (valueProperty?.set === undefined) throw new Error('HTMLInputElement has no value setter')
  const targets = sliders.map((slider) => {
    const min = Number(slider.min || '0')
    const max = Number(slider.max || '100')
    const step = Number(slider.step) > 0 ? Number(slider.step) : 1
    const low = min + Math.round(((max - min) * 0.25) / step) * step
    const high = Math.max(low + step, min + Math.round(((max - min) * 0.75) / step) * step)
    return [String(low), String(Math.min(max, high))] as const
  })
  const domMs: number[] = []
  const frameMs: number[] = []
  let synchronous = 0
  for (let index = 0; index < options.warmup + options.steps; index += 1) {
    const slider = sliders[index % sliders.length]
    const target = targets[index % sliders.length]
    if (slider === undefined || target === undefined) throw new Error('slider index out of range')
    const value = slider.value === target[0] ? target[1] : target[0]
    const before = Array.from(root.querySelectorAll(options.figures), (figure) => figure.textContent).join('|')
    const t0 = performance.now()
    valueProperty.set.call(slider, value)
    slider.dispatchEvent(new Event('input', { bubbles: true }))
    let updatedAt: number
    if (Array.from(root.querySelectorAll(options.figures), (figure) => figure.textContent).join('|') !== before) {
      updatedAt = performance.now()
      if (index >= options.warmup) synchronous += 1
    } else {
      updatedAt = await new Promise<number>((resolvePromise, reject) => {
        const observer = new MutationObserver(() => {
          if (Array.from(root.querySelectorAll(options.figures), (figure) => figure.textContent).join('|') === before) return
          const at = performance.now()
          observer.disconnect()
          clearTimeout(timer)
          resolvePromise(at)
        })
        observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true })
        const timer = setTimeout(() => {
          observer.disconnect()
          reject(
            new Error(
              `step ${index}: the figures did not change within ${options.timeoutMs} ms after setting slider ${index % sliders.length} to ${value}`,
            ),
          )
        }, options.timeoutMs)
      })
    }
    const paintedAt = await new Promise<number>((resolvePromise) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolvePromise(performance.now())
        channel.port2.postMessage(null)
      })
    })
    if (index >= options.warmup) {
      domMs.push(updatedAt - t0)
      frameMs.push(paintedAt - t0)
    }
  }
  return { domMs, frameMs, synchronous, sliders: sliders.length }
}

/** The browser's floor: a page with a bare range input whose input listener sets one text node. */
async function openBaselinePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.setContent(
    '<main><input type="range" min="0" max="100" step="1" value="50"><dl><div data-result="value"><dd>50</dd></div></dl></main>',
  )
  await page.evaluate(() => {
    const input = document.querySelector('input')
    const text = document.querySelector('dd')?.firstChild
    if (input === null || !(text instanceof Text)) throw new Error('baseline page incomplete')
    input.addEventListener('input', () => {
      text.data = input.value
    })
  })
  return page
}

const CALCULATOR_LOOP = {
  root: '[data-testid="current-calculator"]',
  sliders: 'input[type=range]',
  figures: '[data-result] dd',
  timeoutMs: 5000,
}
const BASELINE_LOOP = { root: 'main', sliders: 'input[type=range]', figures: '[data-result] dd', timeoutMs: 5000 }

/** The calculator's and the baseline's loops in alternating rounds, so that both see the same load on a shared machine. */
async function measureSliders(calculatorPage: Page, baselinePage: Page): Promise<{ calculator: LoopResult; baseline: LoopResult }> {
  const calculator: LoopResult = { domMs: [], frameMs: [], synchronous: 0, sliders: 0 }
  const baseline: LoopResult = { domMs: [], frameMs: [], synchronous: 0, sliders: 0 }
  for (let round = 0; round < ROUNDS; round += 1) {
    const counts = { steps: STEPS / ROUNDS, warmup: round === 0 ? WARMUP_STEPS : 0 }
    for (const [page, loop, into] of [
      [calculatorPage, CALCULATOR_LOOP, calculator],
      [baselinePage, BASELINE_LOOP, baseline],
    ] as const) {
      // A page behind another one gets about one frame a second.
      await page.bringToFront()
      const visibility = await page.evaluate(() => document.visibilityState)
      if (visibility !== 'visible') throw new Error(`the measured page is ${visibility}: its frames would be throttled`)
      const result = await page.evaluate(sliderLoopInPage, { ...loop, ...counts })
      into.domMs.push(...result.domMs)
      into.frameMs.push(...result.frameMs)
      into.synchronous += result.synchronous
      into.sliders = result.sliders
    }
  }
  return { calculator, baseline }
}

function sliderRows(calculator: LoopResult, baseline: LoopResult): BenchResult[] {
  const domMedian = percentile(calculator.domMs, 50)
  const domP95 = percentile(calculator.domMs, 95)
  const frameMedian = percentile(calculator.frameMs, 50)
  const frameP95 = percentile(calculator.frameMs, 95)
  const baseDomMedian = percentile(baseline.domMs, 50)
  const baseDomP95 = percentile(baseline.domMs, 95)
  const baseFrameMedian = percentile(baseline.frameMs, 50)
  const baseFrameP95 = percentile(baseline.frameMs, 95)
  const domMean = mean(calculator.domMs)
  const baseDomMean = mean(baseline.domMs)
  // performance.now() is coarsened to ~0.1 ms (with jitter) in a page that is not cross-origin
  // isolated, and the baseline's DOM time is mostly under that: the DOM ratio compares means.
  const baseDomName = 'calculator page: bare <input type=range> → its text node updated, mean (baseline)'
  const baseFrameName = 'calculator page: bare <input type=range> → after next paint, median (baseline)'
  const events = `${calculator.domMs.length} input events on ${calculator.sliders} sliders after ${WARMUP_STEPS} warm-up, ${ROUNDS} rounds alternating with the baseline`
  return [
    {
      name: baseDomName,
      value: ms(baseDomMean),
      unit: 'ms',
      note: `median ${ms(baseDomMedian)} ms, p95 ${ms(baseDomP95)} ms (timer resolution ~0.1 ms)`,
    },
    { name: baseFrameName, value: ms(baseFrameMedian), unit: 'ms', note: `p95 ${ms(baseFrameP95)} ms` },
    {
      name: 'calculator page: slider input → figures updated in the DOM, median',
      value: ms(domMedian),
      unit: 'ms',
      note: `${events}; ${calculator.synchronous} of ${calculator.domMs.length} committed within dispatchEvent`,
    },
    {
      name: 'calculator page: slider input → figures updated in the DOM, p95',
      value: ms(domP95),
      unit: 'ms',
      budget: `< ${SLIDER_BUDGET_MS} ms`,
      pass: domP95 < SLIDER_BUDGET_MS,
      note: `max ${ms(Math.max(...calculator.domMs))} ms; baseline p95 ${ms(baseDomP95)} ms`,
    },
    {
      name: 'calculator page: slider input → figures updated in the DOM, mean',
      value: ms(domMean),
      unit: 'ms',
      baseline: { name: baseDomName, value: ms(baseDomMean) },
      ratio: domMean / baseDomMean,
    },
    {
      name: 'calculator page: slider input → after next paint, median',
      value: ms(frameMedian),
      unit: 'ms',
      baseline: { name: baseFrameName, value: ms(baseFrameMedian) },
      ratio: frameMedian / baseFrameMedian,
      note: 'requestAnimationFrame, then a message-channel task; each step starts just after a paint, so one frame (~16.7 ms at 60 Hz) means the update made the next frame',
    },
    {
      name: 'calculator page: slider input → after next paint, p95',
      value: ms(frameP95),
      unit: 'ms',
      baseline: { name: 'calculator page: bare <input type=range> → after next paint, p95 (baseline)', value: ms(baseFrameP95) },
      ratio: frameP95 / baseFrameP95,
      note: `max ${ms(Math.max(...calculator.frameMs))} ms`,
    },
  ]
}

// --- run ------------------------------------------------------------------------------------------------------

export async function run(): Promise<BenchResult[]> {
  if (!(await hasChromium())) {
    return [
      {
        name: 'calculator page: JavaScript and slider latency',
        value: Number.NaN,
        unit: '',
        skipped: true,
        note: `needs Debian's Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`,
      },
    ]
  }
  const distNote = await ensureWebDist()
  const dataDir = await mkdtemp(join(tmpdir(), 'valueproof-bench-calculator-'))
  try {
    log('starting the product (node dist/embedded/main.mjs) …')
    const product = await startProduct({ dataDir })
    try {
      log(`running at ${product.url}`)
      const browser = await launchChromium()
      try {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' })
        await signIn(context, product.url)
        const page = await context.newPage()
        const rows: BenchResult[] = []
        try {
          const { toShow, afterShow, showMs } = await firstShow(page, product.url)
          rows.push(...javascriptRows(toShow, afterShow, showMs))
        } catch (error) {
          rows.push({
            name: 'calculator page: JavaScript transferred to first show /calculator',
            value: Number.NaN,
            unit: 'KB',
            error: message(error),
          })
          return rows
        }
        try {
          log('generating an Advanced calculator from the description …')
          await generateAdvancedCalculator(page)
          log(`moving sliders: ${STEPS} input events (+${WARMUP_STEPS} warm-up) in ${ROUNDS} rounds alternating with the baseline page …`)
          const baselinePage = await openBaselinePage(context)
          const { calculator, baseline } = await measureSliders(page, baselinePage)
          rows.push(...sliderRows(calculator, baseline))
        } catch (error) {
          rows.push({
            name: 'calculator page: slider input → figures updated in the DOM',
            value: Number.NaN,
            unit: 'ms',
            error: message(error),
          })
        }
        const first = rows[0]
        if (first !== undefined) first.note = `${first.note ?? ''}; ${distNote}`
        return rows
      } finally {
        await browser.close()
      }
    } finally {
      await product.stop()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}
