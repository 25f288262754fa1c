// Worker threads for work that would stall the event loop (parsing a document, analysing its
// text): one job per worker at a time, a bounded queue, a time and heap limit per job, and a fresh
// worker after one is stopped or dies. The document extractor runs on it, and so does the
// calculator service's built-in analyzer (decision 061).
import { Worker, type Transferable } from 'node:worker_threads'

export interface WorkerPoolOptions {
  /** The worker's module: it answers each message `{ id, ... }` with one message carrying that `id`. */
  url: URL
  /** Parallel worker threads, each started on first use; more jobs wait in the queue. */
  workers: number
  /** Per job, from dispatch to answer; past it the worker is stopped. */
  timeLimitMs: number
  /** Old-generation heap limit of each worker. */
  memoryLimitMb: number
  /** Jobs allowed to wait for a worker; beyond that run() rejects with 'busy'. */
  maxQueued: number
  /** A worker idle this long is stopped (default: idle workers stay, not keeping the process alive). */
  idleMs?: number
}

export type WorkerPoolErrorCode =
  /** The job ran past the time limit; its worker was stopped. */
  | 'timeout'
  /** The worker ran out of heap during the job. */
  | 'out_of_memory'
  /** The worker died, failed to start, or answered something that is not a reply to the job. */
  | 'crashed'
  /** The queue is full. */
  | 'busy'
  /** close() was called. */
  | 'closed'

export class WorkerPoolError extends Error {
  override readonly name = 'WorkerPoolError'

  constructor(
    readonly code: WorkerPoolErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export interface WorkerPool {
  /**
   * Posts `{ ...message, id }` to a free worker, or queues it, and resolves with the worker's reply
   * (an object with that `id`). `transfer` is moved to the worker at dispatch (copied when Node
   * refuses to move it). Rejects with WorkerPoolError; with the signal's reason on abort, stopping
   * the job's worker if it is running.
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
  worker: Worker | undefined
  job: Job | undefined
  timer: NodeJS.Timeout | undefined
  idleTimer: NodeJS.Timeout | undefined
}

function isReplyTo(job: Job, reply: unknown): reply is object {
  return typeof reply === 'object' && reply !== null && 'id' in reply && reply.id === job.id
}

function isOutOfMemory(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY'
}

function post(worker: Worker, message: object, transfer: readonly Transferable[]): void {
  try {
    worker.postMessage(message, transfer)
  } catch (error) {
    // Node refuses to transfer some buffers (its pooled ones); those are copied instead.
    if (transfer.length === 0) throw error
    worker.postMessage(message)
  }
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

  function spawn(slot: Slot): Worker {
    const worker = new Worker(options.url, {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: options.memoryLimitMb },
    })
    // Events from a worker already replaced (timed out, aborted, idle) are ignored.
    worker.on('message', (reply: unknown) => {
      if (slot.worker === worker) settle(slot, reply)
    })
    worker.on('error', (error: unknown) => {
      if (slot.worker !== worker) return
      if (isOutOfMemory(error)) fail(slot, new WorkerPoolError('out_of_memory', 'The worker ran out of memory', { cause: error }))
      else
        fail(
          slot,
          new WorkerPoolError('crashed', `The worker failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error }),
        )
    })
    worker.on('exit', (exitCode) => {
      if (slot.worker === worker) fail(slot, new WorkerPoolError('crashed', `The worker exited (code ${exitCode})`))
    })
    return worker
  }

  /** Stops the slot's worker; the next job gets a fresh one. */
  function retire(slot: Slot): void {
    const worker = slot.worker
    slot.worker = undefined
    clearTimeout(slot.idleTimer)
    slot.idleTimer = undefined
    worker?.terminate().catch(() => {})
  }

  function finish(slot: Slot): Job | undefined {
    const job = slot.job
    slot.job = undefined
    clearTimeout(slot.timer)
    slot.timer = undefined
    job?.stopListening()
    // An idle worker must not keep the process alive.
    slot.worker?.unref()
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
    worker.ref()
    slot.timer = setTimeout(
      () => fail(slot, new WorkerPoolError('timeout', `The job took longer than ${options.timeLimitMs} ms`)),
      options.timeLimitMs,
    )
    const { message = {}, transfer } = job
    job.message = undefined
    job.transfer = []
    try {
      post(worker, { ...message, id: job.id }, transfer)
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
          await worker?.terminate()
        }),
      )
    },
  }
}
