import { Worker } from 'node:worker_threads'
import {
  MAX_DOCUMENT_BYTES,
  documentError,
  type DocumentErrorCode,
  type DocumentLimits,
} from './document-error.ts'
import { isEncryptedOfficeFile, sniffDocument, type DocumentKind } from './sniff.ts'

export interface TextPage {
  /** Numbered from 1. */
  page: number
  text: string
}

export interface ExtractedDocument {
  kind: DocumentKind
  /** Every page in order, including pages without text (their text is ''). */
  pages: TextPage[]
  pageCount: number
  /** Total length of the pages' text (UTF-16 code units). */
  characters: number
}

export interface DocumentExtractorOptions {
  /** Parallel worker threads (default 2); more documents wait in a queue. */
  workers?: number
  /** Per document, from dispatch to answer; past it the worker is stopped (default 60 s). */
  timeLimitMs?: number
  /** Old-generation heap limit of each worker (default 512 MB). */
  memoryLimitMb?: number
  /** Largest accepted file (default 50 MB). */
  maxBytes?: number
  /** Largest total a DOCX may declare once unzipped (default 200 MB). */
  maxUnzippedBytes?: number
  /** Documents allowed to wait for a worker; beyond that extract() answers 'busy' (default 8). */
  maxQueued?: number
}

export interface DocumentExtractor {
  /**
   * Text per page of a PDF or DOCX, parsed in a worker thread. Takes ownership of `bytes`: when
   * they fill their own ArrayBuffer it is transferred to the worker and detached here, so pass a
   * copy if you still need them. Rejects with DocumentError; with the signal's reason on abort.
   */
  extract(bytes: Uint8Array, options?: { signal?: AbortSignal }): Promise<ExtractedDocument>
  /** Stops the workers; pending and later extractions reject. */
  close(): Promise<void>
}

type WorkerReply =
  | { id: number; ok: true; pages: TextPage[] }
  | { id: number; ok: false; code: DocumentErrorCode }
  | { id: number; ok: false; internal: string }

interface Job {
  id: number
  kind: DocumentKind
  bytes: Uint8Array | undefined
  resolve: (document: ExtractedDocument) => void
  reject: (reason: unknown) => void
  stopListening: () => void
}

interface Slot {
  worker: Worker | undefined
  job: Job | undefined
  timer: NodeJS.Timeout | undefined
}

// Plain JavaScript, so the worker needs no TypeScript loader under node --import tsx or vitest.
const WORKER_URL = new URL('./extract-worker.mjs', import.meta.url)

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  const result = value ?? fallback
  if (!Number.isInteger(result) || result < 1) throw new RangeError(`${name} must be a positive integer`)
  return result
}

function closedError(): Error {
  return new Error('The document extractor is closed')
}

function isWorkerReply(value: unknown): value is WorkerReply {
  return typeof value === 'object' && value !== null && 'id' in value && 'ok' in value
}

/** A copy only when the bytes share their ArrayBuffer with other data (e.g. Node's Buffer pool). */
function ownedBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes
  const whole = bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
  return whole && buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(bytes)
}

