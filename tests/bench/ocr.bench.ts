// Text recognition benchmark (issue 14, "Performance"; docs/decisions/094):
//  - OCR of one scanned page: page 2 of the copier scan in ../shared/samples (a quote page with an
//    amounts column), rendered at 300 dpi by pdftoppm into a one-page image-only PDF and read by the
//    document extractor in its child process; seconds per page, engine start included;
//  - the event-loop delay of this process while the worker recognises (budget: p99 < 50 ms);
//  - the worker's peak resident memory (the child process's VmHWM);
//  - the whole 13-page scan under the default 60 s time limit: pages read in time, seconds per page.
// Run alone: node --import tsx tests/bench/run.ts ocr
import { existsSync, readFileSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { createDocumentExtractor, type DocumentExtractor } from '../../packages/documents/src/index.ts'
import { buildScannedPdf, hasPdftoppm, renderPage } from '../../packages/documents/src/test-scans.ts'
import type { BenchResult } from './bench-result.ts'

const samplesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/samples/documents')
const SCANNED_SAMPLE = 'metro-access-gate-proposal-scanned.pdf'
/** The page with the amounts column: the one a proposal's figures come from. */
const BENCH_PAGE = 2
const RUNS = 3
const LOOP_DELAY_BUDGET_MS = 50
/** The extractor's default time limit, which the whole-scan figure runs under. */
const DEFAULT_TIME_LIMIT_S = 60

function log(line: string): void {
  console.log(`  [ocr] ${line}`)
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** Peak resident size (MB) of this process's child processes that run pool workers (Linux /proc). */
async function workerPeakMb(): Promise<number | undefined> {
  const peaks: number[] = []
  for (const entry of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue
    const status = await readFile(`/proc/${entry}/status`, 'latin1').catch(() => '')
    const parent = /^PPid:\s+(\d+)/m.exec(status)?.[1]
    if (Number(parent) !== process.pid) continue
    const command = await readFile(`/proc/${entry}/cmdline`, 'latin1').catch(() => '')
    const peakKb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]
    if (command.includes('pool-child') && peakKb !== undefined) peaks.push(Number(peakKb) / 1024)
  }
  return peaks.length === 0 ? undefined : Math.max(...peaks)
}

async function closing<T>(extractor: DocumentExtractor, use: (extractor: DocumentExtractor) => Promise<T>): Promise<T> {
  try {
    return await use(extractor)
  } finally {
    await extractor.close()
  }
}

async function onePage(sample: Uint8Array): Promise<BenchResult[]> {
  const pdf = buildScannedPdf([renderPage(sample, BENCH_PAGE)])
  return closing(createDocumentExtractor({ workers: 1 }), async (extractor) => {
    const loop = monitorEventLoopDelay({ resolution: 5 })
    loop.enable()
    const seconds: number[] = []
    let text = ''
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now()
      const document = await extractor.extract(new Uint8Array(pdf))
      seconds.push((performance.now() - started) / 1000)
      text = document.pages[0]?.ocr === true ? document.pages[0].text : ''
    }
    loop.disable()
    const peakMb = await workerPeakMb()
    if (!/\$ ?1,385\.00/.test(text)) throw new Error(`page ${BENCH_PAGE} was not read as expected: ${text.slice(0, 300)}`)
    const [p50, p99, max] = [loop.percentile(50) / 1e6, loop.percentile(99) / 1e6, loop.max / 1e6]
    log(`one page: ${seconds.map((s) => s.toFixed(2)).join(', ')} s; event loop p50 ${p50.toFixed(1)}, p99 ${p99.toFixed(1)} ms`)
    return [
      {
        name: `ocr: one scanned page (${SCANNED_SAMPLE} p. ${BENCH_PAGE}, 300 dpi, median of ${RUNS})`,
        value: Number(median(seconds).toFixed(2)),
        unit: 's/page',
        note: 'through the extractor in a child process: raster, engine start (swe+eng models) and recognition',
      },
      {
        name: 'ocr: event-loop delay p99 while a page is recognised in the worker',
        value: Number(p99.toFixed(1)),
        unit: 'ms',
        budget: `< ${LOOP_DELAY_BUDGET_MS} ms`,
        pass: p99 < LOOP_DELAY_BUDGET_MS,
        note: `p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
      },
      peakMb === undefined
        ? { name: 'ocr: worker peak memory', value: Number.NaN, unit: 'MB', skipped: true, note: 'needs Linux /proc' }
        : {
            name: 'ocr: worker peak resident memory (child process VmHWM)',
            value: Math.round(peakMb),
            unit: 'MB',
            note: 'the pool stops a child past 1,152 MB (twice the 512 MB heap limit plus 128 MB)',
          },
    ]
  })
}

async function wholeScan(sample: Uint8Array): Promise<BenchResult[]> {
  return closing(createDocumentExtractor({ workers: 1 }), async (extractor) => {
    const started = performance.now()
    const document = await extractor.extract(new Uint8Array(sample))
    const seconds = (performance.now() - started) / 1000
    const read = document.pages.filter((page) => page.ocr === true).length
    log(`whole scan: ${read} of ${document.pageCount} pages read in ${seconds.toFixed(1)} s`)
    return [
      {
        name: `ocr: ${SCANNED_SAMPLE} pages read within the ${DEFAULT_TIME_LIMIT_S} s limit`,
        value: read,
        unit: `of ${document.pageCount} pages`,
        note: `${seconds.toFixed(1)} s in all, ${(seconds / Math.max(read, 1)).toFixed(2)} s per page read`,
      },
    ]
  })
}

export async function run(): Promise<BenchResult[]> {
  const path = resolve(samplesDir, SCANNED_SAMPLE)
  if (!existsSync(path) || !hasPdftoppm()) {
    log(`SKIPPED: needs ${path} and pdftoppm (poppler-utils)`)
    return [
      {
        name: 'ocr: one scanned page',
        value: Number.NaN,
        unit: 's/page',
        skipped: true,
        note: 'needs ../shared/samples and poppler-utils',
      },
    ]
  }
  const sample = new Uint8Array(readFileSync(path))
  return [...(await onePage(sample)), ...(await wholeScan(sample))]
}
