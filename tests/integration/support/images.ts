import { deflateSync } from 'node:zlib'

function crc32(bytes: Buffer): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real 1×1 PNG, built here so the tests need no binary fixtures. */
export function tinyPng(): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0)
  header.writeUInt32BE(1, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x33, 0x66, 0x99, 0xff]))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A real width × height PNG of smooth colour with `noise` (0–255, default 24: as a photo
 * compresses, not as a flat fill); with `alpha`, RGBA with a see-through edge, else RGB.
 */
export function photoPng(width: number, height: number, options: { alpha?: boolean; noise?: number } = {}): Buffer {
  const channels = options.alpha === true ? 4 : 3
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = options.alpha === true ? 6 : 2
  const rows = Buffer.alloc(height * (1 + width * channels))
  let seed = 7
  for (let y = 0; y < height; y += 1) {
    const row = y * (1 + width * channels)
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      const noise = seed % (options.noise ?? 24)
      const at = row + 1 + x * channels
      rows[at] = Math.min(255, Math.round((x * 231) / width) + noise)
      rows[at + 1] = Math.min(255, Math.round((y * 231) / height) + noise)
      rows[at + 2] = 160 + noise
      if (channels === 4) rows[at + 3] = x < 16 || y < 16 ? 96 : 255
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export const SVG_LOGO = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')

/** The first bytes of a Windows executable, as if renamed to logo.png. */
export function fakeExecutable(): Buffer {
  const bytes = Buffer.alloc(4096)
  bytes.write('MZ', 0, 'ascii')
  bytes.write('This program cannot be run in DOS mode.', 78, 'ascii')
  return bytes
}

export function logoForm(bytes: Buffer, filename: string, type: string): FormData {
  const form = new FormData()
  form.append('logo', new Blob([new Uint8Array(bytes)], { type }), filename)
  return form
}