export function createDocumentExtractor(options: DocumentExtractorOptions = {}): DocumentExtractor {
  const limits: DocumentLimits = {
    maxBytes: positiveInteger('maxBytes', options.maxBytes, MAX_DOCUMENT_BYTES),
    maxUnzippedBytes: positiveInteger('maxUnzippedBytes', options.maxUnzippedBytes, 200 * 1024 * 1024),
    timeLimitMs: positiveInteger('timeLimitMs', options.timeLimitMs, 60_000),
  }
  const memoryLimitMb = positiveInteger('memoryLimitMb', options.memoryLimitMb, 512)
  const maxQueued = options.maxQueued ?? 8
  if (!Number.isInteger(maxQueued) || maxQueued < 0) throw new RangeError('maxQueued must be a whole number')
  const slots: Slot[] = Array.from({ length: positiveInteger('workers', options.workers, 2) }, () => ({
    worker: undefined,
    job: undefined,
    timer: undefined,
  }))
  const queue: Job[] = []
  let lastId = 0
  let closed = false

  function spawn(slot: Slot): Worker {
    const worker = new Worker(WORKER_URL, {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb },
    })
    // Events from a worker already replaced (timed out, aborted) are ignored.
    worker.on('message', (reply: unknown) => {
      if (slot.worker === worker) settle(slot, reply)
    })
    // Out of memory or a crash: that document was too much for one worker.
    worker.on('error', () => {
      if (slot.worker === worker) fail(slot, 'too_complex')
    })
    worker.on('exit', () => {
      if (slot.worker === worker) fail(slot, 'too_complex')
    })
    return worker
  }

  /** Stops the slot's worker; the next job gets a fresh one. */
  function retire(slot: Slot): void {
    const worker = slot.worker
    slot.worker = undefined
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
    return job
  }

  function settle(slot: Slot, reply: unknown): void {
    const job = finish(slot)
    if (job !== undefined) {
      if (!isWorkerReply(reply) || reply.id !== job.id) {
        retire(slot)
        job.reject(documentError('too_complex', limits))
      } else if (reply.ok) {
        const characters = reply.pages.reduce((sum, page) => sum + page.text.length, 0)
        job.resolve({ kind: job.kind, pages: reply.pages, pageCount: reply.pages.length, characters })
      } else if ('code' in reply) {
        job.reject(documentError(reply.code, limits))
      } else {
        job.reject(new Error(`Document extraction failed in the worker: ${reply.internal}`))
      }
    }
    pump()
  }

  function fail(slot: Slot, code: DocumentErrorCode): void {
    retire(slot)
    finish(slot)?.reject(documentError(code, limits))
    pump()
  }

  function run(slot: Slot, job: Job): void {
    const worker = slot.worker ?? spawn(slot)
    slot.worker = worker
    const bytes = job.bytes ?? new Uint8Array(0)
    job.bytes = undefined
    slot.job = job
    worker.ref()
    slot.timer = setTimeout(() => fail(slot, 'timeout'), limits.timeLimitMs)
    const request = { id: job.id, kind: job.kind, maxUnzippedBytes: limits.maxUnzippedBytes }
    const owned = ownedBytes(bytes)
    try {
      worker.postMessage({ ...request, bytes: owned }, [owned.buffer])
    } catch {
      // Node refuses to transfer some buffers (its pooled ones); copy those.
      const copy = new Uint8Array(bytes)
      worker.postMessage({ ...request, bytes: copy }, [copy.buffer])
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

  function kindOf(bytes: Uint8Array): DocumentKind {
    if (bytes.byteLength === 0) throw documentError('empty', limits)
    if (bytes.byteLength > limits.maxBytes) throw documentError('too_large', limits)
    const kind = sniffDocument(bytes)
    if (kind !== undefined) return kind
    throw documentError(isEncryptedOfficeFile(bytes) ? 'password_protected' : 'unsupported_type', limits)
  }

  return {
    async extract(bytes, { signal } = {}) {
      if (closed) throw closedError()
      signal?.throwIfAborted()
      const kind = kindOf(bytes)
      return new Promise<ExtractedDocument>((resolve, reject) => {
        const job: Job = { id: ++lastId, kind, bytes, resolve, reject, stopListening: () => {} }
        if (signal !== undefined) {
          const onAbort = () => abort(job, signal.reason)
          signal.addEventListener('abort', onAbort, { once: true })
          job.stopListening = () => signal.removeEventListener('abort', onAbort)
        }
        const free = slots.find((slot) => slot.job === undefined)
        if (free !== undefined) {
          run(free, job)
        } else if (queue.length < maxQueued) {
          queue.push(job)
        } else {
          job.stopListening()
          reject(documentError('busy', limits))
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
          finish(slot)?.reject(closedError())
          await worker?.terminate()
        }),
      )
    },
  }
}
