// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.
import { ExtractionFailure, isResourceExhaustion, normalizePageText } from './page-text.mjs'
import { ZipSizeMismatchError, rawEntryData, readZipDirectory, readZipEntry, writeZip, zipEntry } from './zip.mjs'

const MAIN_DOCUMENT = 'word/document.xml'
// Word's XML parts compress 5–25×; deflate cannot exceed ~1030×. Beyond 200× on a part of more
// than 1 MiB is not a document someone wrote.
const MAX_COMPRESSION_RATIO = 200
const RATIO_CHECKED_FROM_BYTES = 1024 * 1024
// Word writes a few dozen parts; the rebuilt zip has no zip64 either.
const MAX_ENTRIES = 10_000
// Unicode noncharacters, reserved for internal use: they mark page breaks through mammoth.
const HARD_PAGE_BREAK = '\uFDD0'
const RENDERED_PAGE_BREAK = '\uFDD1'

/**
 * Text per page of a DOCX. Pages are split where word/document.xml has `<w:br w:type="page"/>`
 * (a hard page break) or `<w:lastRenderedPageBreak/>` (where Word's own layout started a page when
 * the file was last saved); a rendered break with no text since the previous break is the same
 * page boundary and is not counted twice. Section breaks and "page break before" paragraph
 * settings are not read: Word records those pages with lastRenderedPageBreak. A file without any
 * marker is page 1. Placeholder text of unfilled content controls (w:showingPlcHdr) is removed.
 */
export async function extractDocxPages(bytes, { maxPartBytes, maxTotalBytes }) {
  const entries = readDirectory(bytes)
  if (entries.length > MAX_ENTRIES) throw new ExtractionFailure('too_complex')
  refuseZipBomb(entries, { maxPartBytes, maxTotalBytes })
  const names = new Set(entries.map((entry) => entry.name))
  if (names.size !== entries.length || !names.has(MAIN_DOCUMENT)) throw new ExtractionFailure('corrupt')

  // Every part is inflated once here, capped at its declared size (so what it really inflates to is
  // bounded by the limits above, never by trust), and mammoth (JSZip) only ever sees parts whose
  // headers tell the truth; document.xml is rewritten on the way.
  const rebuilt = entries.map((entry) => {
    const data = inflate(bytes, entry)
    if (entry.name === MAIN_DOCUMENT) {
      const xml = new TextDecoder().decode(data)
      return zipEntry(MAIN_DOCUMENT, Buffer.from(markPageBreaks(removePlaceholderText(withoutMarkers(xml))), 'utf8'))
    }
    return { ...entry, compressed: rawEntryData(bytes, entry) }
  })

  const { default: mammoth } = await import('mammoth')
  const buffer = writeZip(rebuilt)
  let text
  try {
    text = (await mammoth.extractRawText({ buffer })).value
  } catch (error) {
    throw new ExtractionFailure(isResourceExhaustion(error) ? 'too_complex' : 'corrupt')
  }
  const pages = splitPages(text).map((pageText, index) => ({ page: index + 1, text: normalizePageText(pageText) }))
  if (pages.every((page) => page.text === '')) throw new ExtractionFailure('empty')
  return pages
}

function readDirectory(bytes) {
  try {
    return readZipDirectory(bytes)
  } catch {
    throw new ExtractionFailure('corrupt')
  }
}

/** Declared sizes against the limits; readZipEntry then holds each entry to its declared size. */
function refuseZipBomb(entries, { maxPartBytes, maxTotalBytes }) {
  let total = 0
  for (const entry of entries) {
    total += entry.uncompressedSize
    if (entry.uncompressedSize > maxPartBytes) throw new ExtractionFailure('zip_bomb')
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize)
    if (entry.uncompressedSize > RATIO_CHECKED_FROM_BYTES && ratio > MAX_COMPRESSION_RATIO) {
      throw new ExtractionFailure('zip_bomb')
    }
  }
  if (total > maxTotalBytes) throw new ExtractionFailure('zip_bomb')
}

function inflate(bytes, entry) {
  try {
    return readZipEntry(bytes, entry)
  } catch (error) {
    throw new ExtractionFailure(error instanceof ZipSizeMismatchError ? 'zip_bomb' : 'corrupt')
  }
}

function withoutMarkers(xml) {
  return xml.replace(/[\uFDD0\uFDD1]/g, '')
}

const CONTENT_CONTROL_TAG = /<(\/?)w:sdt(?=[\s>/])[^>]*>/g
const SHOWING_PLACEHOLDER = /<w:showingPlcHdr(?:\s+w:val\s*=\s*["'](?:1|true|on)["'])?\s*\/>/
const TEXT_ELEMENT = /(<w:t(?:\s[^>]*)?>)[^<]*(<\/w:t>)/g

/** Blanks the text of content controls that still show their placeholder ("Click or tap here…"). */
function removePlaceholderText(xml) {
  const open = []
  const placeholders = []
  for (const match of xml.matchAll(CONTENT_CONTROL_TAG)) {
    if (match[0].endsWith('/>')) continue
    if (match[1] === '') {
      open.push(match.index)
      continue
    }
    const start = open.pop()
    if (start === undefined) continue
    // The control's own properties come before its content (where nested controls live).
    const contentStart = xml.indexOf('<w:sdtContent', start)
    const properties = xml.slice(start, contentStart === -1 ? match.index : Math.min(contentStart, match.index))
    if (SHOWING_PLACEHOLDER.test(properties)) placeholders.push([start, match.index + match[0].length])
  }
  placeholders.sort((a, b) => a[0] - b[0])
  let result = ''
  let at = 0
  for (const [start, end] of placeholders) {
    if (start < at) continue // inside a control already blanked
    result += xml.slice(at, start) + xml.slice(start, end).replace(TEXT_ELEMENT, '$1$2')
    at = end
  }
  return result + xml.slice(at)
}

/** Turns page-break elements into text runs mammoth keeps, so the breaks survive into its text. */
function markPageBreaks(xml) {
  return xml
    .replace(/<w:lastRenderedPageBreak\s*\/>/g, `<w:t>${RENDERED_PAGE_BREAK}</w:t>`)
    .replace(/<w:br\b[^>]*?\sw:type\s*=\s*["']page["'][^>]*\/>/g, `<w:t>${HARD_PAGE_BREAK}</w:t>`)
}

function splitPages(text) {
  const pages = []
  let current = ''
  let textSinceBreak = false
  for (const part of text.split(/([\uFDD0\uFDD1])/)) {
    if (part === HARD_PAGE_BREAK || (part === RENDERED_PAGE_BREAK && textSinceBreak)) {
      pages.push(current)
      current = ''
      textSinceBreak = false
    } else if (part !== RENDERED_PAGE_BREAK) {
      current += part
      if (/\S/.test(part)) textSinceBreak = true
    }
  }
  pages.push(current)
  return pages
}
