// `npm run bench`: runs every tests/bench/*.bench.ts module (sorted by file name), prints a table per
// module and a summary, and writes all figures to bench-results.json at the repository root.
// A benchmark is a report, not a test: a missed budget prints "BUDGET MISSED" and the exit code stays
// 0. A module that crashes (or reports an ERROR row) makes the exit code 1.
//
//   node --import tsx tests/bench/run.ts            every module
//   node --import tsx tests/bench/run.ts api        only modules whose name contains "api"
import { readdir, writeFile } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { BenchResult } from './bench-result.ts'

const benchDir = dirname(fileURLToPath(import.meta.url))
const repositoryRoot = resolve(benchDir, '../..')
const RESULTS_FILE = join(repositoryRoot, 'bench-results.json')
const SUFFIX = '.bench.ts'

type Status = 'PASS' | 'FAIL' | 'INFO' | 'SKIP' | 'ERROR'

interface ModuleReport {
  module: string
  file: string
  startedAt: string
  durationSeconds: number
  loadAverageBefore: number[]
  loadAverageAfter: number[]
  results: Array<BenchResult & { status: Status }>
  /** The module itself failed (import, run() threw, malformed results). */
  error?: string
}

// --- validation of what a module returns ------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function isBenchResult(value: unknown): value is BenchResult {
  if (!isRecord(value)) return false
  const { name, unit, baseline, ratio, budget, pass, note, skipped, error } = value
  if (typeof name !== 'string' || typeof value.value !== 'number' || typeof unit !== 'string') return false
  if (baseline !== undefined && !(isRecord(baseline) && typeof baseline.name === 'string' && typeof baseline.value === 'number'))
    return false
  if (ratio !== undefined && typeof ratio !== 'number') return false
  if (budget !== undefined && typeof budget !== 'string') return false
  if (pass !== undefined && typeof pass !== 'boolean') return false
  if (note !== undefined && typeof note !== 'string') return false
  if (skipped !== undefined && typeof skipped !== 'boolean') return false
  if (error !== undefined && typeof error !== 'string') return false
  return true
}

function runFunctionOf(loaded: unknown): (() => Promise<unknown>) | undefined {
  if (!isRecord(loaded)) return undefined
  const run = loaded.run
  if (typeof run !== 'function') return undefined
  return async () => {
    const returned: unknown = await Reflect.apply(run, undefined, [])
    return returned
  }
}

function statusOf(result: BenchResult): Status {
  if (result.error !== undefined) return 'ERROR'
  if (result.skipped === true) return 'SKIP'
  if (result.pass === true) return 'PASS'
  if (result.pass === false) return 'FAIL'
  return 'INFO'
}

// --- formatting ------------------------------------------------------------------------------------

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '—'
  const magnitude = Math.abs(value)
  const digits = magnitude >= 1000 ? 0 : magnitude >= 10 ? 2 : 3
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value)
}

function formatValue(value: number, unit: string): string {
  const number = formatNumber(value)
  return number === '—' || unit === '' ? number : `${number} ${unit}`
}

