import type { ExpansionLimits } from './pdf-expansion.d.mts'

export const MAX_OCR_PAGES: number
export const OCR_TIME_MARGIN_MS: number

export interface PdfPageText {
  page: number
  text: string
  ocr?: true
}

/**
 * Text per page of a PDF; scanned pages (no visible text, images) are recognised until `deadline`
 * (a performance.now() time) less OCR_TIME_MARGIN_MS. Rejects with ExtractionFailure.
 */
export function extractPdfPages(bytes: Uint8Array, limits: ExpansionLimits, options?: { deadline?: number }): Promise<PdfPageText[]>
