// Workers for work that would stall the event loop (parsing a document, analysing its text): one
// job per worker at a time, a bounded queue, a time and memory limit per job, and a fresh worker
// after one is stopped or dies. A worker is a thread or, where a job's input cannot be trusted to
// stay within memory limits, a child process (decision 090). The document extractor runs on it
// (processes), and so does the calculator service's built-in analyzer (threads, decision 061).
import type { Transferable } from 'node:worker_threads'
import { startProcess, startThread, type PoolRunner, type WorkerIsolation } from './pool-runners.ts'
import { WorkerPoolError } from './worker-pool-error.ts'

export { WorkerPoolError, type WorkerPoolErrorCode } from './worker-pool-error.ts'
export type { WorkerIsolation } from './pool-runners.ts'

export interface WorkerPoolOptions {
  /**
   * The worker's module: it answers each message `{ id, ... }` with one message carrying that `id`,
   * through `jobPort()` (job-port.mjs) so it runs as a thread and as a child process alike.
   */
  url: URL
  /** Parallel workers, each started on first use; more jobs wait in the queue. */
  workers: number
  /** Per job, from dispatch to answer; past it the worker is stopped. */
  timeLimitMs: number
  /** Old-generation heap limit of each worker. */
  memoryLimitMb: number
  /** Jobs allowed to wait for a worker; beyond that run() rejects with 'busy'. */
  maxQueued: number
  /** A worker idle this long is stopped (default: idle workers stay, not keeping the process alive). */
  idleMs?: number
  /**
   * 'thread' (default): worker threads. 'process': child processes, so running out of memory or
   * crashing ends only that child; each is also stopped past `residentLimitMb` on Linux.
   */
  isolation?: WorkerIsolation
  /** Resident size a child process may reach during a job (default: twice memoryLimitMb, plus 128 MB for Node itself). */
  residentLimitMb?: number
}

export interface WorkerPool {
  /**
   * Posts `{ ...message, id }` to a free worker, or queues it, and resolves with the worker's reply
   * (an object with that `id`). `transfer` is moved to a thread at dispatch (copied when Node
   * refuses to move it, and always to a child process). Rejects with WorkerPoolError; with the
   * signal's reason on abort, stopping the job's worker if it is running.
   */
  run(message: Record<string, unknown>, options?: { transfer?: readonly Transferable[]; signal?: AbortSignal }): Promise<object>
  /** Stops the workers; pending and later jobs reject with 'closed'. */
  close(): Promise<void>
}

interface Job {
  id: number
  message: Record<string, unknown> | undefined
  transfer: readonly Transferable[]
  resolve: (reply: object) => void
  reject: (reason: unknown) => void
  stopListening: () => void
}

interface Slot {
  worker: PoolRunner | undefined
  job: Job | undefined
  timer: NodeJS.Timeout | undefined
  idleTimer: NodeJS.Timeout | undefined
}

/** What an idle Node process holds resident (about 45 MB measured), with room to spare. */
const NODE_RESIDENT_MB = 128

function isReplyTo(job: Job, reply: unknown): reply is object {
  return typeof reply === 'object' && reply !== null && 'id' in reply && reply.id === job.id
}

