export interface ExpansionLimits {
  /** Largest output of one stream once decoded. */
  maxPartBytes: number
  /** Largest output of all streams together. */
  maxTotalBytes: number
}

/** Refuses the PDF (ExtractionFailure 'pdf_bomb') when its streams would decompress past the limits. */
export function checkPdfExpansion(bytes: Uint8Array, limits: ExpansionLimits): Promise<{ streams: number; expandedBytes: number }>
