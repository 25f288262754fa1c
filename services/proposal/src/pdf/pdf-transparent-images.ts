// PNG uploads with transparency, made ready for the PDF on the worker thread with sharp (native):
// pdfkit would decode them pixel by pixel in JavaScript to split colour from alpha — about 340 ms
// of a PDF's time for one 1600 × 900 picture. sharp splits them in milliseconds, and each upload is
// split once per worker (its bytes never change). JPEG and opaque PNG go to pdfkit as they are:
// it embeds those without decoding them.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { deflate } from 'node:zlib'
import sharp from 'sharp'
import type { Pdf } from './pdf-layout.ts'

/** A picture's colour (RGB) and alpha (grey) planes, each deflated as a PDF image stream is. */
export interface TransparentImage {
  width: number
  height: number
  color: Buffer
  alpha: Buffer
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** Split pictures kept per worker, by their bytes' hash (a proposal shows at most 20). */
const KEPT = 24
const kept = new Map<string, Promise<TransparentImage | undefined>>()
const deflated = promisify(deflate)

// Each split is used once and kept here: sharp's own cache would hold the decoded pixels too.
sharp.cache(false)

async function split(bytes: Uint8Array): Promise<TransparentImage | undefined> {
  const { hasAlpha } = await sharp(bytes).metadata()
  if (hasAlpha !== true) return undefined
  const [color, alpha] = await Promise.all([
    sharp(bytes).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }),
    sharp(bytes).extractChannel('alpha').raw().toBuffer({ resolveWithObject: true }),
  ])
  return { width: color.info.width, height: color.info.height, color: await deflated(color.data), alpha: await deflated(alpha.data) }
}

/** The picture's planes when `bytes` are a PNG with an alpha channel; undefined for any other image. */
export function transparentImageOf(bytes: Uint8Array): Promise<TransparentImage | undefined> {
  if (!PNG_SIGNATURE.equals(bytes.subarray(0, PNG_SIGNATURE.length))) return Promise.resolve(undefined)
  const key = createHash('sha256').update(bytes).digest('base64')
  let image = kept.get(key)
  if (image === undefined) {
    // An image that cannot be split is drawn by pdfkit as before.
    image = split(bytes).catch(() => undefined)
    kept.set(key, image)
    const oldest = kept.keys().next().value
    if (kept.size > KEPT && oldest !== undefined) kept.delete(oldest)
  }
  return image
}

let labels = 0

/**
 * The picture in pdfkit's own image shape (what doc.openImage returns: a size, a label, and
 * `embed` writing the XObject), so doc.image draws it: the colour plane with the alpha plane as
 * its soft mask, as pdfkit itself writes a transparent PNG.
 */
export function pdfImageOf(image: TransparentImage) {
  labels += 1
  return {
    label: `IT${labels}`,
    width: image.width,
    height: image.height,
    obj: undefined as PDFKit.PDFKitReference | undefined,
    embed(doc: Pdf): void {
      if (this.obj !== undefined) return
      const plane = {
        Type: 'XObject',
        Subtype: 'Image',
        Width: image.width,
        Height: image.height,
        BitsPerComponent: 8,
        Filter: 'FlateDecode',
      }
      const mask = doc.ref({ ...plane, ColorSpace: 'DeviceGray', Decode: [0, 1] })
      mask.end(image.alpha)
      this.obj = doc.ref({ ...plane, ColorSpace: 'DeviceRGB', SMask: mask })
      this.obj.end(image.color)
    },
  }
}
