// The extraction worker: parses one document at a time off the main event loop. Plain JavaScript so
// it loads the same under `node --import tsx` and under vitest, with no TypeScript loader.
// Requests: { id, kind: 'pdf' | 'docx', bytes: Uint8Array (transferred), maxUnzippedBytes }.
// Replies: { id, ok: true, pages: { page, text }[] }, { id, ok: false, code } when the document is
// the problem, or { id, ok: false, internal: message } when we are (a library failed to load, a bug).
// Never logs: neither the bytes nor the text may leave this thread except in the reply.
import { parentPort } from 'node:worker_threads'
import { yieldToEventLoopThread } from './thread-priority.mjs'
import { extractDocxPages } from './docx-pages.mjs'
import { ExtractionFailure, isResourceExhaustion } from './page-text.mjs'
import { extractPdfPages } from './pdf-pages.mjs'

if (parentPort === null) throw new Error('extract-worker.mjs runs only as a worker thread')
yieldToEventLoopThread()
const port = parentPort

port.on('message', async ({ id, kind, bytes, maxUnzippedBytes }) => {
  try {
    const pages = kind === 'pdf' ? await extractPdfPages(bytes) : await extractDocxPages(bytes, { maxUnzippedBytes })
    port.postMessage({ id, ok: true, pages })
  } catch (error) {
    if (error instanceof ExtractionFailure) port.postMessage({ id, ok: false, code: error.code })
    else if (isResourceExhaustion(error)) port.postMessage({ id, ok: false, code: 'too_complex' })
    // Parsers' errors about the file were classified already; this is not the uploader's fault.
    else port.postMessage({ id, ok: false, internal: error instanceof Error ? error.message : String(error) })
  }
})
