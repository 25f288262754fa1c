// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.
import { ExtractionFailure, isResourceExhaustion, normalizePageText } from './page-text.mjs'
import { checkPdfExpansion } from './pdf-expansion.mjs'
import { listPaints } from './pdf-paints.mjs'
import { encodePgm, rasterizeScan } from './pdf-scan-raster.mjs'
import { layoutPageText } from './pdf-text-layout.mjs'
import { glyphVisibility, visibleTextItems } from './pdf-visible-text.mjs'
import { createPageRecognizer } from './ocr.mjs'

/** Scanned pages recognised per document at most (decision 094); later scanned pages stay empty. */
export const MAX_OCR_PAGES = 20
/** Recognition stops this long before the document's time limit, so the pages read so far are answered. */
export const OCR_TIME_MARGIN_MS = 2_000
/** Images larger than this (pixels) are not decoded: 50 million is an A3 page at 600 dpi in colour. */
const MAX_IMAGE_PIXELS = 50_000_000

/**
 * Text per page of a PDF, pages numbered from 1: `{ page, text }`, and `ocr: true` where the text
 * was recognised from the page's images because the page shows no text of its own. Text the page
 * does not show is left out (pdf-visible-text.mjs). Encrypted PDFs with an empty user password
 * open. Its streams' decompressed sizes are checked against `limits` before pdf.js reads it;
 * recognition stops before `deadline` (a performance.now() time).
 */
export async function extractPdfPages(bytes, limits, { deadline = Infinity } = {}) {
  await checkPdfExpansion(bytes, limits)
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const document = await openDocument(pdfjs, bytes)
  const scans = scanReader(deadline)
  let pages
  try {
    const isVisible = await optionalContentVisibility(document)
    pages = []
    for (let number = 1; number <= document.numPages; number++) {
      pages.push(await readPage({ pdfjs, document, number, isVisible, scans }))
    }
  } finally {
    await scans.close()
    await document.destroy().catch(() => {})
  }
  if (pages.length === 0) throw new ExtractionFailure('empty')
  if (pages.every((page) => page.text === '')) throw new ExtractionFailure(scans.ranOutOfTime() ? 'timeout' : 'no_text')
  return pages
}

async function openDocument(pdfjs, bytes) {
  try {
    // verbosity 0: pdf.js prints nothing but fatal errors, and never document content. No canvas
    // and no browser decoders: images are decoded in JavaScript, as pixels.
    return await pdfjs.getDocument({
      data: bytes,
      verbosity: 0,
      isEvalSupported: false,
      isOffscreenCanvasSupported: false,
      isImageDecoderSupported: false,
      maxImageSize: MAX_IMAGE_PIXELS,
    }).promise
  } catch (error) {
    throw classifyPdfError(error)
  }
}

async function optionalContentVisibility(document) {
  const config = await document.getOptionalContentConfig().catch(() => undefined)
  return config === undefined ? () => true : (properties) => config.isVisible(properties)
}

/** A page's visible text, or its recognised text when it shows none and paints images. */
async function readPage({ pdfjs, document, number, isVisible, scans }) {
  let page
  let paints
  let text
  try {
    page = await document.getPage(number)
    const viewport = page.getViewport({ scale: 1 })
    const content = await page.getTextContent()
    const operators = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE })
    paints = listPaints(operators, { OPS: pdfjs.OPS, commonObjs: page.commonObjs, isVisible })
    const glyphs = glyphVisibility(paints, page.view)
    text = normalizePageText(layoutPageText(visibleTextItems(content.items, glyphs, pdfjs.normalizeUnicode), viewport))
  } catch (error) {
    page?.cleanup()
    throw classifyPdfError(error)
  }
  try {
    if (text !== '' || !scans.wanted()) return { page: number, text }
    const recognised = await scans.read(page, paints)
    return recognised === undefined ? { page: number, text } : { page: number, text: recognised, ocr: true }
  } finally {
    page.cleanup()
  }
}

/**
 * Recognises scanned pages one at a time with one engine per document, at most MAX_OCR_PAGES, and
 * none once the deadline is near: a page still being read then is abandoned (its engine stopped).
 */
function scanReader(deadline) {
  const recognizer = createPageRecognizer()
  const stopAt = deadline - OCR_TIME_MARGIN_MS
  let attempted = 0
  let outOfTime = false
  return {
    wanted: () => !outOfTime && attempted < MAX_OCR_PAGES,
    ranOutOfTime: () => outOfTime,
    async read(page, paints) {
      if (performance.now() >= stopAt) {
        outOfTime = true
        return undefined
      }
      const raster = await rasterizeScan(page, paints).catch((error) => {
        throw classifyPdfError(error)
      })
      if (raster === undefined) return undefined
      attempted++
      const recognised = await beforeDeadline(recognizer.recognize(encodePgm(raster)), stopAt)
      if (recognised === undefined) {
        outOfTime = true
        await recognizer.close()
        return undefined
      }
      const normalized = normalizePageText(recognised.text)
      return normalized === '' ? undefined : normalized
    },
    close: () => recognizer.close(),
  }
}

/** What `work` resolves to, or undefined once `stopAt` (a performance.now() time) has passed. */
async function beforeDeadline(work, stopAt) {
  if (!Number.isFinite(stopAt)) return work
  let timer
  const timeUp = new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, stopAt - performance.now()))))
  return Promise.race([work, timeUp]).finally(() => clearTimeout(timer))
}

function classifyPdfError(error) {
  if (error instanceof ExtractionFailure) return error
  const name = error instanceof Error ? error.name : ''
  if (name === 'PasswordException') return new ExtractionFailure('password_protected')
  return new ExtractionFailure(isResourceExhaustion(error) ? 'too_complex' : 'corrupt')
}
