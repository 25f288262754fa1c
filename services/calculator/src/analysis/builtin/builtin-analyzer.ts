// The built-in analyzer on worker threads. On a 50-page document the analysis computes for tens of
// milliseconds, which on the event loop would stall every other request of the process (decision
// 061); the workers have the document extractor's limits: time, heap, queue.
import { createWorkerPool, WorkerPoolError } from '@valueproof/worker-pool'
import type { CalculatorData } from '@valueproof/formula'
import type { HonestyProblem } from '../honesty.ts'
import { AnalysisError, type Analysis, type AnalysisErrorCode, type AnalysisInput, type Analyzer } from '../types.ts'

export interface BuiltinAnalyzerOptions {
  /** Parallel worker threads, each started on first use (default 2); more analyses wait in a queue. */
  workers?: number
  /** Per analysis, from dispatch to answer; past it the worker is stopped (default 60 s). */
  timeLimitMs?: number
  /** Old-generation heap limit of each worker (default 512 MB). */
  memoryLimitMb?: number
  /** Analyses allowed to wait for a worker; beyond that analyze() answers 'busy' (default 32). */
  maxQueued?: number
  /** A worker idle this long is stopped, so a stopped service leaves no threads behind (default 60 s). */
  idleMs?: number
}

export interface BuiltinAnalyzer extends Analyzer {
  close(): Promise<void>
}

type WorkerReply =
  | { ok: true; calculatorData: CalculatorData; honesty: HonestyProblem[] }
  | { ok: false; code: AnalysisErrorCode; message: string }
  | { ok: false; internal: string }

// Plain JavaScript that loads the TypeScript analysis itself (see the file).
const WORKER_URL = new URL('./analysis-worker.mjs', import.meta.url)

function isWorkerReply(value: object): value is WorkerReply {
  return (
    'ok' in value &&
    (value.ok === true ? 'calculatorData' in value && 'honesty' in value : ('code' in value && 'message' in value) || 'internal' in value)
  )
}

function subject(input: AnalysisInput): string {
  return input.kind === 'document' ? 'this document' : 'this description'
}

function shorterInstead(input: AnalysisInput): string {
  return input.kind === 'document'
    ? 'Upload a shorter version (for example only the pages about the service and its prices), or describe the service in words instead.'
    : 'Describe the service in fewer words.'
}

/** The pool's failures as the user reads them; an abort (client gone) is a stopped analysis. */
function workerFailure(error: unknown, input: AnalysisInput, options: { timeLimitMs: number; signal: AbortSignal | undefined }): unknown {
  if (options.signal?.aborted === true) return new AnalysisError('timeout', 'The analysis was stopped before it finished', { cause: error })
  if (!(error instanceof WorkerPoolError)) return error
  switch (error.code) {
    case 'timeout':
      return new AnalysisError(
        'timeout',
        `Analysing ${subject(input)} took longer than ${Math.round(options.timeLimitMs / 100) / 10} seconds, so it was stopped. ${shorterInstead(input)}`,
        { cause: error },
      )
    case 'busy':
      return new AnalysisError('busy', 'Too many calculators are being generated right now. Try again in a minute.', { cause: error })
    case 'out_of_memory':
      return new AnalysisError(
        'too_complex',
        `Analysing ${subject(input)} needs more memory than one generation may use, so it was stopped. ${shorterInstead(input)}`,
        { cause: error },
      )
    case 'crashed':
    case 'closed':
      return new Error(`The built-in analysis failed: ${error.message}`, { cause: error })
  }
}

function analysisOf(reply: object): Analysis {
  if (!isWorkerReply(reply)) throw new Error('The built-in analysis worker answered something that is not a reply')
  if (reply.ok) return { calculatorData: reply.calculatorData, honesty: reply.honesty, analyzer: 'builtin' }
  if ('code' in reply) throw new AnalysisError(reply.code, reply.message)
  throw new Error(`The built-in analysis failed in its worker: ${reply.internal}`)
}

export function createBuiltinAnalyzer(options: BuiltinAnalyzerOptions = {}): BuiltinAnalyzer {
  const timeLimitMs = options.timeLimitMs ?? 60_000
  const pool = createWorkerPool({
    url: WORKER_URL,
    workers: options.workers ?? 2,
    timeLimitMs,
    memoryLimitMb: options.memoryLimitMb ?? 512,
    maxQueued: options.maxQueued ?? 32,
    idleMs: options.idleMs ?? 60_000,
  })
  return {
    name: 'builtin',
    async analyze(input, signal) {
      const reply = await pool.run({ input }, signal === undefined ? {} : { signal }).catch((error: unknown) => {
        throw workerFailure(error, input, { timeLimitMs, signal })
      })
      return analysisOf(reply)
    },
    close: () => pool.close(),
  }
}
