// Builds the documents the tests read, so no binary fixture is committed: hand-written PDF objects
// (optionally encrypted), DOCX zips, zip bombs and files that are neither.
import { constants, deflateRawSync, deflateSync } from 'node:zlib'
import { FIRST_CODE, LAST_CODE, type EmbeddedFont } from './test-fonts.ts'
import { pdfSecurity, type PdfCipher } from './test-pdf-security.ts'
import { crc32, writeZip, zipEntry, type PreparedZipEntry } from './zip.mjs'

// ---------------------------------------------------------------------------------------------
// PDF

export interface PdfPage {
  /** Lines of text drawn top to bottom; none for a page without a text layer. */
  lines?: string[]
  /** The page's content stream as given (e.g. compressed, with its /Filter), instead of `lines`. */
  content?: PdfStream
  /** Draw a small grey image, as a scanner would put the whole page. */
  image?: boolean
  /** A greyscale picture drawn over the whole page, as a scanner's PDF has (test-scans.ts makes them). */
  scan?: GreyImage
}

/** 8-bit greyscale pixels, rows top to bottom. */
export interface GreyImage {
  width: number
  height: number
  data: Uint8Array
}

export interface PdfOptions {
  /**
   * Encrypt with the standard security handler ('rc4-40' unless `cipher` says otherwise). '' is an
   * empty user password: the file opens without asking, like the ZA sample.
   */
  userPassword?: string
  cipher?: PdfCipher
  /** Streams written as objects of their own that no page refers to (`dictionary` without /Length). */
  extraStreams?: PdfStream[]
  /** The text's font, embedded (test-fonts.ts); unset: Helvetica, which a renderer substitutes as it likes. */
  font?: EmbeddedFont
}

