// The check that runs before pdf.js: every stream of a PDF decompressed with a bound, per stream
// and per document, whatever its filters, encryption or place in the file.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { MAX_EXPANDED_BYTES, MAX_EXPANDED_PART_BYTES } from './document-error.ts'
import { checkPdfExpansion } from './pdf-expansion.mjs'
import { bombStream, buildPdfBomb, zlibZeros, type BombEncoding } from './test-bombs.ts'
import { buildPdf } from './test-documents.ts'
import type { PdfCipher } from './test-pdf-security.ts'

const MIB = 1024 * 1024
const LIMITS = { maxPartBytes: MAX_EXPANDED_PART_BYTES, maxTotalBytes: MAX_EXPANDED_BYTES }
const corpus = resolve(fileURLToPath(new URL('../../..', import.meta.url)), '../shared/samples/documents')

async function refusal(bytes: Uint8Array, limits = LIMITS): Promise<unknown> {
  return checkPdfExpansion(bytes, limits).then(
    () => new Error('expected the PDF to be refused'),
    (reason: unknown) => reason,
  )
}

/** A PDF written by hand around one object's text, for shapes buildPdf does not make. */
function handWrittenPdf(...parts: (string | Uint8Array)[]): Uint8Array {
  const trailer = 'trailer\n<< /Size 3 /Root 1 0 R >>\n%%EOF\n'
  return Buffer.concat(['%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', ...parts, trailer].map((part) => Buffer.from(part)))
}

describe('PDF expansion check', () => {
  it('refuses a 3 MB PDF whose one FlateDecode stream inflates to 1 GB', async () => {
    const bomb = buildPdfBomb({ megabytes: 1024, padToBytes: 3 * MIB })
    expect(bomb.length).toBeGreaterThan(2.9 * MIB)
    expect(await refusal(bomb)).toMatchObject({ name: 'ExtractionFailure', code: 'pdf_bomb' })
  })

  it('holds each stream to the part limit', async () => {
    expect(await refusal(buildPdfBomb({ megabytes: 65 }))).toHaveProperty('code', 'pdf_bomb')
    const { expandedBytes } = await checkPdfExpansion(buildPdfBomb({ megabytes: 63 }), LIMITS)
    expect(expandedBytes).toBeGreaterThanOrEqual(63 * MIB)
    expect(expandedBytes).toBeLessThan(64 * MIB)
  })

  it('holds all streams together to the document limit', async () => {
    const extraStreams = (count: number) => Array.from({ length: count }, () => bombStream(60))
    const fits = await checkPdfExpansion(buildPdfBomb({ megabytes: 1, extraStreams: extraStreams(4) }), LIMITS)
    expect(fits.expandedBytes).toBeGreaterThan(241 * MIB)
    expect(await refusal(buildPdfBomb({ megabytes: 1, extraStreams: extraStreams(5) }))).toHaveProperty('code', 'pdf_bomb')
  })

  it.each<BombEncoding>(['ascii85+flate', 'lzw', 'run-length'])('decodes %s as pdf.js would, and refuses the bomb', async (encoding) => {
    expect(await refusal(buildPdfBomb({ megabytes: 100, encoding }))).toHaveProperty('code', 'pdf_bomb')
    const { expandedBytes } = await checkPdfExpansion(buildPdfBomb({ megabytes: 10, encoding }), LIMITS)
    expect(expandedBytes).toBeGreaterThanOrEqual(10 * MIB)
  })

  it.each<PdfCipher>(['rc4-40', 'aes-128', 'aes-256'])('decrypts a PDF encrypted with %s and an empty password first', async (cipher) => {
    expect(await refusal(buildPdfBomb({ megabytes: 100, cipher }))).toHaveProperty('code', 'pdf_bomb')
    const { expandedBytes } = await checkPdfExpansion(buildPdfBomb({ megabytes: 10, cipher }), LIMITS)
    expect(expandedBytes).toBeGreaterThanOrEqual(10 * MIB)
  })

  it("checks a stream no page refers to, one inside another stream's data, and one whose dictionary cannot be read", async () => {
    const orphan = buildPdf([{ lines: ['Innocent'] }], { extraStreams: [bombStream(100)] })
    expect(await refusal(orphan)).toHaveProperty('code', 'pdf_bomb')
    // A cross-reference table may point into the middle of another stream's data.
    const bomb = zlibZeros(100)
    const inner = Buffer.concat([
      Buffer.from(`3 0 obj\n<< /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`),
      bomb,
      Buffer.from('\nendstream\nendobj\n'),
    ])
    const nested = handWrittenPdf(`2 0 obj\n<< /Length ${inner.length} >>\nstream\n`, inner, '\nendstream\nendobj\n')
    expect(await refusal(nested)).toHaveProperty('code', 'pdf_bomb')
    const unreadable = handWrittenPdf('2 0 obj\n<< /Length 7 /Odd (unclosed >>\nstream\n', zlibZeros(100), '\nendstream\nendobj\n')
    expect(await refusal(unreadable)).toHaveProperty('code', 'pdf_bomb')
  })

  it('reads to the end of the file when /Length refers to an object it cannot find', async () => {
    // A decoy `endstream` inside the data: a reader that resolves /Length would read past it.
    const data = Buffer.concat([zlibZeros(100).subarray(0, 40), Buffer.from('\nendstream\n'), zlibZeros(100).subarray(40)])
    const pdf = handWrittenPdf('2 0 obj\n<< /Length 9 0 R /Filter /FlateDecode >>\nstream\n', data, '\nendstream\nendobj\n')
    expect(await refusal(pdf)).toHaveProperty('code', 'pdf_bomb')
  })

  it('refuses a predictor row wider than the part limit (pdf.js allocates it whole)', async () => {
    const parameters = '/DecodeParms << /Predictor 12 /Columns 100000000 /Colors 4 /BitsPerComponent 16 >>'
    const pdf = buildPdf([{ content: { dictionary: `/Filter /FlateDecode ${parameters}`, data: deflateSync(Buffer.from('BT ET')) } }])
    expect(await refusal(pdf)).toHaveProperty('code', 'pdf_bomb')
  })

  it("counts a stream zlib cannot read at deflate's largest ratio (pdf.js reads more leniently)", async () => {
    // A valid header, then bytes that are no deflate block: 100 KB might still give 100 MB.
    const broken = (bytes: number) => Buffer.concat([Buffer.from([0x78, 0x9c, 0xff]), Buffer.alloc(bytes, 0xff)])
    const large = buildPdf([{ content: { dictionary: '/Filter /FlateDecode', data: broken(100_000) } }])
    expect(await refusal(large)).toHaveProperty('code', 'pdf_bomb')
    const small = buildPdf([{ content: { dictionary: '/Filter /FlateDecode', data: broken(100) } }])
    expect((await checkPdfExpansion(small, LIMITS)).expandedBytes).toBeLessThan(MIB)
  })

  it.runIf(existsSync(corpus))('passes every sample PDF, far below the limits', async () => {
    for (const name of readdirSync(corpus).filter((file) => file.endsWith('.pdf'))) {
      const { streams, expandedBytes } = await checkPdfExpansion(new Uint8Array(readFileSync(resolve(corpus, name))), LIMITS)
      expect(streams, name).toBeGreaterThan(0)
      expect(expandedBytes, name).toBeLessThan(MAX_EXPANDED_BYTES / 10)
    }
  })
})
