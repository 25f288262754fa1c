// PDF and DOCX text extraction for the calculator-generation service: text per page, parsed in
// child processes with a memory and time limit per document and a bound on what it may
// decompress to, with user-facing errors. The worker pool underneath is @valueproof/worker-pool.
export {
  DocumentError,
  FILE_TOO_LARGE_MESSAGE,
  MAX_DOCUMENT_BYTES,
  MAX_EXPANDED_BYTES,
  MAX_EXPANDED_PART_BYTES,
  type DocumentErrorCode,
} from './document-error.ts'
export {
  createDocumentExtractor,
  type DocumentExtractor,
  type DocumentExtractorOptions,
  type ExtractedDocument,
  type TextPage,
} from './extractor.ts'
export { sniffDocument, type DocumentKind } from './sniff.ts'
