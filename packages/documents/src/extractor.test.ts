import { afterAll, describe, expect, it } from 'vitest'
import { DocumentError, FILE_TOO_LARGE_MESSAGE, MAX_DOCUMENT_BYTES, createDocumentExtractor, type DocumentErrorCode } from './index.ts'
import {
  buildDocx,
  buildElfExecutable,
  buildEncryptedOfficeFile,
  buildLyingDocx,
  buildPdf,
  buildPngStart,
  buildWorkbookZip,
  buildZipBombDocx,
  filledControl,
  hardPageBreak,
  paragraph,
  paragraphOnNewPage,
  placeholderControl,
  type PdfPage,
} from './test-documents.ts'
import { buildDocxBomb, buildPdfBomb } from './test-bombs.ts'
import type { PdfCipher } from './test-pdf-security.ts'
import { rawEntryData, readZipDirectory } from './zip.mjs'

const extractor = createDocumentExtractor()
afterAll(() => extractor.close())

const PASTE_INSTEAD = "'Or describe your service in words'"

async function rejection(promise: Promise<unknown>): Promise<DocumentError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof DocumentError)) throw new Error(`expected a DocumentError, got ${String(error)}`)
  return error
}

async function expectFailure(bytes: Uint8Array, code: DocumentErrorCode, status = 422): Promise<DocumentError> {
  const error = await rejection(extractor.extract(bytes))
  expect({ code: error.code, status: error.status }).toEqual({ code, status })
  return error
}

const THREE_PAGES: PdfPage[] = [
  { lines: ['Managed IT services', 'Monthly fee:     1,250 USD', 'Svenska: åäö'] },
  { lines: ['Second page'] },
  { lines: ['Third page: 40 hours per week'] },
]

describe('PDF', () => {
  it('gives the text of every page with its page number and its line breaks', async () => {
    const document = await extractor.extract(buildPdf(THREE_PAGES))
    expect(document).toEqual({
      kind: 'pdf',
      pages: [
        { page: 1, text: 'Managed IT services\nMonthly fee: 1,250 USD\nSvenska: åäö' },
        { page: 2, text: 'Second page' },
        { page: 3, text: 'Third page: 40 hours per week' },
      ],
      pageCount: 3,
      characters: 55 + 11 + 29,
    })
  })

  it('keeps pages without text, so page numbers stay right', async () => {
    const document = await extractor.extract(buildPdf([{ lines: ['Cover'] }, { image: true }, { lines: ['Prices'] }]))
    expect(document.pages).toEqual([
      { page: 1, text: 'Cover' },
      { page: 2, text: '' },
      { page: 3, text: 'Prices' },
    ])
  })

  // The expansion check decrypts with the same keys; pdf.js reading these files proves them right.
  it.each<PdfCipher>(['rc4-40', 'aes-128', 'aes-256'])('opens a PDF encrypted with %s whose user password is empty', async (cipher) => {
    const document = await extractor.extract(buildPdf(THREE_PAGES, { userPassword: '', cipher }))
    expect(document.pages.map((page) => page.text)).toEqual([
      'Managed IT services\nMonthly fee: 1,250 USD\nSvenska: åäö',
      'Second page',
      'Third page: 40 hours per week',
    ])
  })

  it.each<PdfCipher>(['rc4-40', 'aes-128', 'aes-256'])(
    'asks for the password to be removed when the PDF (%s) needs one',
    async (cipher) => {
      const error = await expectFailure(buildPdf(THREE_PAGES, { userPassword: 'secret', cipher }), 'password_protected')
      expect(error.message).toMatch(/password/)
      expect(error.message).toContain(PASTE_INSTEAD)
    },
  )

  it('refuses a document with more text than maxCharacters as too complex', async () => {
    const small = createDocumentExtractor({ workers: 1, maxCharacters: 1000 })
    try {
      const lines = Array.from({ length: 40 }, (_, i) => `Line ${i}: monthly fee 1,250 USD`)
      expect((await small.extract(buildPdf([{ lines: lines.slice(0, 20) }]))).characters).toBeLessThanOrEqual(1000)
      expect(await rejection(small.extract(buildPdf([{ lines }, { lines }])))).toMatchObject({ code: 'too_complex', status: 422 })
    } finally {
      await small.close()
    }
  })

  it('refuses a PDF that would decompress to 1 GB, saying so', async () => {
    const error = await expectFailure(buildPdfBomb({ megabytes: 1024 }), 'pdf_bomb')
    expect(error.message).toBe(
      'This PDF would expand to more than 256 MB once decompressed (or one of its parts to more than 64 MB), so it was not opened. ' +
        `Export or print it to PDF again and upload the new file, or paste the text using ${PASTE_INSTEAD} instead.`,
    )
  })

  it('says a PDF with only images looks scanned', async () => {
    const error = await expectFailure(buildPdf([{ image: true }, { image: true }, {}]), 'no_text')
    expect(error.message).toMatch(/no text layer.*scanned/)
    expect(error.message).toContain(PASTE_INSTEAD)
  })

  it('calls a truncated PDF damaged', async () => {
    const pdf = buildPdf(THREE_PAGES)
    const error = await expectFailure(pdf.slice(0, Math.floor(pdf.length / 2)), 'corrupt')
    expect(error.message).toMatch(/damaged.*again/)
  })

  it('calls garbage after %PDF- damaged', async () => {
    await expectFailure(Buffer.from(`%PDF-1.7\n${'garbage '.repeat(200)}`), 'corrupt')
  })
})

