import type { DocumentErrorCode } from './document-error.ts'

export class ExtractionFailure extends Error {
  readonly code: DocumentErrorCode
  constructor(code: DocumentErrorCode)
}
export function isResourceExhaustion(error: unknown): boolean
export function normalizePageText(text: string): string
