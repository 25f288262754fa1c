// Proposal PDFs rendered on worker threads (docs/decisions/116): the service's event loop only
// decides what the PDF says (pdf-content.ts) and hands it over; a bounded queue and a time and
// memory limit per PDF keep a burst of downloads from piling up.
import { errors } from '@valueproof/http-kit'
import { createWorkerPool, WorkerPoolError } from '@valueproof/worker-pool'
import type { ProposalPdfContent } from './pdf-content.ts'

export interface PdfRendererOptions {
  /** Parallel worker threads, each started on first use (default 2); more PDFs wait in a queue. */
  workers?: number
  /** Per PDF, from dispatch to answer (default 20 s). */
  timeLimitMs?: number
  /** Old-generation heap limit of each worker (default 256 MB). */
  memoryLimitMb?: number
  /** PDFs allowed to wait for a worker; beyond that render() answers 503 (default 32). */
  maxQueued?: number
  /** A worker idle this long is stopped (default 5 min: a warm worker renders several times faster than a new one). */
  idleMs?: number
}

export interface PdfRenderer {
  render(content: ProposalPdfContent, signal?: AbortSignal): Promise<Uint8Array>
  close(): Promise<void>
}

export const PDF_BUSY_MESSAGE = 'Too many PDFs are being made right now. Please try again in a minute.'
export const PDF_TIMEOUT_MESSAGE = 'Making the PDF took too long. Please try again in a minute.'

// Plain JavaScript that loads the TypeScript worker itself (see the file).
const WORKER_URL = new URL('./pdf-worker.mjs', import.meta.url)

type WorkerReply = { ok: true; bytes: Uint8Array } | { ok: false; internal: string }

function isWorkerReply(value: object): value is WorkerReply {
  return 'ok' in value && (value.ok === true ? 'bytes' in value && value.bytes instanceof Uint8Array : 'internal' in value)
}

function poolFailure(error: unknown): unknown {
  if (!(error instanceof WorkerPoolError)) return error
  switch (error.code) {
    case 'busy':
      return errors.serviceUnavailable(PDF_BUSY_MESSAGE, 'pdf_busy')
    case 'timeout':
      return errors.serviceUnavailable(PDF_TIMEOUT_MESSAGE, 'pdf_timeout')
    case 'out_of_memory':
    case 'crashed':
    case 'closed':
      return new Error(`The PDF could not be made: ${error.message}`, { cause: error })
  }
}

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const pool = createWorkerPool({
    url: WORKER_URL,
    workers: options.workers ?? 2,
    timeLimitMs: options.timeLimitMs ?? 20_000,
    memoryLimitMb: options.memoryLimitMb ?? 256,
    maxQueued: options.maxQueued ?? 32,
    idleMs: options.idleMs ?? 5 * 60_000,
  })
  return {
    async render(content, signal) {
      const reply = await pool.run({ content }, signal === undefined ? {} : { signal }).catch((error: unknown) => {
        throw poolFailure(error)
      })
      if (!isWorkerReply(reply)) throw new Error('The PDF worker answered something that is not a reply')
      if (!reply.ok) throw new Error(`The PDF could not be made in its worker: ${reply.internal}`)
      return reply.bytes
    },
    close: () => pool.close(),
  }
}
