// The real sample documents (see SOURCES.md there): each extracts, or gives its documented error.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { DocumentError, createDocumentExtractor, sniffDocument } from './index.ts'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const corpus = resolve(repoRoot, '../shared/samples/documents')
const available = existsSync(corpus)

interface Expected {
  pageCount?: number
  /** [page, phrase]: the phrase is on that page of the extracted text. */
  phrases?: [number, string][]
  /** [page, pattern]: for text read by OCR, whose spacing can vary. */
  patterns?: [number, RegExp][]
  /** Text that must not appear anywhere. */
  absent?: string[]
  /** [page, text]: text that must not appear on that page (it is there, but not shown). */
  hiddenOn?: [number, string][]
  /** Pages that must have been read by OCR (scanned, no text layer). */
  ocrPages?: number[]
  error?: DocumentError['code']
}

/** Past the extractor's default time limit (60 s): the scanned sample may use all of it. */
const SAMPLE_TEST_MS = 90_000

const EXPECTED: Record<string, Expected> = {
  'reynolds-transition-services-agreement.pdf': {
    pageCount: 52,
    phrases: [
      [1, 'TRANSITION SERVICES AGREEMENT'],
      [24, 'Monthly Fee'],
      [33, 'December 31, 2020\t$100 per person'],
    ],
  },
  'za-government-tender-bulletin-3102-encrypted.pdf': {
    pageCount: 84,
    phrases: [
      [1, 'Tender Bulletin'],
      [8, 'charged at R1008.80 per'],
    ],
  },
  // A copier scan: read by OCR within the default time limit. The first pages are read even on a
  // busy machine; which later pages fit in the time varies.
  'metro-access-gate-proposal-scanned.pdf': {
    pageCount: 13,
    ocrPages: [1, 2],
    phrases: [
      [1, 'PROPOSAL'],
      [1, 'Hoodland Fire District Station #74'],
    ],
    patterns: [
      [2, /Single Gate \$ ?920\.00/],
      [2, /Double Gate \$ ?1,385\.00/],
      [2, /\$ ?1,768\.00/],
    ],
  },
  'kubient-ap-revenue-share-exhibit.pdf': { pageCount: 2, phrases: [[2, '$ 300,000.00']] },
  'freecook-website-design-hosting-agreement.pdf': { pageCount: 3, phrases: [[1, 'the sum of $5,000']] },
  'gsa-coe-discovery-bpa-rfq.pdf': { pageCount: 26, phrases: [[15, 'BPA obligations to be $100 million']] },
  // A white "$10,000" left on the Gold, Standard and Video pages is not shown, so not extracted; the
  // struck-through Platinum price is shown.
  'pyconau-2019-sponsorship-prospectus.pdf': {
    pageCount: 16,
    phrases: [
      [8, '$10,000'],
      [9, 'Gold Sponsorship'],
      [9, '$7,500'],
      [10, '$2,500'],
      [12, '+$4,000'],
    ],
    hiddenOn: [
      [9, '$10,000'],
      [10, '$10,000'],
      [12, '$10,000'],
    ],
  },
  'weatherzone-advertising-media-kit.pdf': { pageCount: 10, phrases: [[5, '$50CPM']] },
  'flow-media-rate-card-blank.pdf': { pageCount: 2 },
  'sv-region-dalarna-avrop-rpa-team.pdf': { pageCount: 9, phrases: [[2, '40 timmar/vecka per person']] },
  'sv-adda-avtalskort-it-konsulttjanster.pdf': { pageCount: 2 },
  'sv-student-offert-smart-sensor.pdf': { pageCount: 1 },
  // DOCX page numbers follow the page-break markers Word left in the file (see docx-pages.mjs).
  'aws-textract-freelance-sow.docx': { pageCount: 2, phrases: [[2, 'User will own all code generated']] },
  'freelance-proposal-template.docx': {
    pageCount: 3,
    phrases: [
      [2, 'Introduction'],
      [3, '$10,000 / 8-10 weeks'],
    ],
  },
  // No page-break markers at all: one page.
  'policyengine-nsf-cssi-grant-proposal.docx': { pageCount: 1 },
  'sv-vaxholm-avrop-resurskonsult.docx': {
    pageCount: 3,
    phrases: [
      [1, 'Vaxholms stad'],
      [2, '3.3 Ort för utförandet'],
      [3, '7.1 Frivillig avtalsspärr'],
    ],
    absent: ['Klicka eller tryck', 'Välj Leverantör'],
  },
}

describe.skipIf(!available)('sample corpus (../shared/samples/documents)', () => {
  const extractor = createDocumentExtractor()
  afterAll(() => extractor.close())

  it('has an expectation for every sample', () => {
    const files = readdirSync(corpus).filter((file) => /\.(pdf|docx)$/.test(file))
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  it.each(Object.entries(EXPECTED))(
    '%s',
    async (file, expected) => {
      const bytes = new Uint8Array(readFileSync(resolve(corpus, file)))
      expect(sniffDocument(bytes)).toBe(file.endsWith('.pdf') ? 'pdf' : 'docx')
      const outcome = await extractor.extract(bytes).then(
        (document) => ({ document, error: undefined }),
        (error: unknown) => ({ document: undefined, error }),
      )
      if (expected.error !== undefined) {
        expect(outcome.error).toBeInstanceOf(DocumentError)
        expect(outcome.error).toHaveProperty('code', expected.error)
        return
      }
      const { document } = outcome
      if (document === undefined) throw outcome.error
      expect(document.pageCount).toBe(expected.pageCount)
      expect(document.pages.map((page) => page.page)).toEqual(document.pages.map((_, index) => index + 1))
      expect(document.characters).toBeGreaterThan(100)
      for (const [page, phrase] of expected.phrases ?? []) {
        expect(document.pages[page - 1]?.text, `page ${page}`).toContain(phrase)
      }
      for (const [page, pattern] of expected.patterns ?? []) {
        expect(document.pages[page - 1]?.text, `page ${page}`).toMatch(pattern)
      }
      for (const [page, text] of expected.hiddenOn ?? []) {
        expect(document.pages[page - 1]?.text, `page ${page}`).not.toContain(text)
      }
      const all = document.pages.map((page) => page.text).join('\n')
      for (const text of expected.absent ?? []) expect(all).not.toContain(text)
      const ocrPages = expected.ocrPages ?? []
      for (const page of ocrPages) expect(document.pages[page - 1]?.ocr, `page ${page} read by OCR`).toBe(true)
      // A document with a text layer is never read by OCR; a scan's pages with text all are.
      const read = document.pages.filter((page) => page.text !== '')
      expect(read.every((page) => page.ocr === (ocrPages.length > 0 ? true : undefined))).toBe(true)
    },
    SAMPLE_TEST_MS,
  )
})

it.runIf(!available)('sample corpus is present', () => {
  const message = `Sample documents not found at ${corpus}; corpus tests skipped.`
  if (process.env.CI === 'true') throw new Error(`${message} They are required in CI.`)
  console.warn(message)
})
