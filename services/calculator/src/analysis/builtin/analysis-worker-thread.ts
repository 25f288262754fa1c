// The built-in analysis on a worker thread, one input at a time, so a long document does not
// stall the service's event loop; the honesty checks of its calculator run here too (on a long
// document they take tens of milliseconds). Requests: { id, input: AnalysisInput }. Replies: { id,
// ok: true, calculatorData, honesty }, { id, ok: false, code, message } for an AnalysisError (the
// input is the problem), or { id, ok: false, internal: message } when we are (a bug). Never logs the text.
// Built, this file is dist/<deployable>/analysis-worker.mjs; from source, analysis-worker.mjs loads
// it through tsx.
import { parentPort } from 'node:worker_threads'
import { yieldToEventLoopThread } from '@valueproof/worker-pool/thread-priority'
import { analyze } from '@valueproof/analyzer'
import { honestyProblems } from '../honesty.ts'
import { AnalysisError, type AnalysisInput } from '../types.ts'

if (parentPort === null) throw new Error('the analysis worker runs only as a worker thread')
yieldToEventLoopThread()
const port = parentPort

port.on('message', ({ id, input }: { id: number; input: AnalysisInput }) => {
  try {
    const calculatorData = analyze(input)
    port.postMessage({ id, ok: true, calculatorData, honesty: honestyProblems(calculatorData, input) })
  } catch (error) {
    if (error instanceof AnalysisError) port.postMessage({ id, ok: false, code: error.code, message: error.message })
    else port.postMessage({ id, ok: false, internal: error instanceof Error ? error.message : String(error) })
  }
})
