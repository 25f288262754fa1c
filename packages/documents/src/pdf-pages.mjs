// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.
import { ExtractionFailure, isResourceExhaustion, normalizePageText } from './page-text.mjs'
import { checkPdfExpansion } from './pdf-expansion.mjs'

/**
 * Text per page of a PDF, pages numbered from 1. Encrypted PDFs with an empty user password open.
 * Its streams' decompressed sizes are checked against `limits` before pdf.js reads it.
 */
export async function extractPdfPages(bytes, limits) {
  await checkPdfExpansion(bytes, limits)
  const { PDFParse } = await import('pdf-parse')
  // verbosity 0: pdf.js prints nothing but fatal errors, and never document content.
  const parser = new PDFParse({ data: bytes, verbosity: 0, isEvalSupported: false })
  let result
  try {
    result = await parser.getText()
  } catch (error) {
    throw classifyPdfError(error)
  } finally {
    await parser.destroy().catch(() => {})
  }
  const pages = result.pages.map((page) => ({ page: page.num, text: normalizePageText(page.text) }))
  if (pages.length === 0) throw new ExtractionFailure('empty')
  if (pages.every((page) => page.text === '')) throw new ExtractionFailure('no_text')
  return pages
}

function classifyPdfError(error) {
  const name = error instanceof Error ? error.name : ''
  if (name === 'PasswordException') return new ExtractionFailure('password_protected')
  return new ExtractionFailure(isResourceExhaustion(error) ? 'too_complex' : 'corrupt')
}
