// A PNG with transparency is split into its colour and alpha planes once per worker; every other
// image is left to pdfkit.
import { inflateSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { gradientPng, tinyPng } from '../../../../tests/integration/support/images.ts'
import { transparentImageOf } from './pdf-transparent-images.ts'

describe('transparentImageOf', () => {
  it('splits a PNG with alpha into deflated RGB and grey planes of its size, once for the same bytes', async () => {
    const png = await sharp(gradientPng(40, 20)).ensureAlpha(0.5).png().toBuffer()
    const image = await transparentImageOf(new Uint8Array(png))
    expect(image).toBeDefined()
    expect([image?.width, image?.height]).toEqual([40, 20])
    expect(inflateSync(image?.color ?? Buffer.alloc(0)).length).toBe(40 * 20 * 3)
    const alpha = inflateSync(image?.alpha ?? Buffer.alloc(0))
    expect(alpha.length).toBe(40 * 20)
    expect(new Set(alpha)).toEqual(new Set([Math.floor(0.5 * 255)]))
    expect(await transparentImageOf(new Uint8Array(png))).toBe(image)
    // The 1 × 1 RGBA test picture too.
    expect((await transparentImageOf(new Uint8Array(tinyPng())))?.width).toBe(1)
  })

  it('leaves JPEG, opaque PNG and bytes that are no image to pdfkit', async () => {
    const jpeg = await sharp(gradientPng(40, 20)).jpeg().toBuffer()
    expect(await transparentImageOf(new Uint8Array(jpeg))).toBeUndefined()
    expect(await transparentImageOf(new Uint8Array(gradientPng(40, 20)))).toBeUndefined()
    const broken = Buffer.concat([tinyPng().subarray(0, 8), Buffer.from('not a png')])
    expect(await transparentImageOf(new Uint8Array(broken))).toBeUndefined()
  })
})
