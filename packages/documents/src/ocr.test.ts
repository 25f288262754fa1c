// Scanned PDFs are read by text recognition, in English and Swedish (issue 14). The scans are
// made here: text pages in an embedded font (Source Sans 3, so every machine draws the same
// picture) rendered by pdftoppm at 300 dpi and put into image-only PDFs. What is asserted is what
// the product relies on, and holds wherever recognition runs (its results vary a little with the
// CPU's instructions): the page marked as read by OCR, the figures, and most of the words; a
// failure prints what was read (issue 34). The real copier scan is read in corpus.test.ts.
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_EXPANDED_BYTES, MAX_EXPANDED_PART_BYTES, createDocumentExtractor, type TextPage } from './index.ts'
import { ExtractionFailure } from './page-text.mjs'
import { extractPdfPages } from './pdf-pages.mjs'
import { buildPdf } from './test-documents.ts'
import { buildScannedPdf, hasPdftoppm, scanOfLines } from './test-scans.ts'

const available = hasPdftoppm()
const LIMITS = { maxPartBytes: MAX_EXPANDED_PART_BYTES, maxTotalBytes: MAX_EXPANDED_BYTES }
const OCR_TEST_MS = 60_000

const ENGLISH = ['Managed print service proposal', 'Monthly fee: $1,250 per month', 'Saves 12 hours of staff time per week']
const SWEDISH = ['Offert: utskriftstjänst för kontoret', 'Pris: 2,50 kr per sida', 'Minskar kostnaden med 30 % på ett år']
/** Of the words on a page (figures aside), at most this share may be misread. */
const MISREAD_WORDS_ALLOWED = 0.2

/** A text's words, letters only, lower-case. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word !== '')
}

/** The page was read by OCR, every figure is there exactly, and most words; a failure says what was read. */
function expectReadWell(page: TextPage | undefined, lines: string[], figures: RegExp[]): string {
  const text = page?.text ?? ''
  const read = `recognition read ${JSON.stringify(text)}`
  expect(page?.ocr, read).toBe(true)
  for (const figure of figures) expect(text, read).toMatch(figure)
  const found = new Set(wordsOf(text))
  const expected = wordsOf(lines.join(' '))
  const missing = expected.filter((word) => !found.has(word))
  expect(missing.length, `${read}; missing ${JSON.stringify(missing)}`).toBeLessThanOrEqual(
    Math.floor(expected.length * MISREAD_WORDS_ALLOWED),
  )
  return text
}

describe.skipIf(!available)('text recognition of scanned pages', () => {
  const extractor = createDocumentExtractor({ workers: 1 })
  afterAll(() => extractor.close())

  it(
    'reads an English scan, figures included, and marks the page as read by OCR',
    async () => {
      const document = await extractor.extract(buildScannedPdf([scanOfLines(ENGLISH)]))
      expect(document.pages).toHaveLength(1)
      expectReadWell(document.pages[0], ENGLISH, [/\$\s?1,250\b/, /\b12 hours\b/])
    },
    OCR_TEST_MS,
  )

  it(
    'reads a Swedish scan with å, ä and ö and Swedish decimals',
    async () => {
      const document = await extractor.extract(buildScannedPdf([scanOfLines(SWEDISH)]))
      const text = expectReadWell(document.pages[0], SWEDISH, [/\b2,50 kr\b/, /\b30\s?%/])
      // Swedish letters are read as letters of their own (the swe model), not as a, a and o.
      for (const letter of ['å', 'ä', 'ö']) expect(text, `recognition read ${JSON.stringify(text)}`).toContain(letter)
    },
    OCR_TEST_MS,
  )

  it(
    'reads the scan, not an invisible text layer laid over it',
    async () => {
      const scan = scanOfLines(ENGLISH)
      const invisibleLayer = 'BT 3 Tr /F1 12 Tf 72 720 Td (Hidden layer: 4,444 USD) Tj ET'
      const content = { dictionary: '', data: Buffer.from(`q 612 0 0 792 0 0 cm /Scan Do Q ${invisibleLayer}`, 'latin1') }
      const document = await extractor.extract(buildPdf([{ scan, content }]))
      const text = expectReadWell(document.pages[0], ENGLISH, [/\$\s?1,250\b/])
      expect(text).not.toContain('4,444')
    },
    OCR_TEST_MS,
  )

  it('answers the pages it has when the time for recognition is up, without reading the scans', async () => {
    const pdf = buildPdf([{ lines: ['Cover letter: prices inside'] }, { scan: scanOfLines(ENGLISH) }])
    const pages = await extractPdfPages(pdf, LIMITS, { deadline: performance.now() })
    expect(pages).toEqual([
      { page: 1, text: 'Cover letter: prices inside' },
      { page: 2, text: '' },
    ])
  })

  it('says it ran out of time when no page could be read in time', async () => {
    const pdf = buildScannedPdf([scanOfLines(ENGLISH)])
    const failure = await extractPdfPages(pdf, LIMITS, { deadline: performance.now() }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ExtractionFailure)
    expect(failure).toHaveProperty('code', 'timeout')
  })
})

it.runIf(!available)('pdftoppm is present for the OCR tests', () => {
  const message = 'pdftoppm (poppler-utils) not found; OCR tests of generated scans skipped.'
  if (process.env.CI === 'true') throw new Error(`${message} scripts/infra.sh installs it in CI.`)
  console.warn(message)
})
