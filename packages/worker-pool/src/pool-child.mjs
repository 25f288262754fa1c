// Plain JavaScript: the entry of a pool's child process (createWorkerPool with isolation
// 'process'), started without a TypeScript loader. argv[2] is the URL of the worker module to run.
// The child leaves as soon as its parent is gone, so a parent killed with SIGKILL leaves no
// orphans: when the IPC channel closes, or, should a job keep the event loop busy, when a small
// guard thread sees the child handed to another parent.
import { Worker } from 'node:worker_threads'

const GUARD_POLL_MS = 500
const parentPid = process.ppid
process.on('disconnect', () => process.exit(0))
const guard = new Worker(
  `setInterval(() => { if (process.ppid !== ${parentPid}) process.kill(process.pid, 'SIGKILL') }, ${GUARD_POLL_MS})`,
  { eval: true, resourceLimits: { maxOldGenerationSizeMb: 8 } },
)
guard.unref()

const moduleUrl = process.argv[2]
if (moduleUrl === undefined || typeof process.send !== 'function') {
  throw new Error('pool-child.mjs is started by createWorkerPool (isolation: process)')
}
await import(moduleUrl)
