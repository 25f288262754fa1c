// Plain JavaScript on purpose: the extraction worker imports this and must load without a TypeScript
// loader. Types for TypeScript callers are in zip.d.mts.
import { deflateRawSync, inflateRawSync } from 'node:zlib'

const LOCAL_HEADER = 0x04034b50
const CENTRAL_HEADER = 0x02014b50
const END_OF_DIRECTORY = 0x06054b50
const ZIP64_END_OF_DIRECTORY = 0x06064b50
const ZIP64_LOCATOR = 0x07064b50
const ZIP64_EXTRA_FIELD = 0x0001
const STORED = 0
const DEFLATED = 8

/** The bytes are not a readable zip archive (truncated, damaged, or an unsupported feature). */
export class ZipFormatError extends Error {
  name = 'ZipFormatError'
}

/** An entry inflates to more than its header declares: the header lies, as zip bombs' do. */
export class ZipSizeMismatchError extends Error {
  name = 'ZipSizeMismatchError'
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** CRC-32 (IEEE), continuing from `previous` so large data can be fed in pieces. */
export function crc32(bytes, previous = 0) {
  let crc = ~previous
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8)
  return ~crc >>> 0
}

function view(bytes) {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

function findEndOfDirectory(bytes, data) {
  // The record is 22 bytes plus a comment of at most 65535 bytes, so it sits near the end.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff)
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (data.getUint32(at, true) === END_OF_DIRECTORY && at + 22 + data.getUint16(at + 20, true) <= bytes.length) {
      return at
    }
  }
  return -1
}

function bigToNumber(value) {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('zip64 value out of range')
  return Number(value)
}

/**
 * Reads the central directory (never the entries' data).
 * @returns {{ name: string, method: number, flags: number, crc32: number, compressedSize: number,
 *   uncompressedSize: number, localHeaderOffset: number }[]}
 */
export function readZipDirectory(bytes) {
  if (bytes.length < 22) throw new ZipFormatError('too short to be a zip')
  const data = view(bytes)
  const end = findEndOfDirectory(bytes, data)
  if (end < 0) throw new ZipFormatError('no end-of-central-directory record')

  let count = data.getUint16(end + 10, true)
  let directorySize = data.getUint32(end + 12, true)
  let directoryOffset = data.getUint32(end + 16, true)
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = end - 20
    if (locator < 0 || data.getUint32(locator, true) !== ZIP64_LOCATOR) throw new ZipFormatError('no zip64 locator')
    const record = bigToNumber(data.getBigUint64(locator + 8, true))
    if (record + 56 > bytes.length || data.getUint32(record, true) !== ZIP64_END_OF_DIRECTORY) {
      throw new ZipFormatError('bad zip64 end-of-central-directory record')
    }
    count = bigToNumber(data.getBigUint64(record + 32, true))
    directorySize = bigToNumber(data.getBigUint64(record + 40, true))
    directoryOffset = bigToNumber(data.getBigUint64(record + 48, true))
  }
  if (directoryOffset + directorySize > bytes.length) throw new ZipFormatError('central directory out of bounds')

  const entries = []
  let at = directoryOffset
  const directoryEnd = directoryOffset + directorySize
  for (let i = 0; i < count; i++) {
    if (at + 46 > directoryEnd || data.getUint32(at, true) !== CENTRAL_HEADER) {
      throw new ZipFormatError('damaged central directory')
    }
    const flags = data.getUint16(at + 8, true)
    const nameLength = data.getUint16(at + 28, true)
    const extraLength = data.getUint16(at + 30, true)
    const commentLength = data.getUint16(at + 32, true)
    const next = at + 46 + nameLength + extraLength + commentLength
    if (next > directoryEnd) throw new ZipFormatError('damaged central directory')
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength)
    const entry = {
      name: Buffer.from(nameBytes).toString(flags & 0x800 ? 'utf8' : 'latin1'),
      method: data.getUint16(at + 10, true),
      flags,
      crc32: data.getUint32(at + 16, true),
      compressedSize: data.getUint32(at + 20, true),
      uncompressedSize: data.getUint32(at + 24, true),
      localHeaderOffset: data.getUint32(at + 42, true),
    }
    readZip64Extra(data, at + 46 + nameLength, extraLength, entry)
    entries.push(entry)
    at = next
  }
  return entries
}

