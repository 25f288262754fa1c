// The built-in analysis on a worker thread, one input at a time, so a long document does not
// stall the service's event loop. Plain JavaScript that registers tsx itself: the analysis is
// TypeScript, and the pool starts workers without the parent's flags (under vitest there are none).
// Requests: { id, input: AnalysisInput }. Replies: { id, ok: true, calculatorData },
// { id, ok: false, code, message } for an AnalysisError (the input is the problem), or
// { id, ok: false, internal: message } when we are (a bug). Never logs the text.
import { parentPort } from 'node:worker_threads'
import { yieldToEventLoopThread } from '@valueproof/documents/thread-priority'
import { register } from 'tsx/esm/api'

if (parentPort === null) throw new Error('analysis-worker.mjs runs only as a worker thread')
yieldToEventLoopThread()
const port = parentPort

register()
const { buildCalculator } = await import('./build-calculator.ts')
const { AnalysisError } = await import('../types.ts')

port.on('message', ({ id, input }) => {
  try {
    port.postMessage({ id, ok: true, calculatorData: buildCalculator(input) })
  } catch (error) {
    if (error instanceof AnalysisError) port.postMessage({ id, ok: false, code: error.code, message: error.message })
    else port.postMessage({ id, ok: false, internal: error instanceof Error ? error.message : String(error) })
  }
})
