// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.
// PDF's decompression filters (ISO 32000 7.4) with a bound on their output, for the expansion
// check in pdf-expansion.mjs: each stops as soon as it would produce more than `limit` bytes.
// They decode what pdf.js decodes the way pdf.js does (its lenient readers included), so the
// sizes counted here are the sizes pdf.js would allocate.
import { constants, createInflateRaw } from 'node:zlib'

/** A filter's output would pass its limit. */
export class ExpansionLimitExceeded extends Error {
  name = 'ExpansionLimitExceeded'
}

/** Deflate's largest possible ratio: a 258-byte match coded in two bits, about 1032:1. */
export const DEFLATE_MAX_RATIO = 1032
const INFLATE_CHUNK_BYTES = 64 * 1024

/** zlib's two-byte header as pdf.js checks it; pdf.js reads nothing from a stream failing it. */
function hasZlibHeader(input) {
  if (input.length < 2) return false
  const [cmf, flg] = input
  return (cmf & 0x0f) === 8 && ((cmf << 8) + flg) % 31 === 0 && (flg & 0x20) === 0
}

/**
 * FlateDecode with node:zlib, output counted as it comes and stopped past `limit`. `keep` returns
 * the bytes (for a following filter); otherwise only the size. The header is checked as pdf.js
 * does and the rest inflated raw, so a wrong window size or checksum, which pdf.js ignores, cannot
 * hide output. Cut-off data counts what it gives. Where zlib finds an error pdf.js might read past
 * (a distance before the start), the rest of the input counts at deflate's largest ratio.
 * @returns {Promise<{ size: number, data?: Uint8Array }>}
 */
export function inflateBounded(input, limit, { keep = false } = {}) {
  if (!hasZlibHeader(input)) return Promise.resolve({ size: 0, data: keep ? new Uint8Array(0) : undefined })
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: INFLATE_CHUNK_BYTES })
    const chunks = []
    let size = 0
    let settled = false
    const settle = (outcome) => {
      if (settled) return
      settled = true
      inflater.destroy()
      outcome()
    }
    inflater.on('data', (chunk) => {
      size += chunk.length
      if (size > limit) settle(() => reject(new ExpansionLimitExceeded()))
      else if (keep) chunks.push(chunk)
    })
    inflater.on('end', () => settle(() => resolve({ size, data: keep ? Buffer.concat(chunks) : undefined })))
    inflater.on('error', () => {
      const unread = Math.max(0, input.length - 2 - inflater.bytesWritten)
      const worstCase = size + INFLATE_CHUNK_BYTES + unread * DEFLATE_MAX_RATIO
      settle(() =>
        worstCase > limit
          ? reject(new ExpansionLimitExceeded())
          : resolve({ size: worstCase, data: keep ? Buffer.concat(chunks) : undefined }),
      )
    })
    inflater.end(input.subarray(2))
  })
}

/** Output growing in pieces, refused past `limit`. */
class BoundedOutput {
  constructor(limit) {
    this.limit = limit
    this.buffer = new Uint8Array(Math.min(limit, 64 * 1024))
    this.length = 0
  }

  reserve(bytes) {
    const needed = this.length + bytes
    if (needed > this.limit) throw new ExpansionLimitExceeded()
    if (needed <= this.buffer.length) return
    const grown = new Uint8Array(Math.min(this.limit, Math.max(needed, this.buffer.length * 2)))
    grown.set(this.buffer.subarray(0, this.length))
    this.buffer = grown
  }

  push(byte) {
    this.reserve(1)
    this.buffer[this.length++] = byte
  }

  result() {
    return this.buffer.subarray(0, this.length)
  }
}

