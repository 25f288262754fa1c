// Description analysis benchmark (issue 14, "Performance"): the built-in analyzer over the labelled
// descriptions of tests/analysis-eval (English and Swedish, 2–6 stated figures each), one call at a
// time, median and p99:
//  - the analysis itself, `buildCalculator` on this thread;
//  - the way the calculator service runs it, `createBuiltinAnalyzer().analyze` on its worker threads
//    (decision 061), against the in-thread figure of the same run as its baseline (the ratio is the
//    worker round trip's share).
// Informational rows: the issue states no budget for descriptions.
// Run alone: node --import tsx tests/bench/run.ts analyzer
import { buildCalculator, createBuiltinAnalyzer } from '../../services/calculator/src/analysis/builtin/index.ts'
import type { AnalysisInput } from '../../services/calculator/src/analysis/types.ts'
import { DESCRIPTION_CASES } from '../analysis-eval/cases/index.ts'
import type { BenchResult } from './bench-result.ts'

/** Rounds over every description in this thread (48 descriptions: about 1,400 timings). */
const THREAD_ROUNDS = 30
/** Rounds through the worker pool, which costs a message round trip per call. */
const WORKER_ROUNDS = 10

function log(line: string): void {
  console.log(`  [analyzer] ${line}`)
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN
}

const inputs: readonly AnalysisInput[] = DESCRIPTION_CASES.map((evalCase) => ({
  kind: 'description',
  pages: [{ page: 1, text: evalCase.text }],
  complexity: evalCase.complexity ?? 'advanced',
  language: evalCase.language,
  currency: evalCase.currency,
}))

function inThread(): number[] {
  for (const input of inputs) buildCalculator(input)
  const timings: number[] = []
  for (let round = 0; round < THREAD_ROUNDS; round += 1) {
    for (const input of inputs) {
      const started = performance.now()
      buildCalculator(input)
      timings.push(performance.now() - started)
    }
  }
  return timings
}

async function onWorkers(): Promise<number[]> {
  const analyzer = createBuiltinAnalyzer()
  try {
    // Starting a worker (about 0.6 s, decision 061) is not part of a description's analysis.
    await Promise.all(inputs.slice(0, 2).map((input) => analyzer.analyze(input)))
    for (const input of inputs) await analyzer.analyze(input)
    const timings: number[] = []
    for (let round = 0; round < WORKER_ROUNDS; round += 1) {
      for (const input of inputs) {
        const started = performance.now()
        await analyzer.analyze(input)
        timings.push(performance.now() - started)
      }
    }
    return timings
  } finally {
    await analyzer.close()
  }
}

export async function run(): Promise<BenchResult[]> {
  log(`${inputs.length} descriptions, ${THREAD_ROUNDS} rounds in this thread…`)
  const thread = inThread()
  log(`${WORKER_ROUNDS} rounds through the worker pool…`)
  const workers = await onWorkers()
  const threadMedian = percentile(thread, 0.5)
  const workerMedian = percentile(workers, 0.5)
  log(
    `in thread: median ${threadMedian.toFixed(2)} ms, p99 ${percentile(thread, 0.99).toFixed(2)} ms; workers: median ${workerMedian.toFixed(2)} ms, p99 ${percentile(workers, 0.99).toFixed(2)} ms`,
  )
  const threadName = `analyzer: description analysis in this thread (buildCalculator), median of ${thread.length}`
  return [
    { name: threadName, value: Number(threadMedian.toFixed(2)), unit: 'ms' },
    {
      name: 'analyzer: description analysis in this thread, p99',
      value: Number(percentile(thread, 0.99).toFixed(2)),
      unit: 'ms',
      note: `max ${Math.max(...thread).toFixed(2)} ms`,
    },
    {
      name: `analyzer: description analysis on the worker threads (as the service runs it), median of ${workers.length}`,
      value: Number(workerMedian.toFixed(2)),
      unit: 'ms',
      baseline: { name: threadName, value: Number(threadMedian.toFixed(2)) },
      ratio: workerMedian / threadMedian,
    },
    {
      name: 'analyzer: description analysis on the worker threads, p99',
      value: Number(percentile(workers, 0.99).toFixed(2)),
      unit: 'ms',
      note: `max ${Math.max(...workers).toFixed(2)} ms; one call at a time`,
    },
  ]
}
