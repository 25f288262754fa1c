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
  /** Text that must not appear anywhere. */
  absent?: string[]
  error?: DocumentError['code']
}

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
  'metro-access-gate-proposal-scanned.pdf': { error: 'no_text' },
  'kubient-ap-revenue-share-exhibit.pdf': { pageCount: 2, phrases: [[2, '$ 300,000.00']] },
  'freecook-website-design-hosting-agreement.pdf': { pageCount: 3, phrases: [[1, 'the sum of $5,000']] },
  'gsa-coe-discovery-bpa-rfq.pdf': { pageCount: 26, phrases: [[15, 'BPA obligations to be $100 million']] },
  'pyconau-2019-sponsorship-prospectus.pdf': { pageCount: 16, phrases: [[9, 'Gold Sponsorship']] },
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
      const all = document.pages.map((page) => page.text).join('\n')
      for (const text of expected.absent ?? []) expect(all).not.toContain(text)
    },
    60_000,
  )
})

it.runIf(!available)('sample corpus is present', () => {
  const message = `Sample documents not found at ${corpus}; corpus tests skipped.`
  if (process.env.CI === 'true') throw new Error(`${message} They are required in CI.`)
  console.warn(message)
})
