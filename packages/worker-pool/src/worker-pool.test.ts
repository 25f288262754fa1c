// The pool under the document extractor and the built-in analysis, on threads and on child
// processes: what it answers when a worker dies, answers nonsense, runs out of memory or sits idle.
// (Time limits, aborts, the full queue and close() are covered through the extractor in
// @valueproof/documents' isolation.test.ts; children ending with their parent in worker-pool-orphans.test.ts.)
import { describe, expect, it } from 'vitest'
import { createWorkerPool, WorkerPoolError, type WorkerIsolation, type WorkerPool, type WorkerPoolOptions } from './worker-pool.ts'

const JOB_PORT = new URL('./job-port.mjs', import.meta.url).href

/** A worker from source: `reply(message)` decides what it does with each job; `workerId` names the thread or process. */
function workerUrl(reply: string): URL {
  const source = `import { threadId } from 'node:worker_threads'
import { jobPort } from '${JOB_PORT}'
const port = jobPort()
const workerId = threadId === 0 ? process.pid : threadId
port.on('message', (message) => { ${reply} })`
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`)
}

const ECHO = 'port.postMessage({ id: message.id, workerId, echo: message.echo })'

function workerOf(reply: object): unknown {
  return 'workerId' in reply ? reply.workerId : undefined
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

describe.each<WorkerIsolation>(['thread', 'process'])('worker pool (%s)', (isolation) => {
  function pool(url: URL, options: Partial<WorkerPoolOptions> = {}): WorkerPool {
    return createWorkerPool({ url, isolation, workers: 1, timeLimitMs: 10_000, memoryLimitMb: 64, maxQueued: 4, ...options })
  }

  it('resolves each job with the reply carrying its id', async () => {
    const workers = pool(workerUrl(ECHO), { workers: 2 })
    await using(workers, async () => {
      const replies = await Promise.all(['a', 'b', 'c'].map((echo) => workers.run({ echo })))
      expect(replies.map((reply) => ('echo' in reply ? reply.echo : undefined))).toEqual(['a', 'b', 'c'])
    })
  })

  it('carries typed arrays both ways', async () => {
    const workers = pool(
      workerUrl('port.postMessage({ id: message.id, sum: message.bytes.reduce((a, b) => a + b, 0), back: message.bytes })'),
    )
    await using(workers, async () => {
      const reply = await workers.run({ bytes: new Uint8Array([1, 2, 3]) })
      expect(reply).toMatchObject({ sum: 6, back: new Uint8Array([1, 2, 3]) })
    })
  })

  it('rejects with crashed when the worker exits during a job, and runs the next job on a fresh worker', async () => {
    const workers = pool(workerUrl(`if (message.exit) process.exit(3); ${ECHO}`))
    await using(workers, async () => {
      const first = workerOf(await workers.run({}))
      const error = await failure(workers.run({ exit: true }))
      expect(error.code).toBe('crashed')
      expect(error.message).toMatch(/exited \(code 3\)/)
      const next = workerOf(await workers.run({}))
      expect(next).toEqual(expect.any(Number))
      expect(next).not.toBe(first)
    })
  })

  it('rejects with crashed when the worker answers with another id', async () => {
    const workers = pool(workerUrl('port.postMessage({ id: message.id + 1 })'))
    await using(workers, async () => {
      expect((await failure(workers.run({}))).code).toBe('crashed')
    })
  })

  it('rejects with out_of_memory when the worker exhausts its heap, and runs the next job', async () => {
    const hoard = 'if (message.hoard) { const hoard = []; for (;;) hoard.push(new Array(100_000).fill(hoard.length)) }'
    const workers = pool(workerUrl(`${hoard}; ${ECHO}`), { memoryLimitMb: 16 })
    await using(workers, async () => {
      expect((await failure(workers.run({ hoard: true }))).code).toBe('out_of_memory')
      expect(await workers.run({ echo: 'after' })).toHaveProperty('echo', 'after')
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
      const first = workerOf(await workers.run({}))
      expect(workerOf(await workers.run({}))).toBe(first)
      await new Promise((resolve) => setTimeout(resolve, 300))
      const later = workerOf(await workers.run({}))
      expect(later).toEqual(expect.any(Number))
      expect(later).not.toBe(first)
    })
  })
})

describe('worker pool (process only)', () => {
  function pool(url: URL, options: Partial<WorkerPoolOptions> = {}): WorkerPool {
    return createWorkerPool({ url, isolation: 'process', workers: 1, timeLimitMs: 30_000, memoryLimitMb: 64, maxQueued: 4, ...options })
  }

  it('runs each job in a child process, reused from job to job', async () => {
    const workers = pool(workerUrl(ECHO))
    await using(workers, async () => {
      const first = workerOf(await workers.run({}))
      expect(first).not.toBe(process.pid)
      expect(workerOf(await workers.run({}))).toBe(first)
    })
  })

  it('answers crashed when the child aborts, and this process goes on', async () => {
    const workers = pool(workerUrl(`if (message.abort) process.abort(); ${ECHO}`))
    await using(workers, async () => {
      const error = await failure(workers.run({ abort: true }))
      expect(error.code).toBe('crashed')
      expect(error.message).toMatch(/signal SIGABRT/)
      expect(await workers.run({ echo: 'after' })).toHaveProperty('echo', 'after')
    })
  })

  it.runIf(process.platform === 'linux')(
    'stops a child whose memory outside the heap passes the resident limit (out_of_memory)',
    async () => {
      // Array buffers are not in V8's heap: --max-old-space-size does not stop this job.
      const grow = 'const hoard = []; setInterval(() => hoard.push(new Uint8Array(16 << 20).fill(1)), 5)'
      const workers = pool(workerUrl(`if (message.grow) { ${grow} } else { ${ECHO} }`), { residentLimitMb: 256 })
      await using(workers, async () => {
        const error = await failure(workers.run({ grow: true }))
        expect(error.code).toBe('out_of_memory')
        expect(error.message).toMatch(/grew to \d+ MB/)
        expect(await workers.run({ echo: 'after' })).toHaveProperty('echo', 'after')
      })
    },
    30_000,
  )
})
