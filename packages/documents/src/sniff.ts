import { readZipDirectory } from './zip.mjs'

export type DocumentKind = 'pdf' | 'docx'

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1')
const ZIP_LOCAL_HEADER = Buffer.from('PK\u0003\u0004', 'latin1')
const MAIN_DOCUMENT = 'word/document.xml'
const MAIN_DOCUMENT_NAME = Buffer.from(MAIN_DOCUMENT, 'latin1')
const COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le')

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/**
 * What the bytes are, never the name or declared type: a PDF has `%PDF-` within its first 1024
 * bytes; a DOCX is a zip whose central directory lists word/document.xml. A zip whose directory
 * cannot be read (truncated) still counts as DOCX when a local header names word/document.xml,
 * so a damaged Word file is reported as damaged rather than as the wrong type.
 */
export function sniffDocument(bytes: Uint8Array): DocumentKind | undefined {
  const buffer = asBuffer(bytes)
  if (buffer.subarray(0, 1024).includes(PDF_SIGNATURE)) return 'pdf'
  if (!buffer.subarray(0, 4).equals(ZIP_LOCAL_HEADER)) return undefined
  try {
    return readZipDirectory(bytes).some((entry) => entry.name === MAIN_DOCUMENT) ? 'docx' : undefined
  } catch {
    return hasMainDocumentLocalHeader(buffer) ? 'docx' : undefined
  }
}

function hasMainDocumentLocalHeader(buffer: Buffer): boolean {
  for (let at = buffer.indexOf(MAIN_DOCUMENT_NAME); at !== -1; at = buffer.indexOf(MAIN_DOCUMENT_NAME, at + 1)) {
    const header = at - 30
    if (
      header >= 0 &&
      buffer.subarray(header, header + 4).equals(ZIP_LOCAL_HEADER) &&
      buffer.readUInt16LE(header + 26) === MAIN_DOCUMENT_NAME.length
    ) {
      return true
    }
  }
  return false
}

/**
 * A password-protected Word (or Excel, PowerPoint) file is not a zip but an OLE compound file
 * holding an "EncryptedPackage" stream; telling the user about the password beats "wrong type".
 */
export function isEncryptedOfficeFile(bytes: Uint8Array): boolean {
  const buffer = asBuffer(bytes)
  return buffer.subarray(0, 8).equals(COMPOUND_FILE) && buffer.includes(ENCRYPTED_PACKAGE)
}
