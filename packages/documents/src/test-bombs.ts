// Document bombs the tests build: small PDFs and DOCX files that decompress to far more than any
// document, through every filter pdf.js decodes and behind encryption.
import { randomBytes } from 'node:crypto'
import { constants, deflateRawSync } from 'node:zlib'
import { buildPdf, packageParts, type PdfStream } from './test-documents.ts'
import type { PdfCipher } from './test-pdf-security.ts'
import { writeZip, type PreparedZipEntry } from './zip.mjs'

const MIB = 1024 * 1024

/** Raw deflate of `megabytes` MiB of one byte value: a 1 MiB piece at level 9 repeated (about 1000:1), then a final empty block. */
function deflatedRepeats(megabytes: number, byte: number): Buffer {
  const piece = deflateRawSync(Buffer.alloc(MIB, byte), { level: 9, finishFlush: constants.Z_SYNC_FLUSH })
  return Buffer.concat([...Array.from({ length: megabytes }, () => piece), Buffer.from([0x03, 0x00])])
}

/** FlateDecode data (zlib format) of `megabytes` MiB of zeros, with its true Adler-32. */
export function zlibZeros(megabytes: number): Buffer {
  const adler = Buffer.alloc(4)
  // Adler-32 of n zeros: a stays 1, b is n × 1.
  adler.writeUInt32BE(((((megabytes * MIB) % 65521) << 16) | 1) >>> 0)
  return Buffer.concat([Buffer.from([0x78, 0xda]), deflatedRepeats(megabytes, 0), adler])
}

function ascii85(data: Uint8Array): Buffer {
  let out = ''
  for (let at = 0; at < data.length; at += 4) {
    const group = Buffer.alloc(4)
    group.set(data.subarray(at, at + 4))
    let value = group.readUInt32BE()
    const count = Math.min(4, data.length - at)
    if (value === 0 && count === 4) {
      out += 'z'
      continue
    }
    const digits: string[] = []
    for (let i = 0; i < 5; i++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)))
      value = Math.floor(value / 85)
    }
    out += digits.slice(0, count + 1).join('')
  }
  return Buffer.from(`${out}~>`, 'latin1')
}

/**
 * LZW codes (EarlyChange 1) for at least `megabytes` MiB of zeros: each new code is the previous
 * sequence plus one zero, until the table is full; then its longest code (about 3.8 KB) repeats.
 */
function lzwZeros(megabytes: number): Buffer {
  const bytes: number[] = []
  let buffered = 0
  let bits = 0
  const write = (code: number, width: number): void => {
    buffered = (buffered << width) | code
    bits += width
    while (bits >= 8) {
      bits -= 8
      bytes.push((buffered >>> bits) & 0xff)
    }
    buffered &= (1 << bits) - 1
  }
  let width = 9
  let nextCode = 258
  let length = 1
  let produced = 1
  write(0, width)
  while (produced < megabytes * MIB) {
    const code = Math.min(nextCode, 4095)
    if (nextCode < 4096) {
      length += 1
      write(code, width)
      nextCode++
      const n = nextCode + 1
      if ((n & (n - 1)) === 0) width = Math.min(Math.log2(n) + 1, 12)
    } else {
      write(code, width)
    }
    produced += length
  }
  write(257, width)
  if (bits > 0) bytes.push((buffered << (8 - bits)) & 0xff)
  return Buffer.from(bytes)
}

export type BombEncoding = 'flate' | 'ascii85+flate' | 'lzw' | 'run-length'

/** A stream of `megabytes` MiB of zeros, compressed with `encoding`. */
export function bombStream(megabytes: number, encoding: BombEncoding = 'flate'): PdfStream {
  switch (encoding) {
    case 'flate':
      return { dictionary: '/Filter /FlateDecode', data: zlibZeros(megabytes) }
    case 'ascii85+flate':
      return { dictionary: '/Filter [/ASCII85Decode /FlateDecode]', data: ascii85(zlibZeros(megabytes)) }
    case 'lzw':
      return { dictionary: '/Filter /LZWDecode', data: lzwZeros(megabytes) }
    case 'run-length': {
      // 129 then a byte: that byte 128 times.
      const runs = Buffer.alloc(((megabytes * MIB) / 128) * 2)
      for (let at = 0; at < runs.length; at += 2) runs[at] = 129
      return { dictionary: '/Filter /RunLengthDecode', data: Buffer.concat([runs, Buffer.from([128])]) }
    }
  }
}

export interface PdfBombOptions {
  /** The page's content stream: MiB of zeros it decompresses to (default 1024) and how. */
  megabytes?: number
  encoding?: BombEncoding
  /** Encrypted with the empty user password, as a file that opens without asking. */
  cipher?: PdfCipher
  /** Random bytes in a stream nobody refers to, so the file is about this large. */
  padToBytes?: number
  /** More streams nobody refers to. */
  extraStreams?: PdfStream[]
}

/** A one-page PDF whose text is under a content stream that decompresses to `megabytes` MiB. */
export function buildPdfBomb(options: PdfBombOptions = {}): Uint8Array {
  const content = bombStream(options.megabytes ?? 1024, options.encoding)
  const extraStreams = [...(options.extraStreams ?? [])]
  const padding = (options.padToBytes ?? 0) - content.data.length
  if (padding > 0) extraStreams.push({ dictionary: '', data: randomBytes(padding) })
  return buildPdf([{ content }], {
    extraStreams,
    ...(options.cipher === undefined ? {} : { cipher: options.cipher, userPassword: '' }),
  })
}

/**
 * A DOCX whose word/document.xml inflates to `megabytes` MiB (spaces between the elements, valid
 * XML) while its headers declare 1000 bytes, the size a small document has.
 */
export function buildDocxBomb(megabytes: number): Uint8Array {
  const start =
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
  const end = '<w:p><w:r><w:t>Innocent text</w:t></w:r></w:p></w:body></w:document>'
  const sync = { level: 9, finishFlush: constants.Z_SYNC_FLUSH }
  const spaces = deflateRawSync(Buffer.alloc(MIB, 0x20), sync)
  const compressed = Buffer.concat([
    deflateRawSync(Buffer.from(start), sync),
    ...Array.from({ length: megabytes }, () => spaces),
    deflateRawSync(Buffer.from(end)),
  ])
  const document: PreparedZipEntry = { name: 'word/document.xml', method: 8, crc32: 0x1234abcd, compressed, uncompressedSize: 1000 }
  return writeZip([...packageParts(), document])
}