describe('DOCX', () => {
  it('gives the text as page 1 when the document has no page breaks', async () => {
    const document = await extractor.extract(buildDocx(paragraph('Scope') + paragraph('Hourly rate   95 EUR')))
    expect(document).toEqual({
      kind: 'docx',
      pages: [{ page: 1, text: 'Scope\n\nHourly rate 95 EUR' }],
      pageCount: 1,
      characters: 25,
    })
  })

  it('splits pages at hard page breaks and at Word rendered page breaks, counting each boundary once', async () => {
    const body =
      paragraph('Page one') +
      hardPageBreak +
      // Word marks the page after a hard break as rendered too: still the same boundary.
      paragraphOnNewPage('Page two') +
      paragraph('More of page two') +
      paragraphOnNewPage('Page three') +
      hardPageBreak +
      hardPageBreak +
      paragraph('Page five, after an empty page')
    const document = await extractor.extract(buildDocx(body))
    expect(document.pages).toEqual([
      { page: 1, text: 'Page one' },
      { page: 2, text: 'Page two\n\nMore of page two' },
      { page: 3, text: 'Page three' },
      { page: 4, text: '' },
      { page: 5, text: 'Page five, after an empty page' },
    ])
  })

  it('leaves out the placeholder text of unfilled content controls and keeps filled ones', async () => {
    const body =
      paragraph('Supplier:') +
      placeholderControl('Klicka eller tryck här för att ange text.') +
      placeholderControl('Click or tap here to enter text.') +
      filledControl('Atea Sverige AB')
    const document = await extractor.extract(buildDocx(body))
    expect(document.pages).toEqual([{ page: 1, text: 'Supplier:\n\nAtea Sverige AB' }])
  })

  it('says a DOCX without text is empty', async () => {
    const error = await expectFailure(buildDocx(paragraph('   ') + hardPageBreak), 'empty')
    expect(error.message).toMatch(/contains no text/)
  })

  it('refuses a zip bomb of 300 MB (default limit 256 MB)', async () => {
    const error = await expectFailure(buildZipBombDocx(300), 'zip_bomb')
    expect(error.message).toMatch(/more than 256 MB \(or one of its parts to more than 64 MB\)/)
    expect(error.message).toContain(PASTE_INSTEAD)
  })

  it('refuses an entry compressed about 1000:1 even under the size limit', async () => {
    await expectFailure(buildZipBombDocx(20), 'zip_bomb')
  })

  it('refuses a DOCX declaring more than maxExpandedBytes', async () => {
    const small = createDocumentExtractor({ workers: 1, maxExpandedBytes: 100_000 })
    try {
      const body = Array.from({ length: 2000 }, (_, i) => paragraph(`Line ${i}`)).join('')
      const error = await rejection(small.extract(buildDocx(body)))
      expect(error.code).toBe('zip_bomb')
      expect(error.message).toMatch(/more than 0\.1 MB/)
    } finally {
      await small.close()
    }
  })

  it('refuses a DOCX part declaring more than maxExpandedPartBytes', async () => {
    const small = createDocumentExtractor({ workers: 1, maxExpandedPartBytes: 100_000 })
    try {
      const body = Array.from({ length: 2000 }, (_, i) => paragraph(`Line ${i}`)).join('')
      const error = await rejection(small.extract(buildDocx(body)))
      expect(error.code).toBe('zip_bomb')
      expect(error.message).toMatch(/one of its parts to more than 0\.1 MB/)
    } finally {
      await small.close()
    }
  })

  it('refuses an entry that inflates beyond the size its header declares', async () => {
    await expectFailure(buildLyingDocx(), 'zip_bomb')
  })

  it('refuses a document.xml that inflates to 1 GB while declaring 1000 bytes, inflating no more than that', async () => {
    await expectFailure(buildDocxBomb(1024), 'zip_bomb')
  })

  it('calls a DOCX with damaged compressed data damaged', async () => {
    const docx = buildDocx(paragraph('A paragraph long enough to be compressed. '.repeat(20)))
    const main = readZipDirectory(docx).find((entry) => entry.name === 'word/document.xml')
    if (main === undefined) throw new Error('word/document.xml expected')
    rawEntryData(docx, main).fill(0x41, 10, 30)
    await expectFailure(docx, 'corrupt')
  })

  it('calls a DOCX cut short damaged', async () => {
    const docx = buildDocx(paragraph('Hello'))
    await expectFailure(docx.slice(0, docx.length - 40), 'corrupt')
  })
})

