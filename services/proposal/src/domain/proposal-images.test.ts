// The image an upload becomes (issue 37): its type checked by header and bytes, decoded within the
// pixel budget, upright, without metadata, at most PROPOSAL_IMAGE_MAX_EDGE on its long edge, and
// PNG only when it has transparency (the PDF reads PNG and JPEG).
import { crc32, deflateSync } from 'node:zlib'
import { PROPOSAL_IMAGE_MAX_EDGE, PROPOSAL_IMAGE_TYPE_MESSAGE } from '@valueproof/contracts'
import { HttpError } from '@valueproof/http-kit'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { fakeExecutable, gradientPng, SVG_LOGO, tinyPng } from '../../../../tests/integration/support/images.ts'
import {
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  declaredImageType,
  processImage,
  sniffImageType,
} from './proposal-images.ts'

/** A PNG whose header claims `width` × `height` pixels and holds almost nothing: what a decompression bomb looks like first. */
function claimedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = 2
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  if (!(outcome instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(outcome)}`)
  return outcome
}

describe('an uploaded image’s type', () => {
  it('is read from the first bytes of each accepted format', async () => {
    const pixel = sharp({ create: { width: 2, height: 2, channels: 3, background: '#336699' } })
    expect(sniffImageType(tinyPng())).toBe('image/png')
    expect(sniffImageType(await pixel.clone().jpeg().toBuffer())).toBe('image/jpeg')
    expect(sniffImageType(await pixel.clone().webp().toBuffer())).toBe('image/webp')
    expect(sniffImageType(await pixel.clone().gif().toBuffer())).toBe('image/gif')
    expect(sniffImageType(SVG_LOGO)).toBeUndefined()
    expect(sniffImageType(fakeExecutable())).toBeUndefined()
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined()
  })

  it('is declared by Content-Type, parameters and case aside', () => {
    expect(declaredImageType('image/PNG; charset=binary')).toBe('image/png')
    expect(declaredImageType('image/svg+xml')).toBeUndefined()
    expect(declaredImageType('text/html')).toBeUndefined()
    expect(declaredImageType(undefined)).toBeUndefined()
  })
})

describe('processing an upload', () => {
  it('resizes a large photo to the long-edge limit, as JPEG without its metadata', async () => {
    const photo = await sharp(gradientPng(2400, 1200))
      .withMetadata({ exif: { IFD0: { Copyright: 'Somewhere secret', Artist: 'Anna' } } })
      .jpeg()
      .toBuffer()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const stored = await processImage(photo, 'image/jpeg')
    expect([stored.contentType, stored.width, stored.height]).toEqual(['image/jpeg', PROPOSAL_IMAGE_MAX_EDGE, PROPOSAL_IMAGE_MAX_EDGE / 2])
    const metadata = await sharp(stored.bytes).metadata()
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', stored.width, stored.height])
    expect(metadata.exif).toBeUndefined()
    expect(stored.bytes.includes(Buffer.from('Somewhere secret'))).toBe(false)
  })

  it('keeps a small image its size, and transparency as PNG', async () => {
    const translucent = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } } })
      .png()
      .toBuffer()
    const stored = await processImage(translucent, 'image/png')
    expect([stored.contentType, stored.width, stored.height]).toEqual(['image/png', 40, 30])
    expect((await sharp(stored.bytes).metadata()).hasAlpha).toBe(true)
  })

  it('stores an opaque PNG, WebP or GIF as JPEG (the PDF reads PNG and JPEG only)', async () => {
    const opaque = sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 1 } } })
    for (const [bytes, type] of [
      [await opaque.clone().png().toBuffer(), 'image/png'],
      [await opaque.clone().webp().toBuffer(), 'image/webp'],
      [await opaque.clone().gif().toBuffer(), 'image/gif'],
    ] as const) {
      const stored = await processImage(bytes, type)
      expect([type, stored.contentType, stored.width, stored.height]).toEqual([type, 'image/jpeg', 30, 20])
    }
  })

  it('turns a photo upright by its orientation before the orientation is dropped', async () => {
    const sideways = await sharp(gradientPng(200, 100)).withMetadata({ orientation: 6 }).jpeg().toBuffer()
    const stored = await processImage(sideways, 'image/jpeg')
    expect([stored.width, stored.height]).toEqual([100, 200])
    expect((await sharp(stored.bytes).metadata()).orientation).toBeUndefined()
  })

  it('refuses a type the bytes do not confirm', async () => {
    const jpeg = await sharp(gradientPng(20, 20)).jpeg().toBuffer()
    for (const [bytes, type] of [
      [jpeg, 'image/png'],
      [SVG_LOGO, 'image/svg+xml'],
      [SVG_LOGO, 'image/png'],
      [fakeExecutable(), 'image/gif'],
      [tinyPng(), 'application/octet-stream'],
      [tinyPng(), undefined],
    ] as const) {
      const error = await refusal(processImage(bytes, type))
      expect([error.status, error.message]).toEqual([400, PROPOSAL_IMAGE_TYPE_MESSAGE])
    }
  })

  it('refuses a decompression bomb before decoding it, and a broken file', async () => {
    const bomb = await refusal(processImage(claimedPng(30_000, 30_000), 'image/png'))
    expect([bomb.status, bomb.message]).toEqual([400, IMAGE_TOO_MANY_PIXELS_MESSAGE])
    const truncated = gradientPng(300, 300).subarray(0, 200)
    const broken = await refusal(processImage(truncated, 'image/png'))
    expect([broken.status, broken.message]).toEqual([400, IMAGE_UNREADABLE_MESSAGE])
  })
})
