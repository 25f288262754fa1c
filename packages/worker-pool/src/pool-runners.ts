// What createWorkerPool runs its jobs on: a worker thread, or a child process (decision 090). A
// thread shares the process: V8's heap limit stops most runaway jobs, but an allocation outside
// the heap (array buffers) or a fatal error can still end the whole process. A child process with
// its own heap limit, and its resident size watched, can only end itself.
import { fork, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { Worker, type Transferable } from 'node:worker_threads'
import { WorkerPoolError } from './worker-pool-error.ts'

export type WorkerIsolation = 'thread' | 'process'

export interface RunnerOptions {
  url: URL
  /** Old-generation heap limit. */
  memoryLimitMb: number
  /** Resident size a child process may reach while it runs a job (processes on Linux only). */
  residentLimitMb: number
}

export interface RunnerEvents {
  message(reply: unknown): void
  /** The runner failed or ended; it will not answer again. */
  failure(error: WorkerPoolError): void
}

export interface PoolRunner {
  /** The thread's id or the process's pid. */
  readonly id: number
  post(message: object, transfer: readonly Transferable[]): void
  /** A busy runner keeps the process alive (and a child process is watched); an idle one does not. */
  busy(busy: boolean): void
  stop(): Promise<void>
}

const CHILD_ENTRY = fileURLToPath(new URL('./pool-child.mjs', import.meta.url))
const RESIDENT_POLL_MS = 100
const STDERR_TAIL_CHARS = 8192

function isOutOfMemory(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY'
}

export function startThread(options: RunnerOptions, events: RunnerEvents): PoolRunner {
  const worker = new Worker(options.url, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: options.memoryLimitMb } })
  worker.on('message', (reply: unknown) => events.message(reply))
  worker.on('error', (error: unknown) => {
    if (isOutOfMemory(error)) events.failure(new WorkerPoolError('out_of_memory', 'The worker ran out of memory', { cause: error }))
    else {
      const message = error instanceof Error ? error.message : String(error)
      events.failure(new WorkerPoolError('crashed', `The worker failed: ${message}`, { cause: error }))
    }
  })
  worker.on('exit', (exitCode) => events.failure(new WorkerPoolError('crashed', `The worker exited (code ${exitCode})`)))
  return {
    id: worker.threadId,
    post(message, transfer) {
      try {
        worker.postMessage(message, transfer)
      } catch (error) {
        // Node refuses to transfer some buffers (its pooled ones); those are copied instead.
        if (transfer.length === 0) throw error
        worker.postMessage(message)
      }
    },
    busy(busy) {
      if (busy) worker.ref()
      else worker.unref()
    },
    async stop() {
      await worker.terminate()
    },
  }
}

/** Resident set size of a process in MiB, from /proc (Linux); undefined elsewhere or once it is gone. */
async function residentMb(pid: number): Promise<number | undefined> {
  const statm = await readFile(`/proc/${pid}/statm`, 'latin1').catch(() => undefined)
  const pages = Number(statm?.split(' ')[1])
  return Number.isFinite(pages) ? (pages * 4096) / (1024 * 1024) : undefined
}

function childFailure(code: number | null, signal: NodeJS.Signals | null, stderrTail: string): WorkerPoolError {
  const how = signal === null ? `code ${code}` : `signal ${signal}`
  if (/heap out of memory|Allocation failed|Array buffer allocation failed/i.test(stderrTail)) {
    return new WorkerPoolError('out_of_memory', `The worker process ran out of memory (${how})`)
  }
  return new WorkerPoolError(
    'crashed',
    `The worker process exited (${how})${stderrTail === '' ? '' : `: ${stderrTail.trim().slice(-500)}`}`,
  )
}

export function startProcess(options: RunnerOptions, events: RunnerEvents): PoolRunner {
  // No inherited flags (a TypeScript loader, the inspector): the worker modules are plain JavaScript.
  const child: ChildProcess = fork(CHILD_ENTRY, [options.url.href], {
    execArgv: [`--max-old-space-size=${options.memoryLimitMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  })
  let stderrTail = ''
  let ended = false
  let watch: NodeJS.Timeout | undefined
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS)
  })
  child.on('message', (reply: unknown) => events.message(reply))
  child.on('error', (error) => {
    events.failure(new WorkerPoolError('crashed', `The worker process failed: ${error.message}`, { cause: error }))
  })
  // 'close' comes after stderr is read to its end, so the reason of a crash is known.
  child.on('close', (code, signal) => {
    ended = true
    clearInterval(watch)
    events.failure(childFailure(code, signal, stderrTail))
  })
  const pid = child.pid ?? 0

  function keepAlive(alive: boolean): void {
    for (const handle of [child, child.channel, child.stderr]) {
      if (handle && 'ref' in handle && typeof handle.ref === 'function' && typeof handle.unref === 'function') {
        if (alive) handle.ref()
        else handle.unref()
      }
    }
  }

  // V8's heap limit does not cover array buffers (a parser's decompressed streams); the pool ends
  // a child that grows past the resident limit while it works.
  function watchResidentSize(): void {
    if (process.platform !== 'linux' || watch !== undefined) return
    watch = setInterval(() => {
      void residentMb(pid).then((mb) => {
        if (mb === undefined || mb <= options.residentLimitMb || ended || watch === undefined) return
        clearInterval(watch)
        watch = undefined
        child.kill('SIGKILL')
        events.failure(new WorkerPoolError('out_of_memory', `The worker process grew to ${Math.round(mb)} MB`))
      })
    }, RESIDENT_POLL_MS)
    watch.unref()
  }

  return {
    id: pid,
    post(message) {
      // Advanced serialization copies typed arrays; nothing can be transferred to another process.
      if (!child.connected) throw new WorkerPoolError('crashed', 'The worker process is gone')
      try {
        child.send(message)
      } catch (error) {
        // The same error a thread's postMessage throws for what structured clone cannot copy.
        throw new DOMException(error instanceof Error ? error.message : String(error), 'DataCloneError')
      }
    },
    busy(busy) {
      keepAlive(busy)
      if (busy) watchResidentSize()
      else {
        clearInterval(watch)
        watch = undefined
      }
    },
    async stop() {
      clearInterval(watch)
      watch = undefined
      if (ended) return
      const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
      // Waiting for an idle (unreferenced) child must still keep this process alive.
      keepAlive(true)
      child.kill('SIGKILL')
      await closed
    },
  }
}
