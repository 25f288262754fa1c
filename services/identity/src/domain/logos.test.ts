import { describe, expect, it } from 'vitest'
import { sniffImage } from './logos.ts'

const bytes = (...values: number[]) => Buffer.from(values)

describe('sniffImage', () => {
  it('recognises PNG, JPEG, GIF and WebP by their bytes', () => {
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.contentType).toBe('image/png')
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))?.contentType).toBe('image/jpeg')
    expect(sniffImage(Buffer.from('GIF89a...'))?.contentType).toBe('image/gif')
    expect(sniffImage(Buffer.from('GIF87a...'))?.contentType).toBe('image/gif')
    expect(sniffImage(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))?.contentType).toBe('image/webp')
  })

  it('refuses SVG, executables, other RIFF files and truncated signatures', () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImage(Buffer.from('MZ\x90\x00', 'latin1'))).toBeNull()
    expect(sniffImage(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull()
    expect(sniffImage(bytes(0x89, 0x50, 0x4e))).toBeNull()
    expect(sniffImage(Buffer.from('GIF89b'))).toBeNull()
    expect(sniffImage(Buffer.alloc(0))).toBeNull()
  })
})
