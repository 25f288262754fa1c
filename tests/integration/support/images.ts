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

/** A real RGB PNG of `width` × `height` with a diagonal gradient (photo-like, so it compresses like one). */
export function gradientPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x += 1) {
      rows[row + 1 + x * 3] = (x * 255) / width
      rows[row + 2 + x * 3] = (y * 255) / height
      rows[row + 3 + x * 3] = ((x + y) * 97) % 256
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