function closedError(): WorkerPoolError {
  return new WorkerPoolError('closed', 'The worker pool is closed')
}

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({
    worker: undefined,
    job: undefined,
    timer: undefined,
    idleTimer: undefined,
  }))
  const queue: Job[] = []
  let lastId = 0
  let closed = false

  const start = options.isolation === 'process' ? startProcess : startThread
  const runnerOptions = {
    url: options.url,
    memoryLimitMb: options.memoryLimitMb,
    residentLimitMb: options.residentLimitMb ?? options.memoryLimitMb * 2 + NODE_RESIDENT_MB,
  }

  function spawn(slot: Slot): PoolRunner {
    // Events from a worker already replaced (timed out, aborted, idle) are ignored.
    const runner: PoolRunner = start(runnerOptions, {
      message: (reply) => {
        if (slot.worker === runner) settle(slot, reply)
      },
      failure: (error) => {
        if (slot.worker === runner) fail(slot, error)
      },
    })
    return runner
  }

  /** Stops the slot's worker; the next job gets a fresh one. */
  function retire(slot: Slot): void {
    const worker = slot.worker
    slot.worker = undefined
    clearTimeout(slot.idleTimer)
    slot.idleTimer = undefined
    worker?.stop().catch(() => {})
  }

  function finish(slot: Slot): Job | undefined {
    const job = slot.job
    slot.job = undefined
    clearTimeout(slot.timer)
    slot.timer = undefined
    job?.stopListening()
    // An idle worker must not keep the process alive.
    slot.worker?.busy(false)
    if (slot.worker !== undefined && options.idleMs !== undefined) {
      slot.idleTimer = setTimeout(() => retire(slot), options.idleMs)
      slot.idleTimer.unref()
    }
    return job
  }

  function settle(slot: Slot, reply: unknown): void {
    const job = finish(slot)
    if (job !== undefined) {
      if (isReplyTo(job, reply)) {
        job.resolve(reply)
      } else {
        retire(slot)
        job.reject(new WorkerPoolError('crashed', 'The worker answered something that is not a reply to its job'))
      }
    }
    pump()
  }

  function fail(slot: Slot, error: WorkerPoolError): void {
    retire(slot)
    finish(slot)?.reject(error)
    pump()
  }

  function run(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer)
    slot.idleTimer = undefined
    const worker = slot.worker ?? spawn(slot)
    slot.worker = worker
    slot.job = job
    worker.busy(true)
    slot.timer = setTimeout(
      () => fail(slot, new WorkerPoolError('timeout', `The job took longer than ${options.timeLimitMs} ms`)),
      options.timeLimitMs,
    )
    const { message = {}, transfer } = job
    job.message = undefined
    job.transfer = []
    try {
      worker.post({ ...message, id: job.id }, transfer)
    } catch (error) {
      finish(slot)
      job.reject(error)
      pump()
    }
  }

  function pump(): void {
    for (const slot of slots) {
      if (closed || queue.length === 0) return
      if (slot.job !== undefined) continue
      const job = queue.shift()
      if (job !== undefined) run(slot, job)
    }
  }

  function abort(job: Job, reason: unknown): void {
    const queued = queue.indexOf(job)
    if (queued !== -1) {
      queue.splice(queued, 1)
      job.stopListening()
      job.reject(reason)
      return
    }
    const slot = slots.find((candidate) => candidate.job === job)
    if (slot === undefined) return
    retire(slot)
    finish(slot)
    job.reject(reason)
    pump()
  }

  return {
    async run(message, { transfer = [], signal } = {}) {
      if (closed) throw closedError()
      signal?.throwIfAborted()
      return new Promise<object>((resolve, reject) => {
        const job: Job = { id: ++lastId, message, transfer, resolve, reject, stopListening: () => {} }
        if (signal !== undefined) {
          const onAbort = () => abort(job, signal.reason)
          signal.addEventListener('abort', onAbort, { once: true })
          job.stopListening = () => signal.removeEventListener('abort', onAbort)
        }
        const free = slots.find((slot) => slot.job === undefined)
        if (free !== undefined) {
          run(free, job)
        } else if (queue.length < options.maxQueued) {
          queue.push(job)
        } else {
          job.stopListening()
          reject(new WorkerPoolError('busy', `${options.maxQueued} jobs are already waiting for a worker`))
        }
      })
    },

    async close() {
      closed = true
      for (const job of queue.splice(0)) {
        job.stopListening()
        job.reject(closedError())
      }
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker
          slot.worker = undefined
          clearTimeout(slot.idleTimer)
          finish(slot)?.reject(closedError())
          await worker?.stop()
        }),
      )
    },
  }
}
