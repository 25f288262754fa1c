import {
  MAX_DOCUMENT_BYTES,
  MAX_EXPANDED_BYTES,
  MAX_EXPANDED_PART_BYTES,
  MAX_EXTRACTED_CHARACTERS,
  documentError,
  type DocumentErrorCode,
  type DocumentLimits,
} from './document-error.ts'
import { isEncryptedOfficeFile, sniffDocument, type DocumentKind } from './sniff.ts'
import { createWorkerPool, WorkerPoolError, type WorkerIsolation } from '@valueproof/worker-pool'

export interface TextPage {
  /** Numbered from 1. */
  page: number
  text: string
  /**
   * The text was recognised (OCR, English and Swedish) from the page's images: a scanned page with
   * no text of its own. Recognised text can misread characters; quote it as read by OCR.
   */
  ocr?: true
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
  /** Parallel workers (default 2); more documents wait in a queue. */
  workers?: number
  /**
   * 'process' (default): each worker is a child process, so a document that exhausts memory or
   * crashes its parser ends only that child. 'thread': worker threads (faster to start, but a
   * fatal error in one can end the whole process).
   */
  isolation?: WorkerIsolation
  /**
   * Per document, from dispatch to answer; past it the worker is stopped (default 60 s). Text
   * recognition of scanned pages stops shortly before it, and the pages read by then are answered.
   */
  timeLimitMs?: number
  /** Old-generation heap limit of each worker (default 512 MB); a child process may hold twice that plus 128 MB. */
  memoryLimitMb?: number
  /** Largest accepted file (default 50 MB). */
  maxBytes?: number
  /** Largest total size of a document's parts once decompressed: PDF streams, DOCX entries (default 256 MB). */
  maxExpandedBytes?: number
  /** Largest size of one part once decompressed (default 64 MB). */
  maxExpandedPartBytes?: number
  /** Most text a document may give, in characters (default 8 million); more is too_complex. */
  maxCharacters?: number
  /** Documents allowed to wait for a worker; beyond that extract() answers 'busy' (default 8). */
  maxQueued?: number
}

export interface DocumentExtractor {
  /**
   * Text per page of a PDF or DOCX, parsed in a worker. Takes ownership of `bytes`: when they fill
   * their own ArrayBuffer it is transferred to a worker thread and detached here (a child process
   * gets a copy), so pass a copy if you still need them. Rejects with DocumentError; with the
   * signal's reason on abort.
   */
  extract(bytes: Uint8Array, options?: { signal?: AbortSignal }): Promise<ExtractedDocument>
  /** Stops the workers; pending and later extractions reject. */
  close(): Promise<void>
}

type WorkerReply = { ok: true; pages: TextPage[] } | { ok: false; code: DocumentErrorCode } | { ok: false; internal: string }

// Plain JavaScript, so the worker needs no TypeScript loader in a child process or thread.
const WORKER_URL = new URL('./extract-worker.mjs', import.meta.url)

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  const result = value ?? fallback
  if (!Number.isInteger(result) || result < 1) throw new RangeError(`${name} must be a positive integer`)
  return result
}

function closedError(): Error {
  return new Error('The document extractor is closed')
}

function isWorkerReply(value: object): value is WorkerReply {
  return 'ok' in value && (value.ok === true ? 'pages' in value : 'code' in value || 'internal' in value)
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
    maxExpandedBytes: positiveInteger('maxExpandedBytes', options.maxExpandedBytes, MAX_EXPANDED_BYTES),
    maxExpandedPartBytes: positiveInteger('maxExpandedPartBytes', options.maxExpandedPartBytes, MAX_EXPANDED_PART_BYTES),
    timeLimitMs: positiveInteger('timeLimitMs', options.timeLimitMs, 60_000),
  }
  const maxCharacters = positiveInteger('maxCharacters', options.maxCharacters, MAX_EXTRACTED_CHARACTERS)
  const memoryLimitMb = positiveInteger('memoryLimitMb', options.memoryLimitMb, 512)
  const maxQueued = options.maxQueued ?? 8
  if (!Number.isInteger(maxQueued) || maxQueued < 0) throw new RangeError('maxQueued must be a whole number')
  const pool = createWorkerPool({
    url: WORKER_URL,
    isolation: options.isolation ?? 'process',
    workers: positiveInteger('workers', options.workers, 2),
    timeLimitMs: limits.timeLimitMs,
    memoryLimitMb,
    maxQueued,
  })
  let closed = false

  /** The pool's failures as the uploader reads them; an abort's reason stays as it is. */
  function extractionFailure(error: unknown): unknown {
    if (!(error instanceof WorkerPoolError)) return error
    switch (error.code) {
      case 'timeout':
        return documentError('timeout', limits)
      case 'busy':
        return documentError('busy', limits)
      case 'closed':
        return closedError()
      case 'out_of_memory':
      case 'crashed':
        // Out of memory or a crash (in a child process, only that child died): that document was
        // too much for one worker.
        return documentError('too_complex', limits)
    }
  }

  function documentOf(kind: DocumentKind, reply: object): ExtractedDocument {
    if (!isWorkerReply(reply)) throw documentError('too_complex', limits)
    if (reply.ok) {
      const characters = reply.pages.reduce((sum, page) => sum + page.text.length, 0)
      return { kind, pages: reply.pages, pageCount: reply.pages.length, characters }
    }
    if ('code' in reply) throw documentError(reply.code, limits)
    throw new Error(`Document extraction failed in the worker: ${reply.internal}`)
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
      const owned = ownedBytes(bytes)
      const workerLimits = {
        maxPartBytes: limits.maxExpandedPartBytes,
        maxTotalBytes: limits.maxExpandedBytes,
        maxCharacters,
        timeLimitMs: limits.timeLimitMs,
      }
      const request = { kind, bytes: owned, limits: workerLimits }
      const reply = await pool.run(request, { transfer: [owned.buffer], ...(signal ? { signal } : {}) }).catch((error: unknown) => {
        throw extractionFailure(error)
      })
      return documentOf(kind, reply)
    },

    async close() {
      closed = true
      await pool.close()
    },
  }
}