/** LZWDecode as pdf.js's LZWStream reads it (12-bit codes at most, EarlyChange default 1). */
export function lzwDecode(input, limit, earlyChange = 1) {
  const output = new BoundedOutput(limit)
  const values = new Uint8Array(4096)
  const lengths = new Uint16Array(4096)
  const previous = new Uint16Array(4096)
  for (let i = 0; i < 256; i++) {
    values[i] = i
    lengths[i] = 1
  }
  let sequence = new Uint8Array(4096)
  let sequenceLength = 0
  let nextCode = 258
  let codeLength = 9
  let previousCode = 0
  let bitsCached = 0
  let cached = 0
  let at = 0
  for (;;) {
    while (bitsCached < codeLength && at < input.length) {
      cached = ((cached << 8) | input[at++]) >>> 0
      bitsCached += 8
    }
    if (bitsCached < codeLength) break
    bitsCached -= codeLength
    const code = (cached >>> bitsCached) & ((1 << codeLength) - 1)
    const hasPrevious = sequenceLength > 0
    if (code < 256) {
      sequence[0] = code
      sequenceLength = 1
    } else if (code >= 258) {
      if (code < nextCode) {
        sequenceLength = lengths[code]
        for (let j = sequenceLength - 1, q = code; j >= 0; j--) {
          sequence[j] = values[q]
          q = previous[q]
        }
      } else {
        if (sequenceLength >= sequence.length) {
          const grown = new Uint8Array(sequence.length * 2)
          grown.set(sequence)
          sequence = grown
        }
        sequence[sequenceLength++] = sequence[0]
      }
    } else if (code === 256) {
      codeLength = 9
      nextCode = 258
      sequenceLength = 0
      continue
    } else {
      break
    }
    if (hasPrevious && nextCode < 4096) {
      previous[nextCode] = previousCode
      lengths[nextCode] = lengths[previousCode] + 1
      values[nextCode] = sequence[0]
      nextCode++
      const n = nextCode + earlyChange
      codeLength = n & (n - 1) ? codeLength : Math.min(Math.log2(n) + 1, 12) | 0
    }
    previousCode = code
    output.reserve(sequenceLength)
    output.buffer.set(sequence.subarray(0, sequenceLength), output.length)
    output.length += sequenceLength
  }
  return output.result()
}

/** RunLengthDecode: a length byte, then that many + 1 literal bytes or one byte repeated 257 − n times. */
export function runLengthDecode(input, limit) {
  const output = new BoundedOutput(limit)
  for (let at = 0; at + 1 < input.length && input[at] !== 128;) {
    const n = input[at]
    if (n < 128) {
      const literal = input.subarray(at + 1, at + 2 + n)
      output.reserve(literal.length)
      output.buffer.set(literal, output.length)
      output.length += literal.length
      at += 2 + n
    } else {
      output.reserve(257 - n)
      output.buffer.fill(input[at + 1], output.length, output.length + 257 - n)
      output.length += 257 - n
      at += 2
    }
  }
  return output.result()
}

function hexDigit(code) {
  if (code >= 0x30 && code <= 0x39) return code - 0x30
  if ((code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66)) return (code & 0x0f) + 9
  return -1
}

/** ASCIIHexDecode: pairs of hex digits up to `>`; anything else is skipped. Never grows. */
export function asciiHexDecode(input) {
  const output = new Uint8Array(Math.ceil(input.length / 2))
  let length = 0
  let high = -1
  for (const code of input) {
    if (code === 0x3e) break
    const digit = hexDigit(code)
    if (digit < 0) continue
    if (high < 0) high = digit
    else {
      output[length++] = (high << 4) | digit
      high = -1
    }
  }
  if (high >= 0) output[length++] = high << 4
  return output.subarray(0, length)
}

/** ASCII85Decode: groups of five characters to four bytes, `z` for four zeros, up to `~`. */
export function ascii85Decode(input, limit) {
  const output = new BoundedOutput(limit)
  const group = []
  const flush = (count) => {
    let value = 0
    for (let i = 0; i < 5; i++) value = value * 85 + (i < count ? group[i] : 84)
    output.reserve(count - 1)
    for (let i = 0; i < count - 1; i++) output.buffer[output.length++] = (value >>> (24 - 8 * i)) & 0xff
    group.length = 0
  }
  for (const code of input) {
    if (code === 0x7e) break
    if (code === 0x7a && group.length === 0) {
      output.reserve(4)
      output.length += 4
      output.buffer.fill(0, output.length - 4, output.length)
    } else if (code >= 0x21 && code <= 0x75) {
      group.push(code - 0x21)
      if (group.length === 5) flush(5)
    }
  }
  if (group.length > 1) flush(group.length)
  return output.result()
}