describe('files that cannot be read', () => {
  it.each([
    ['a renamed executable', buildElfExecutable()],
    ['an image', buildPngStart()],
    ['plain text', Buffer.from('Monthly fee: 1,250 USD\n')],
    ['a zip that is not a Word document', buildWorkbookZip()],
  ])('refuses %s as unsupported', async (_, bytes) => {
    const error = await expectFailure(bytes, 'unsupported_type', 415)
    expect(error.message).toMatch(/^Only PDF and DOCX files can be analyzed\. This file is neither\./)
  })

  it('says empty bytes are empty', async () => {
    await expectFailure(new Uint8Array(0), 'empty')
  })

  it('refuses more than 50 MB with the product message', async () => {
    const bytes = new Uint8Array(MAX_DOCUMENT_BYTES + 1)
    bytes.set(Buffer.from('%PDF-1.7'))
    const error = await expectFailure(bytes, 'too_large', 413)
    expect(error.message).toBe(FILE_TOO_LARGE_MESSAGE)
    expect(FILE_TOO_LARGE_MESSAGE).toBe('File is too large. Maximum size is 50MB.')
  })

  it('asks for the password to be removed from a password-protected Word file', async () => {
    await expectFailure(buildEncryptedOfficeFile(), 'password_protected')
  })
})

describe('bytes handed to extract()', () => {
  it('are transferred to a worker thread, not copied, when they own their buffer', async () => {
    const threads = createDocumentExtractor({ workers: 1, isolation: 'thread' })
    try {
      const bytes = buildPdf(THREE_PAGES)
      const document = threads.extract(bytes)
      expect(bytes.byteLength).toBe(0)
      expect((await document).pageCount).toBe(3)
    } finally {
      await threads.close()
    }
  })

  it('are copied when they share their buffer, leaving the caller its data', async () => {
    const pdf = buildPdf(THREE_PAGES)
    const shared = new Uint8Array(pdf.length + 16)
    shared.set(pdf, 8)
    const view = shared.subarray(8, 8 + pdf.length)
    expect((await extractor.extract(view)).pageCount).toBe(3)
    expect(Buffer.from(view).equals(Buffer.from(pdf))).toBe(true)
  })
})
