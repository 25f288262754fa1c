// The extraction worker: parses one document at a time off the main event loop, in a child
// process of the extractor's pool (or a worker thread). Plain JavaScript so it loads the same under
// `node --import tsx` and under vitest, with no TypeScript loader.
// Requests: { id, kind: 'pdf' | 'docx', bytes: Uint8Array,
//   limits: { maxPartBytes, maxTotalBytes, maxCharacters, timeLimitMs } }.
// Replies: { id, ok: true, pages: { page, text, ocr? }[] }, { id, ok: false, code } when the document is
// the problem, or { id, ok: false, internal: message } when we are (a library failed to load, a bug).
// Never logs: neither the bytes nor the text may leave this worker except in the reply.
import { jobPort } from '@valueproof/worker-pool/job-port'
import { yieldToEventLoopThread } from '@valueproof/worker-pool/thread-priority'
import { extractDocxPages } from './docx-pages.mjs'
import { ExtractionFailure, isResourceExhaustion } from './page-text.mjs'
import { extractPdfPages } from './pdf-pages.mjs'

yieldToEventLoopThread()
const port = jobPort()

port.on('message', async ({ id, kind, bytes, limits }) => {
  // The pool stops this worker timeLimitMs after it sent the job; text recognition ends before that.
  const deadline = performance.now() + limits.timeLimitMs
  try {
    const pages = kind === 'pdf' ? await extractPdfPages(bytes, limits, { deadline }) : await extractDocxPages(bytes, limits)
    const characters = pages.reduce((sum, page) => sum + page.text.length, 0)
    if (characters > limits.maxCharacters) throw new ExtractionFailure('too_complex')
    port.postMessage({ id, ok: true, pages })
  } catch (error) {
    if (error instanceof ExtractionFailure) port.postMessage({ id, ok: false, code: error.code })
    else if (isResourceExhaustion(error)) port.postMessage({ id, ok: false, code: 'too_complex' })
    // Parsers' errors about the file were classified already; this is not the uploader's fault.
    else port.postMessage({ id, ok: false, internal: error instanceof Error ? error.message : String(error) })
  }
})
