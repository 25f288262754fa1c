// PDF and DOCX text extraction for the calculator-generation service: text per page, parsed in
// worker threads with a memory and time limit per document, with user-facing errors. The worker
// pool underneath is exported for the service's other CPU-heavy step, the built-in analysis.
export { DocumentError, FILE_TOO_LARGE_MESSAGE, MAX_DOCUMENT_BYTES, type DocumentErrorCode } from './document-error.ts'
export {
  createDocumentExtractor,
  type DocumentExtractor,
  type DocumentExtractorOptions,
  type ExtractedDocument,
  type TextPage,
} from './extractor.ts'
export { sniffDocument, type DocumentKind } from './sniff.ts'
export { createWorkerPool, WorkerPoolError, type WorkerPool, type WorkerPoolErrorCode, type WorkerPoolOptions } from './worker-pool.ts'