function formatRatio(ratio: number | undefined): string {
  if (ratio === undefined) return ''
  if (!Number.isFinite(ratio)) return '—'
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(3)}×`
}

function printTable(results: ReadonlyArray<BenchResult & { status: Status }>): void {
  const header = ['Status', 'Figure', 'Value', 'Baseline', 'Ratio', 'Budget']
  const rows = results.map((result) => [
    result.status,
    result.name,
    formatValue(result.value, result.unit),
    result.baseline ? formatValue(result.baseline.value, result.unit) : '',
    formatRatio(result.ratio),
    result.budget ?? '',
  ])
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)))
  const numeric = new Set([2, 3, 4])
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0
        return numeric.has(column) ? cell.padStart(width) : cell.padEnd(width)
      })
      .join(' │ ')
      .trimEnd()
  console.log(line(header))
  console.log(widths.map((width) => '─'.repeat(width)).join('─┼─'))
  results.forEach((result, index) => {
    console.log(line(rows[index] ?? []))
    const indent = ' '.repeat((widths[0] ?? 0) + 3)
    if (result.baseline) console.log(`${indent}↳ baseline: ${result.baseline.name}`)
    if (result.note) console.log(`${indent}↳ ${result.note}`)
    if (result.error) console.log(`${indent}↳ ERROR: ${result.error}`)
  })
}

const roundedLoad = (): number[] => loadavg().map((value) => Number(value.toFixed(2)))

// --- main ------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const filters = process.argv
    .slice(2)
    .filter((arg) => !arg.startsWith('-'))
    .map((arg) => arg.toLowerCase())
  const files = (await readdir(benchDir)).filter((file) => file.endsWith(SUFFIX)).sort()
  const selected = files.filter(
    (file) => filters.length === 0 || filters.some((filter) => basename(file, SUFFIX).toLowerCase().includes(filter)),
  )
  if (selected.length === 0) {
    console.error(`No benchmark module matches ${filters.join(', ')}; available: ${files.map((file) => basename(file, SUFFIX)).join(', ')}`)
    return 2
  }

  const startedAt = new Date()
  const machine = {
    cpus: cpus().length,
    availableParallelism: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadAverageAtStart: roundedLoad(),
  }
  console.log(`ValueProof benchmarks — ${selected.map((file) => basename(file, SUFFIX)).join(', ')}`)
  console.log(
    `Node ${machine.node}, ${machine.cpus} CPU(s) (${machine.cpuModel}), load average ${machine.loadAverageAtStart.join(' / ')}. ` +
      'Other work may share this machine: compare figures with their same-run baselines, not across runs.',
  )

  const reports: ModuleReport[] = []
  for (const file of selected) {
    const name = basename(file, SUFFIX)
    const path = join(benchDir, file)
    console.log(`\n=== ${name} (${relative(repositoryRoot, path)}) ===`)
    const report: ModuleReport = {
      module: name,
      file: relative(repositoryRoot, path),
      startedAt: new Date().toISOString(),
      durationSeconds: 0,
      loadAverageBefore: roundedLoad(),
      loadAverageAfter: [],
      results: [],
    }
    const start = performance.now()
    try {
      const loaded: unknown = await import(pathToFileURL(path).href)
      const run = runFunctionOf(loaded)
      if (run === undefined) throw new Error(`${file} does not export run()`)
      const returned = await run()
      if (!Array.isArray(returned)) throw new Error(`${file}: run() did not return an array`)
      const malformed = returned.filter((item) => !isBenchResult(item))
      if (malformed.length > 0)
        throw new Error(`${file}: run() returned ${malformed.length} malformed result(s): ${JSON.stringify(malformed).slice(0, 300)}`)
      report.results = returned.filter(isBenchResult).map((result) => ({ ...result, status: statusOf(result) }))
    } catch (error) {
      report.error = error instanceof Error ? (error.stack ?? error.message) : String(error)
    }
    report.durationSeconds = Number(((performance.now() - start) / 1000).toFixed(1))
    report.loadAverageAfter = roundedLoad()
    reports.push(report)

    console.log('')
    if (report.results.length > 0) printTable(report.results)
    if (report.error !== undefined) console.log(`ERROR: module ${name} failed: ${report.error}`)
    console.log(
      `(${report.durationSeconds} s; load average before ${report.loadAverageBefore.join(' / ')}, after ${report.loadAverageAfter.join(' / ')})`,
    )
  }

  // --- summary
  console.log('\n=== Summary ===')
  const missed: string[] = []
  const failedModules: string[] = []
  for (const report of reports) {
    const count = (status: Status): number => report.results.filter((result) => result.status === status).length
    const parts = (['PASS', 'FAIL', 'INFO', 'SKIP', 'ERROR'] as const)
      .filter((status) => count(status) > 0)
      .map((status) => `${count(status)} ${status}`)
    console.log(
      `${report.module.padEnd(12)} ${report.results.length} figure(s): ${parts.join(', ') || 'none'}${report.error !== undefined ? ', MODULE ERROR' : ''} (${report.durationSeconds} s)`,
    )
    if (report.error !== undefined || report.results.some((result) => result.status === 'ERROR')) failedModules.push(report.module)
    for (const result of report.results) {
      if (result.status !== 'FAIL') continue
      const ratio = result.ratio === undefined ? '' : `, ratio ${formatRatio(result.ratio)}`
      const baseline = result.baseline ? ` against ${formatValue(result.baseline.value, result.unit)}` : ''
      missed.push(
        `BUDGET MISSED: ${result.name}: ${formatValue(result.value, result.unit)}${baseline}${ratio}; budget ${result.budget ?? '?'}`,
      )
    }
  }
  const skipped = reports.flatMap((report) =>
    report.results
      .filter((result) => result.status === 'SKIP')
      .map((result) => `SKIPPED: ${result.name}${result.note ? ` (${result.note})` : ''}`),
  )
  for (const line of [...missed, ...skipped]) console.log(line)
  if (missed.length === 0)
    console.log(skipped.length === 0 ? 'All budgets met.' : `All measured budgets met; ${skipped.length} figure(s) skipped.`)
  else console.log(`${missed.length} budget(s) missed. Benchmarks are a report: the exit code stays 0 for missed budgets.`)
  if (failedModules.length > 0) console.log(`ERRORS in: ${failedModules.join(', ')} (exit code 1)`)

  const loadAverageAtEnd = roundedLoad()
  console.log(`Load average at the end: ${loadAverageAtEnd.join(' / ')} on ${machine.cpus} CPU(s).`)
  await writeFile(
    RESULTS_FILE,
    `${JSON.stringify({ startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), filters, machine: { ...machine, loadAverageAtEnd }, modules: reports }, null, 2)}\n`,
  )
  console.log(`Results written to ${relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`)
  return failedModules.length > 0 ? 1 : 0
}

// Exit explicitly: a benchmark may leave timers or sockets of libraries behind.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
