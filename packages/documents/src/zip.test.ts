import { describe, expect, it } from 'vitest'
import { ZipFormatError, ZipSizeMismatchError, crc32, rawEntryData, readZipDirectory, readZipEntry, writeZip, zipEntry } from './zip.mjs'

const text = (value: string): Uint8Array => Buffer.from(value, 'utf8')

/** Rewrites a plain zip's end record the zip64 way: 0xFFFF... there, real values in a zip64 record. */
function asZip64(zip: Uint8Array): Uint8Array {
  const source = Buffer.from(zip)
  const end = source.length - 22
  const count = source.readUInt16LE(end + 10)
  const record = Buffer.alloc(56)
  record.writeUInt32LE(0x06064b50, 0)
  record.writeBigUInt64LE(44n, 4)
  record.writeUInt16LE(45, 12)
  record.writeUInt16LE(45, 14)
  record.writeBigUInt64LE(BigInt(count), 24)
  record.writeBigUInt64LE(BigInt(count), 32)
  record.writeBigUInt64LE(BigInt(source.readUInt32LE(end + 12)), 40)
  record.writeBigUInt64LE(BigInt(source.readUInt32LE(end + 16)), 48)
  const locator = Buffer.alloc(20)
  locator.writeUInt32LE(0x07064b50, 0)
  locator.writeBigUInt64LE(BigInt(end), 8)
  locator.writeUInt32LE(1, 16)
  const endRecord = Buffer.from(source.subarray(end))
  endRecord.writeUInt16LE(0xffff, 8)
  endRecord.writeUInt16LE(0xffff, 10)
  endRecord.writeUInt32LE(0xffffffff, 12)
  endRecord.writeUInt32LE(0xffffffff, 16)
  return Buffer.concat([source.subarray(0, end), record, locator, endRecord])
}

describe('zip', () => {
  it('computes the standard CRC-32 check value, also in pieces', () => {
    expect(crc32(text('123456789'))).toBe(0xcbf43926)
    expect(crc32(text('6789'), crc32(text('12345')))).toBe(0xcbf43926)
  })

  it('reads back what it writes, stored and deflated', () => {
    const long = text('monthly fee '.repeat(1000))
    const zip = writeZip([zipEntry('a.txt', text('hello'), { store: true }), zipEntry('dir/å.xml', long)])
    const entries = readZipDirectory(zip)
    expect(entries.map((entry) => [entry.name, entry.method, entry.uncompressedSize])).toEqual([
      ['a.txt', 0, 5],
      ['dir/å.xml', 8, long.length],
    ])
    const [first, second] = entries
    if (first === undefined || second === undefined) throw new Error('two entries expected')
    expect(Buffer.from(readZipEntry(zip, first)).toString()).toBe('hello')
    expect(Buffer.from(readZipEntry(zip, second))).toEqual(Buffer.from(long))
    expect(second.compressedSize).toBeLessThan(long.length / 10)
  })

  it('finds the directory through a zip64 end record', () => {
    const zip = asZip64(writeZip([zipEntry('word/document.xml', text('<w:document/>'))]))
    expect(readZipDirectory(zip).map((entry) => entry.name)).toEqual(['word/document.xml'])
  })

  it('refuses bytes without a readable central directory', () => {
    const zip = writeZip([zipEntry('a.txt', text('hello'))])
    expect(() => readZipDirectory(zip.subarray(0, zip.length - 10))).toThrow(ZipFormatError)
    expect(() => readZipDirectory(text('PK\u0003\u0004 and then nothing'))).toThrow(ZipFormatError)
    const damaged = Buffer.from(zip)
    damaged.writeUInt32LE(damaged.readUInt32LE(damaged.length - 6) + 7, damaged.length - 6)
    expect(() => readZipDirectory(damaged)).toThrow(ZipFormatError)
  })

  it('stops inflating at the declared size when an entry lies about it', () => {
    const honest = zipEntry('big.xml', new Uint8Array(100_000))
    const zip = writeZip([{ ...honest, uncompressedSize: 1000 }])
    const [entry] = readZipDirectory(zip)
    if (entry === undefined) throw new Error('one entry expected')
    expect(() => readZipEntry(zip, entry)).toThrow(ZipSizeMismatchError)
  })

  it('notices damaged data by its checksum', () => {
    const zip = writeZip([zipEntry('a.txt', text('hello world'), { store: true })])
    const [entry] = readZipDirectory(zip)
    if (entry === undefined) throw new Error('one entry expected')
    rawEntryData(zip, entry)[0] = 0x58
    expect(() => readZipEntry(zip, entry)).toThrow(ZipFormatError)
  })
})
