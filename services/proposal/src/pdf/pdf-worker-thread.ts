// Renders proposal PDFs on a worker thread, one at a time, so laying out pages and subsetting fonts
// (tens of milliseconds each) never stalls the service's event loop. Requests: { id, content }
// (ProposalPdfContent). Replies: { id, ok: true, bytes } with the PDF's buffer transferred, or
// { id, ok: false, internal: message } when rendering failed (a bug: the content was made by us).
// Built, this file is dist/<deployable>/pdf-worker.mjs; from source, pdf-worker.mjs loads it through tsx.
import { parentPort } from 'node:worker_threads'
import { yieldToEventLoopThread } from '@valueproof/worker-pool/thread-priority'
import type { ProposalPdfContent } from './pdf-content.ts'
import { renderProposalPdf } from './pdf-renderer.ts'

if (parentPort === null) throw new Error('the PDF worker runs only as a worker thread')
yieldToEventLoopThread()
const port = parentPort

port.on('message', ({ id, content }: { id: number; content: ProposalPdfContent }) => {
  renderProposalPdf(content).then(
    (bytes) => port.postMessage({ id, ok: true, bytes }, [bytes.buffer]),
    (error: unknown) => port.postMessage({ id, ok: false, internal: error instanceof Error ? error.message : String(error) }),
  )
})