export interface PdfStream {
  dictionary: string
  data: Uint8Array
}

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`
}

function pageContent(page: PdfPage): string {
  const parts: string[] = []
  if (page.scan !== undefined) parts.push('q 612 0 0 792 0 0 cm /Scan Do Q')
  if (page.image === true) parts.push('q 400 0 0 500 100 150 cm /Im1 Do Q')
  if (page.lines !== undefined && page.lines.length > 0) {
    const [first, ...rest] = page.lines
    parts.push(`BT /F1 12 Tf 72 720 Td ${pdfString(first ?? '')} Tj`)
    for (const line of rest) parts.push(`0 -16 Td ${pdfString(line)} Tj`)
    parts.push('ET')
  }
  return parts.join('\n')
}

const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'

type AddObject = (body: (objectNumber: number) => Buffer) => number

/** A TrueType font with its file (/FontFile2) and WinAnsi widths; answers the font dictionary's object number. */
function addEmbeddedFont(
  font: EmbeddedFont,
  add: AddObject,
  stream: (dictionary: string, data: Uint8Array) => (n: number) => Buffer,
): number {
  const file = add(stream(`/Length1 ${font.file.length}`, font.file))
  const descriptor = add(() =>
    Buffer.from(
      `<< /Type /FontDescriptor /FontName /${font.name} /Flags 32 /FontBBox [${font.bbox.join(' ')}] /ItalicAngle 0 ` +
        `/Ascent ${font.ascent} /Descent ${font.descent} /CapHeight ${font.ascent} /StemV 80 /FontFile2 ${file} 0 R >>`,
      'latin1',
    ),
  )
  return add(() =>
    Buffer.from(
      `<< /Type /Font /Subtype /TrueType /BaseFont /${font.name} /FirstChar ${FIRST_CODE} /LastChar ${LAST_CODE} ` +
        `/Widths [${font.widths.join(' ')}] /Encoding /WinAnsiEncoding /FontDescriptor ${descriptor} 0 R >>`,
      'latin1',
    ),
  )
}

/** A PDF with one object per page and per content stream, Helvetica text (or an embedded font), and a classic xref. */
export function buildPdf(pages: PdfPage[], options: PdfOptions = {}): Uint8Array {
  const encryption = options.userPassword === undefined ? undefined : pdfSecurity(options.cipher ?? 'rc4-40', options.userPassword)
  const objects: Buffer[] = []
  const add = (body: (objectNumber: number) => Buffer): number => {
    const objectNumber = objects.length + 1
    objects.push(Buffer.concat([Buffer.from(`${objectNumber} 0 obj\n`), body(objectNumber), Buffer.from('\nendobj\n')]))
    return objectNumber
  }
  const text = (value: string) => () => Buffer.from(value, 'latin1')
  const stream = (dictionary: string, data: Uint8Array) => (objectNumber: number) => {
    const stored = encryption === undefined ? data : encryption.encryptStream(objectNumber, data)
    return Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${stored.length} >>\nstream\n`), stored, Buffer.from('\nendstream')])
  }

  const catalog = add(text('<< /Type /Catalog /Pages 2 0 R >>'))
  const pageTreeIndex = objects.length
  add(text('')) // the page tree, written once the page objects exist
  const font = options.font === undefined ? add(text(HELVETICA)) : addEmbeddedFont(options.font, add, stream)
  const image = add(
    stream(
      '/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8',
      Buffer.from([40, 200, 200, 40]),
    ),
  )
  const kids = pages.map((page) => {
    const scan =
      page.scan &&
      add(
        stream(
          `/Type /XObject /Subtype /Image /Width ${page.scan.width} /Height ${page.scan.height} ` +
            '/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
          deflateSync(page.scan.data),
        ),
      )
    const content = add(
      page.content ? stream(page.content.dictionary, page.content.data) : stream('', Buffer.from(pageContent(page), 'latin1')),
    )
    const scanResource = scan === undefined ? '' : ` /Scan ${scan} 0 R`
    return add(
      text(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R ` +
          `/Resources << /Font << /F1 ${font} 0 R >> /XObject << /Im1 ${image} 0 R${scanResource} >> >> >>`,
      ),
    )
  })
  objects[pageTreeIndex] = Buffer.from(
    `2 0 obj\n<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>\nendobj\n`,
  )
  for (const extra of options.extraStreams ?? []) add(stream(extra.dictionary, extra.data))
  let trailerExtra = ''
  if (encryption !== undefined) {
    const encrypt = add(text(`<< ${encryption.encryptDictionary} >>`))
    trailerExtra = ` /Encrypt ${encrypt} 0 R /ID [<${encryption.idHex}> <${encryption.idHex}>]`
  }

  const header = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')
  const offsets: number[] = []
  let offset = header.length
  for (const object of objects) {
    offsets.push(offset)
    offset += object.length
  }
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${trailerExtra} >>\nstartxref\n${offset}\n%%EOF\n`
  return new Uint8Array(Buffer.concat([header, ...objects, Buffer.from(xref, 'latin1')]))
}

/** Many pages of text: big enough that parsing takes a while. */
export function buildLongPdf(pageCount: number): Uint8Array {
  const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1}: monthly fee 1,250 USD for service level ${i}`)
  return buildPdf(Array.from({ length: pageCount }, () => ({ lines })))
}

// ---------------------------------------------------------------------------------------------
// DOCX

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>'

const PACKAGE_RELATIONSHIPS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>'

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** A paragraph of one run. */
export function paragraph(text: string): string {
  return `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`
}

/** A paragraph holding only a hard page break, as Word writes Ctrl+Enter. */
export const hardPageBreak = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>'

/** A paragraph that starts a page in Word's last layout. */
export function paragraphOnNewPage(text: string): string {
  return `<w:p><w:r><w:lastRenderedPageBreak/><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`
}

/** An unfilled content control, as Word's form templates have: it shows its placeholder text. */
export function placeholderControl(placeholder: string): string {
  return (
    '<w:p><w:sdt><w:sdtPr><w:id w:val="1"/><w:showingPlcHdr/><w:text/></w:sdtPr><w:sdtContent>' +
    `<w:r><w:rPr><w:rStyle w:val="PlaceholderText"/></w:rPr><w:t>${escapeXml(placeholder)}</w:t></w:r>` +
    '</w:sdtContent></w:sdt></w:p>'
  )
}

/** A filled content control: its text is content and stays. */
export function filledControl(text: string): string {
  return `<w:p><w:sdt><w:sdtPr><w:id w:val="2"/><w:text/></w:sdtPr><w:sdtContent><w:r><w:t>${escapeXml(text)}</w:t></w:r></w:sdtContent></w:sdt></w:p>`
}

export function documentXml(body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    `<w:body>${body}<w:sectPr/></w:body></w:document>`
  )
}

const utf8 = (text: string): Uint8Array => Buffer.from(text, 'utf8')

/** The parts every DOCX here has, before the main document. */
export function packageParts(): PreparedZipEntry[] {
  return [zipEntry('[Content_Types].xml', utf8(CONTENT_TYPES)), zipEntry('_rels/.rels', utf8(PACKAGE_RELATIONSHIPS))]
}

/** A minimal DOCX whose body is the given WordprocessingML; `extra` entries are appended. */
export function buildDocx(body: string, extra: PreparedZipEntry[] = []): Uint8Array {
  return writeZip([...packageParts(), zipEntry('word/document.xml', utf8(documentXml(body))), ...extra])
}

/** A real deflate stream of `megabytes` MiB of zeros, built from independently flushed 1 MiB pieces. */
function deflatedZeros(megabytes: number): PreparedZipEntry {
  const zeros = new Uint8Array(1024 * 1024)
  const piece = deflateRawSync(zeros, { finishFlush: constants.Z_SYNC_FLUSH })
  let checksum = 0
  for (let i = 0; i < megabytes; i++) checksum = crc32(zeros, checksum)
  const finalEmptyBlock = Buffer.from([0x03, 0x00])
  return {
    name: 'word/media/padding.bin',
    method: 8,
    crc32: checksum,
    compressed: Buffer.concat([...Array.from({ length: megabytes }, () => piece), finalEmptyBlock]),
    uncompressedSize: megabytes * 1024 * 1024,
  }
}

/** A DOCX carrying an entry of `megabytes` MiB of zeros, compressed about 1000:1. */
export function buildZipBombDocx(megabytes: number): Uint8Array {
  return buildDocx(paragraph('Innocent text'), [deflatedZeros(megabytes)])
}

/** A DOCX whose styles part inflates to 1 MiB while its header declares 1000 bytes. */
export function buildLyingDocx(): Uint8Array {
  const data = new Uint8Array(1024 * 1024)
  return buildDocx(paragraph('Innocent text'), [
    { name: 'word/styles.xml', method: 8, crc32: crc32(data), compressed: deflateRawSync(data), uncompressedSize: 1000 },
  ])
}

/** A zip that is an office file but not a Word document (an .xlsx-like workbook). */
export function buildWorkbookZip(): Uint8Array {
  return writeZip([...packageParts(), zipEntry('xl/workbook.xml', utf8('<workbook/>'))])
}

// ---------------------------------------------------------------------------------------------
// Neither PDF nor DOCX

/** The start of a Linux executable, as someone might rename to report.pdf. */
export function buildElfExecutable(): Uint8Array {
  const bytes = new Uint8Array(4096)
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], 0)
  return bytes
}

/** The 8-byte PNG signature and an IHDR chunk start. */
export function buildPngStart(): Uint8Array {
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
}

/** What Word saves when a password is set: an OLE compound file with an EncryptedPackage stream. */
export function buildEncryptedOfficeFile(): Uint8Array {
  const bytes = Buffer.alloc(2048)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes, 0)
  Buffer.from('EncryptedPackage', 'utf16le').copy(bytes, 1024)
  return new Uint8Array(bytes)
}
