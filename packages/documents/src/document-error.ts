export type DocumentErrorCode =
  | 'unsupported_type'
  | 'too_large'
  | 'empty'
  | 'corrupt'
  | 'password_protected'
  | 'zip_bomb'
  | 'pdf_bomb'
  | 'no_text'
  | 'timeout'
  | 'too_complex'
  | 'busy'

export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024
export const FILE_TOO_LARGE_MESSAGE = 'File is too large. Maximum size is 50MB.'

// Decompressed size of an uploaded document, checked before a parser allocates it (decision 090).
// A part is one PDF stream or one DOCX entry. Of the 16 sample documents the largest expands to
// 15.1 MB in all and 3.1 MB in one part.
/** All parts of one document together, decompressed. */
export const MAX_EXPANDED_BYTES = 256 * 1024 * 1024
/** One part, decompressed. Beyond it is a raw image (an A4 page at 600 dpi in colour is 100 MB), never text. */
export const MAX_EXPANDED_PART_BYTES = 64 * 1024 * 1024
/**
 * Text a document may give, so what comes back from a parser stays small for the service's own
 * process (about 4000 dense pages; the 52-page sample gives 112,000 characters).
 */
export const MAX_EXTRACTED_CHARACTERS = 8_000_000

const STATUS: Record<DocumentErrorCode, number> = {
  unsupported_type: 415,
  too_large: 413,
  empty: 422,
  corrupt: 422,
  password_protected: 422,
  zip_bomb: 422,
  pdf_bomb: 422,
  no_text: 422,
  timeout: 422,
  too_complex: 422,
  busy: 503,
}

/**
 * Why a document gave no text. `message` is written for the person who uploaded it: what is wrong
 * and what to do instead. `status` is the HTTP status a service answers with; `code` is stable.
 */
export class DocumentError extends Error {
  override readonly name = 'DocumentError'
  readonly status: number

  constructor(
    readonly code: DocumentErrorCode,
    message: string,
  ) {
    super(message)
    this.status = STATUS[code]
  }
}

/** The limits an extractor enforces; some messages name them. */
export interface DocumentLimits {
  maxBytes: number
  maxExpandedBytes: number
  maxExpandedPartBytes: number
  timeLimitMs: number
}

const PASTE_INSTEAD = "paste the text using 'Or describe your service in words' instead"

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10}`
}

export function documentError(code: DocumentErrorCode, limits: DocumentLimits): DocumentError {
  return new DocumentError(code, MESSAGES[code](limits))
}

const MESSAGES: Record<DocumentErrorCode, (limits: DocumentLimits) => string> = {
  unsupported_type: () =>
    'Only PDF and DOCX files can be analyzed. This file is neither. ' +
    `Save or export it as PDF or DOCX and upload it again, or ${PASTE_INSTEAD}.`,
  too_large: ({ maxBytes }) =>
    maxBytes === MAX_DOCUMENT_BYTES ? FILE_TOO_LARGE_MESSAGE : `File is too large. Maximum size is ${megabytes(maxBytes)}MB.`,
  empty: () => 'The document contains no text. Check that you uploaded the right file, ' + `or ${PASTE_INSTEAD}.`,
  corrupt: () =>
    'The file is damaged or incomplete (for example cut off during download), so it cannot be read. ' +
    `Export or save it again and upload the new file, or ${PASTE_INSTEAD}.`,
  password_protected: () =>
    'The document is password-protected, so it cannot be read. ' + `Remove the password, save it and upload it again, or ${PASTE_INSTEAD}.`,
  zip_bomb: ({ maxExpandedBytes, maxExpandedPartBytes }) =>
    `This DOCX file would expand to more than ${megabytes(maxExpandedBytes)} MB ` +
    `(or one of its parts to more than ${megabytes(maxExpandedPartBytes)} MB), or is compressed far more ` +
    'than any normal document, so it was not opened. ' +
    `Save it again from Word or export it as PDF and upload that, or ${PASTE_INSTEAD}.`,
  pdf_bomb: ({ maxExpandedBytes, maxExpandedPartBytes }) =>
    `This PDF would expand to more than ${megabytes(maxExpandedBytes)} MB once decompressed ` +
    `(or one of its parts to more than ${megabytes(maxExpandedPartBytes)} MB), so it was not opened. ` +
    `Export or print it to PDF again and upload the new file, or ${PASTE_INSTEAD}.`,
  no_text: () =>
    'This PDF has no text layer: it looks scanned, so its words cannot be read. ' +
    `Upload a PDF exported from the original document, or ${PASTE_INSTEAD}.`,
  timeout: ({ timeLimitMs }) =>
    `Reading this document took longer than ${Math.round(timeLimitMs / 100) / 10} seconds, so it was stopped. ` +
    `Upload a shorter version (for example only the pages about the service and its prices), or ${PASTE_INSTEAD}.`,
  too_complex: () =>
    'This document needs more memory than one upload may use, so reading it was stopped. ' +
    `Upload a shorter or simpler version (for example exported again as PDF), or ${PASTE_INSTEAD}.`,
  busy: () => `Too many documents are being read right now. Try again in a minute, or ${PASTE_INSTEAD}.`,
}