function readZip64Extra(data, start, length, entry) {
  const end = start + length
  for (let at = start; at + 4 <= end;) {
    const id = data.getUint16(at, true)
    const size = data.getUint16(at + 2, true)
    if (id === ZIP64_EXTRA_FIELD) {
      let field = at + 4
      const take = () => {
        if (field + 8 > at + 4 + size) throw new ZipFormatError('short zip64 extra field')
        const value = bigToNumber(data.getBigUint64(field, true))
        field += 8
        return value
      }
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = take()
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take()
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take()
      return
    }
    at += 4 + size
  }
}

/** The entry's data as stored in the archive (still compressed). */
export function rawEntryData(bytes, entry) {
  const data = view(bytes)
  const at = entry.localHeaderOffset
  if (at + 30 > bytes.length || data.getUint32(at, true) !== LOCAL_HEADER) {
    throw new ZipFormatError('damaged local header')
  }
  const start = at + 30 + data.getUint16(at + 26, true) + data.getUint16(at + 28, true)
  const end = start + entry.compressedSize
  if (end > bytes.length) throw new ZipFormatError('entry data out of bounds')
  return bytes.subarray(start, end)
}

/**
 * Inflates one entry, never producing more than the size its header declares: a bomb that lies
 * about its size stops at that limit with ZipSizeMismatchError instead of filling memory.
 */
export function readZipEntry(bytes, entry) {
  if (entry.flags & 0x1) throw new ZipFormatError('encrypted zip entry')
  const raw = rawEntryData(bytes, entry)
  let output
  if (entry.method === STORED) {
    output = raw
  } else if (entry.method === DEFLATED) {
    try {
      // maxOutputLength must be at least 1; an honest empty entry still inflates to 0 bytes.
      output = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.uncompressedSize) })
    } catch (error) {
      if (error instanceof RangeError) throw new ZipSizeMismatchError(`${entry.name} inflates beyond its declared size`)
      throw new ZipFormatError('damaged compressed data')
    }
  } else {
    throw new ZipFormatError(`unsupported compression method ${entry.method}`)
  }
  if (output.length !== entry.uncompressedSize) throw new ZipFormatError('entry size does not match its header')
  if (crc32(output) !== entry.crc32) throw new ZipFormatError('entry checksum mismatch')
  return output
}

/**
 * Prepares an entry for writeZip from uncompressed data.
 * @param {{ store?: boolean }} [options] store instead of deflate
 */
export function zipEntry(name, data, options = {}) {
  const store = options.store === true
  return {
    name,
    method: store ? STORED : DEFLATED,
    crc32: crc32(data),
    compressed: store ? data : deflateRawSync(data),
    uncompressedSize: data.length,
  }
}

/**
 * Writes a zip archive (no zip64) from prepared entries: `{ name, method, crc32, compressed,
 * uncompressedSize }`, where `compressed` is the data exactly as it goes into the archive.
 */
export function writeZip(entries) {
  const locals = []
  const centrals = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const local = Buffer.alloc(30 + name.length)
    local.writeUInt32LE(LOCAL_HEADER, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x800, 6)
    local.writeUInt16LE(entry.method, 8)
    local.writeUInt32LE(0x21, 10) // 1980-01-01 00:00, the DOS epoch
    local.writeUInt32LE(entry.crc32, 14)
    local.writeUInt32LE(entry.compressed.length, 18)
    local.writeUInt32LE(entry.uncompressedSize, 22)
    local.writeUInt16LE(name.length, 26)
    name.copy(local, 30)

    const central = Buffer.alloc(46 + name.length)
    central.writeUInt32LE(CENTRAL_HEADER, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x800, 8)
    central.writeUInt16LE(entry.method, 10)
    central.writeUInt32LE(0x21, 12)
    central.writeUInt32LE(entry.crc32, 16)
    central.writeUInt32LE(entry.compressed.length, 20)
    central.writeUInt32LE(entry.uncompressedSize, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    name.copy(central, 46)

    locals.push(local, entry.compressed)
    centrals.push(central)
    offset += local.length + entry.compressed.length
  }
  const directorySize = centrals.reduce((sum, central) => sum + central.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(END_OF_DIRECTORY, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directorySize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}
