// Plain JavaScript: a pool's worker modules import it without a TypeScript loader.
// The channel a worker module of createWorkerPool answers on: the parent port in a worker thread,
// the IPC channel in a child process (advanced serialization, so typed arrays arrive as such).
import { parentPort } from 'node:worker_threads'

/** `on('message', listener)` and `postMessage(reply)`, whichever way the module was started. */
export function jobPort() {
  if (parentPort !== null) return parentPort
  const send = process.send?.bind(process)
  if (send === undefined) throw new Error('A worker module runs only in a worker pool (thread or child process)')
  return {
    on(event, listener) {
      process.on(event, listener)
      return this
    },
    postMessage(message) {
      send(message)
    },
  }
}
