// The pool under the document extractor and the built-in analysis: what it answers when a worker
// dies, answers nonsense, runs out of memory or sits idle. (Time limits, aborts, the full queue and
// close() are covered through the extractor in isolation.test.ts.)
import { describe, expect, it } from 'vitest'
import { createWorkerPool, WorkerPoolError, type WorkerPool, type WorkerPoolOptions } from './worker-pool.ts'

/** A worker from source: `reply(message)` decides what it does with each job. */
function workerUrl(reply: string): URL {
  const source = `import { parentPort, threadId } from 'node:worker_threads'
parentPort.on('message', (message) => { ${reply} })`
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`)
}

const ECHO = 'parentPort.postMessage({ id: message.id, threadId, echo: message.echo })'

function pool(url: URL, options: Partial<WorkerPoolOptions> = {}): WorkerPool {
  return createWorkerPool({ url, workers: 1, timeLimitMs: 10_000, memoryLimitMb: 64, maxQueued: 4, ...options })
}

function threadOf(reply: object): unknown {
  return 'threadId' in reply ? reply.threadId : undefined
}

async function using(workers: WorkerPool, test: () => Promise<void>): Promise<void> {
  try {
    await test()
  } finally {
    await workers.close()
  }
}

async function failure(promise: Promise<unknown>): Promise<WorkerPoolError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof WorkerPoolError)) throw new Error(`expected a WorkerPoolError, got ${String(error)}`)
  return error
}

describe('worker pool', () => {
  it('resolves each job with the reply carrying its id', async () => {
    const workers = pool(workerUrl(ECHO), { workers: 2 })
    await using(workers, async () => {
      const replies = await Promise.all(['a', 'b', 'c'].map((echo) => workers.run({ echo })))
      expect(replies.map((reply) => ('echo' in reply ? reply.echo : undefined))).toEqual(['a', 'b', 'c'])
    })
  })

  it('rejects with crashed when the worker exits during a job, and runs the next job on a fresh worker', async () => {
    const workers = pool(workerUrl(`if (message.exit) process.exit(3); ${ECHO}`))
    await using(workers, async () => {
      const first = threadOf(await workers.run({}))
      const error = await failure(workers.run({ exit: true }))
      expect(error.code).toBe('crashed')
      expect(error.message).toMatch(/exited \(code 3\)/)
      const next = threadOf(await workers.run({}))
      expect(next).toEqual(expect.any(Number))
      expect(next).not.toBe(first)
    })
  })

  it('rejects with crashed when the worker answers with another id', async () => {
    const workers = pool(workerUrl('parentPort.postMessage({ id: message.id + 1 })'))
    await using(workers, async () => {
      expect((await failure(workers.run({}))).code).toBe('crashed')
    })
  })

  it('rejects with out_of_memory when the worker exhausts its heap', async () => {
    const workers = pool(workerUrl('const hoard = []; for (;;) hoard.push(new Array(100_000).fill(hoard.length))'), { memoryLimitMb: 16 })
    await using(workers, async () => {
      expect((await failure(workers.run({}))).code).toBe('out_of_memory')
    })
  }, 30_000)

  it('rejects a message that cannot be sent and still runs the job queued behind it', async () => {
    const workers = pool(workerUrl(ECHO))
    await using(workers, async () => {
      const running = workers.run({ echo: 'first' })
      const unsendable = workers.run({ echo: () => 'a function cannot be cloned' })
      const queued = workers.run({ echo: 'last' })
      expect(await running).toHaveProperty('echo', 'first')
      await expect(unsendable).rejects.toHaveProperty('name', 'DataCloneError')
      expect(await queued).toHaveProperty('echo', 'last')
    })
  })

  it('stops a worker idle for idleMs; the next job starts a fresh one', async () => {
    const workers = pool(workerUrl(ECHO), { idleMs: 50 })
    await using(workers, async () => {
      const first = threadOf(await workers.run({}))
      expect(threadOf(await workers.run({}))).toBe(first)
      await new Promise((resolve) => setTimeout(resolve, 300))
      const later = threadOf(await workers.run({}))
      expect(later).toEqual(expect.any(Number))
      expect(later).not.toBe(first)
    })
  })
})
