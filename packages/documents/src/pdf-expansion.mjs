// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.
// A PDF's streams are decompressed before pdf.js sees the file, each with a bound on its output and
// all of them with a bound on their sum, so a few megabytes that expand to gigabytes are refused
// instead of allocated (decision 090). Every `stream` keyword in the file is checked, whether or
// not a cross-reference table points at it, and an encrypted file's streams are decrypted first.
import { ExtractionFailure } from './page-text.mjs'
import { ExpansionLimitExceeded, ascii85Decode, asciiHexDecode, inflateBounded, lzwDecode, runLengthDecode } from './pdf-filters.mjs'
import {
  indexObjects,
  isName,
  isRegular,
  parseObject,
  pdfText,
  nearestObjectHeader,
  resolve,
  resolveAll,
  skipSpace,
  streamDictionaryBefore,
} from './pdf-objects.mjs'
import { streamDecryption } from './pdf-security.mjs'

/** A stream dictionary longer than this is not looked for (real ones are a few hundred bytes). */
const MAX_DICTIONARY_BYTES = 1024 * 1024
/** Filters whose output is an image: text extraction never decodes them, so their input is what counts. */
const IMAGE_FILTERS = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'JPX', 'CCITTFaxDecode', 'CCF', 'JBIG2Decode'])
const END_OF_STREAM = /end(?:stream|s(?:team|trea)[\0\t\n\f\r ])/g
const WITHOUT_FILTERS = { filters: [], parameters: [] }

/**
 * Refuses the PDF (ExtractionFailure 'pdf_bomb') when a stream would decompress to more than
 * `maxPartBytes` or all streams together to more than `maxTotalBytes`.
 * @returns {Promise<{ streams: number, expandedBytes: number }>} what was checked
 */
export async function checkPdfExpansion(bytes, { maxPartBytes, maxTotalBytes }) {
  const text = pdfText(bytes)
  const objects = indexObjects(text)
  const context = { bytes, text, objects, decryption: encryptionOf(text, objects) }
  let total = 0
  let streams = 0
  // Even inside another stream's data: a reader goes wherever the cross-reference table says.
  for (let keywordAt = text.indexOf('stream'); keywordAt !== -1; keywordAt = text.indexOf('stream', keywordAt + 6)) {
    if (!isStreamKeyword(text, keywordAt)) continue
    try {
      total += await expandedSize(context, locateStream(text, objects, keywordAt), Math.min(maxPartBytes, maxTotalBytes - total))
    } catch (error) {
      if (error instanceof ExpansionLimitExceeded) throw new ExtractionFailure('pdf_bomb')
      throw error
    }
    streams++
  }
  return { streams, expandedBytes: total }
}

function isStreamKeyword(text, at) {
  return (at === 0 || !isRegular(text.charCodeAt(at - 1))) && !isRegular(text.charCodeAt(at + 6))
}

/** Where the data starts: after the first line end following the keyword, as pdf.js skips to it. */
function dataStart(text, keywordAt) {
  for (let at = keywordAt + 6; at < text.length; at++) {
    if (text[at] === '\n') return at + 1
    if (text[at] === '\r') return text[at + 1] === '\n' ? at + 2 : at + 1
  }
  return text.length
}

function endsAt(text, dataEnd) {
  const at = skipSpace(text, dataEnd)
  return text.startsWith('endstream', at) && !isRegular(text.charCodeAt(at + 9))
}

/**
 * The stream's dictionary, object number and data. Its end is pdf.js's: /Length when `endstream`
 * follows it, else the first `endstream`. When /Length refers to an object defined more than once
 * the furthest candidate counts, and to one not found (compressed, missing) the end of the file.
 */
function locateStream(text, objects, keywordAt) {
  const start = dataStart(text, keywordAt)
  const found = streamDictionaryBefore(text, keywordAt, MAX_DICTIONARY_BYTES)
  const dictionary = found?.dictionary
  const length = dictionary?.get('Length')
  const object = found ?? nearestObjectHeader(text, keywordAt, MAX_DICTIONARY_BYTES) ?? { objectNumber: 0, generation: 0 }
  const base = { start, dictionary, objectNumber: object.objectNumber, generation: object.generation }
  if (typeof length === 'number' && Number.isInteger(length) && length >= 0 && endsAt(text, start + length)) {
    return { ...base, end: start + length }
  }
  END_OF_STREAM.lastIndex = start
  const searched = END_OF_STREAM.exec(text)?.index ?? text.length
  if (length === undefined || typeof length !== 'object' || !('ref' in length)) return { ...base, end: searched }
  const candidates = resolveAll(text, objects, length)
  if (candidates.length === 0) return { ...base, end: text.length }
  const ends = candidates
    .filter((value) => Number.isInteger(value) && value >= 0 && endsAt(text, start + value))
    .map((value) => start + value)
  return { ...base, end: Math.max(searched, ...ends) }
}

