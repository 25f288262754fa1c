import { describe, expect, it } from 'vitest'
import { isEncryptedOfficeFile, sniffDocument } from './sniff.ts'
import {
  buildDocx,
  buildElfExecutable,
  buildEncryptedOfficeFile,
  buildPdf,
  buildPngStart,
  buildWorkbookZip,
  paragraph,
} from './test-documents.ts'
import { writeZip, zipEntry } from './zip.mjs'

const text = (value: string): Uint8Array => Buffer.from(value, 'latin1')

describe('sniffDocument', () => {
  it('knows a PDF by %PDF- within its first 1024 bytes', () => {
    expect(sniffDocument(buildPdf([{ lines: ['x'] }]))).toBe('pdf')
    expect(sniffDocument(text(`${' '.repeat(1000)}%PDF-1.7\n`))).toBe('pdf')
    expect(sniffDocument(text(`${' '.repeat(1020)}%PDF-1.7\n`))).toBeUndefined()
  })

  it('knows a DOCX by word/document.xml in the zip central directory', () => {
    expect(sniffDocument(buildDocx(paragraph('Hello')))).toBe('docx')
    expect(sniffDocument(buildWorkbookZip())).toBeUndefined()
    // The name in an entry's content is not the name of an entry.
    const mentioning = writeZip([zipEntry('notes.txt', text('word/document.xml'), { store: true })])
    expect(sniffDocument(mentioning)).toBeUndefined()
  })

  it('still calls a DOCX cut short a DOCX, so it can be reported as damaged', () => {
    const docx = buildDocx(paragraph('Hello'))
    expect(sniffDocument(docx.subarray(0, docx.length - 40))).toBe('docx')
  })

  it('answers undefined for everything else, whatever it would be named', () => {
    expect(sniffDocument(new Uint8Array(0))).toBeUndefined()
    expect(sniffDocument(buildElfExecutable())).toBeUndefined()
    expect(sniffDocument(buildPngStart())).toBeUndefined()
    expect(sniffDocument(text('Monthly fee: 1,250 USD\n'))).toBeUndefined()
    expect(sniffDocument(buildEncryptedOfficeFile())).toBeUndefined()
  })

  it('recognises a password-protected Office file apart from other compound files', () => {
    expect(isEncryptedOfficeFile(buildEncryptedOfficeFile())).toBe(true)
    const legacyDoc = Buffer.from(buildEncryptedOfficeFile())
    legacyDoc.fill(0, 1024)
    expect(isEncryptedOfficeFile(legacyDoc)).toBe(false)
    expect(isEncryptedOfficeFile(buildDocx(paragraph('Hello')))).toBe(false)
  })
})