/** The /Encrypt dictionary of the last trailer (or cross-reference stream) naming one, and the file's first ID. */
function encryptionOf(text, objects) {
  const trailers = []
  for (let at = text.indexOf('trailer'); at !== -1; at = text.indexOf('trailer', at + 7)) {
    const parsed = parseObject(text, at + 7)
    if (parsed?.value instanceof Map) trailers.push({ at, dictionary: parsed.value })
  }
  for (const match of text.matchAll(/\/Type\s*\/XRef(?![^\s()<>[\]{}/%])/g)) {
    const keywordAt = text.indexOf('stream', match.index)
    const found = keywordAt === -1 ? undefined : streamDictionaryBefore(text, keywordAt, MAX_DICTIONARY_BYTES)
    if (found !== undefined) trailers.push({ at: match.index, dictionary: found.dictionary })
  }
  const trailer = trailers.sort((a, b) => a.at - b.at).findLast(({ dictionary }) => dictionary.has('Encrypt'))
  if (trailer === undefined) return undefined
  const ids = resolve(text, objects, trailer.dictionary.get('ID'))
  const firstId = Array.isArray(ids) ? resolve(text, objects, ids[0]) : undefined
  const fileId = typeof firstId === 'object' && firstId !== null && 'string' in firstId ? firstId.string : new Uint8Array(0)
  return streamDecryption(resolve(text, objects, trailer.dictionary.get('Encrypt')), fileId)
}

/** The stream's filters and their parameters, read as pdf.js reads them (/F before /Filter). */
function filtersOf(text, objects, dictionary) {
  if (dictionary === undefined) return undefined
  const filter = resolve(text, objects, dictionary.has('F') ? dictionary.get('F') : dictionary.get('Filter'))
  const parameters = resolve(text, objects, dictionary.has('DP') ? dictionary.get('DP') : dictionary.get('DecodeParms'))
  if (isName(filter)) return { filters: [filter.name], parameters: [parameters] }
  if (!Array.isArray(filter)) return WITHOUT_FILTERS
  return {
    filters: filter.map((item) => resolve(text, objects, item)).map((item) => (isName(item) ? item.name : '')),
    parameters: filter.map((_, i) => (Array.isArray(parameters) ? resolve(text, objects, parameters[i]) : undefined)),
  }
}

function parameter(parameters, key, fallback) {
  const value = parameters instanceof Map ? parameters.get(key) : undefined
  return typeof value === 'number' ? value : fallback
}

/** A predictor's row, which pdf.js allocates whole even when the data ends before it. */
function predictorRowBytes(parameters) {
  if (parameter(parameters, 'Predictor', 1) <= 1) return 0
  const bits = parameter(parameters, 'BPC', parameter(parameters, 'BitsPerComponent', 8))
  return Math.ceil((parameter(parameters, 'Columns', 1) * parameter(parameters, 'Colors', 1) * bits) / 8)
}

function isUnencrypted(dictionary, decryption) {
  const type = dictionary?.get('Type')
  if (!isName(type)) return false
  return type.name === 'XRef' || (type.name === 'Metadata' && !decryption.encryptMetadata)
}

/** Bytes pdf.js would hold once the stream is decoded; throws ExpansionLimitExceeded past `limit`. */
async function expandedSize({ bytes, text, objects, decryption }, stream, limit) {
  const data = bytes.subarray(stream.start, stream.end)
  const known = filtersOf(text, objects, stream.dictionary)
  if (known === undefined) {
    // A dictionary that cannot be read is taken for FlateDecode, the one filter its data shows
    // (by its header); in an encrypted file the data may be encrypted or not, so both count.
    const guesses = [decodedSize(data, ['FlateDecode'], [], limit)]
    if (decryption !== undefined)
      guesses.push(decodedSize(decryption.decrypt(data, stream.objectNumber, stream.generation), ['FlateDecode'], [], limit))
    return Math.max(...(await Promise.all(guesses)))
  }
  const encrypted = decryption !== undefined && !isUnencrypted(stream.dictionary, decryption)
  const plain = encrypted ? decryption.decrypt(data, stream.objectNumber, stream.generation) : data
  return decodedSize(plain, known.filters, known.parameters, limit)
}

async function decodedSize(input, filters, parameters, limit) {
  let data = input
  let size = input.length
  for (const [i, filter] of filters.entries()) {
    const last = i === filters.length - 1
    const rowBytes = predictorRowBytes(parameters[i])
    if (rowBytes > limit) throw new ExpansionLimitExceeded()
    if (filter === 'FlateDecode' || filter === 'Fl') {
      const inflated = await inflateBounded(data, limit - rowBytes, { keep: !last })
      size = inflated.size + rowBytes
      if (last) return size
      data = inflated.data
      continue
    }
    if (IMAGE_FILTERS.has(filter)) return size
    if (filter === 'LZWDecode' || filter === 'LZW') data = lzwDecode(data, limit - rowBytes, parameter(parameters[i], 'EarlyChange', 1))
    else if (filter === 'RunLengthDecode' || filter === 'RL') data = runLengthDecode(data, limit)
    else if (filter === 'ASCIIHexDecode' || filter === 'AHx') data = asciiHexDecode(data)
    else if (filter === 'ASCII85Decode' || filter === 'A85') data = ascii85Decode(data, limit)
    size = data.length + rowBytes
  }
  if (size > limit) throw new ExpansionLimitExceeded()
  return size
}
