// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.
// A scanned page as one greyscale picture for text recognition, composed from the images and
// stencil masks the page paints (pdf-paints.mjs), with pdf.js's decoded pixels and no canvas: a
// scanner's PDF is a full-page image, or (mixed raster content, like the Konica Minolta sample) a
// low-resolution background with the text as 1-bit masks on top. Vector paths and text are left
// out: a page with text of its own is not recognised.
import { applyToPoint, boxThrough, multiply } from './pdf-paints.mjs'

/** Recognition works best at about 300 dpi. */
export const SCAN_DPI = 300
/** Largest picture recognised (an A4 page at 300 dpi is 8.7 million); larger pages are scaled down. */
export const MAX_SCAN_PIXELS = 9_000_000
/** A page whose images are all smaller than this (pixels) holds no readable text: a rule, a dot, an icon. */
const MIN_SCAN_IMAGE_PIXELS = 10_000
/** Straight ink at least this long (inches) is a ruled line, not writing. */
const RULE_INCHES = 1
/** How long to wait for pdf.js to hand over one decoded image before leaving it out. */
const IMAGE_WAIT_MS = 10_000
const WHITE = 255
const GRAYSCALE_1BPP = 1
const RGB_24BPP = 2
const RGBA_32BPP = 3

function luminance(r, g, b) {
  return Math.round(0.299 * r + 0.587 * g + 0.114 * b)
}

function greyOf(color) {
  const value = parseInt(color.slice(1), 16)
  return luminance((value >> 16) & 255, (value >> 8) & 255, value & 255)
}

function invert([a, b, c, d, e, f]) {
  const determinant = a * d - b * c
  if (determinant === 0 || !Number.isFinite(determinant)) return undefined
  return [
    d / determinant,
    -b / determinant,
    -c / determinant,
    a / determinant,
    (c * f - d * e) / determinant,
    (b * e - a * f) / determinant,
  ]
}

/** pdf.js's decoded image for a paint: `{ width, height, kind?, data }`, or undefined. */
async function resolveImage(object, page) {
  const id = typeof object === 'string' ? object : typeof object?.data === 'string' ? object.data : undefined
  if (id === undefined) return object?.data instanceof Uint8Array || object?.data instanceof Uint8ClampedArray ? object : undefined
  const store = id.startsWith('g_') ? page.commonObjs : page.objs
  let timer
  const image = await Promise.race([
    new Promise((resolve) => store.get(id, resolve)),
    new Promise((resolve) => (timer = setTimeout(resolve, IMAGE_WAIT_MS))),
  ]).finally(() => clearTimeout(timer))
  return image?.data ? image : undefined
}

/** The grey value of pixel (col, row) of `image`, or -1 where it paints nothing. */
function samplerOf(paint, image) {
  const { width, data } = image
  if (paint.type === 'mask') {
    const rowBytes = (width + 7) >> 3
    const grey = greyOf(paint.color)
    // pdf.js's masks are decoded so that a 0 bit paints and a 1 bit lets the page through.
    return (col, row) => ((data[row * rowBytes + (col >> 3)] >> (7 - (col & 7))) & 1 ? -1 : grey)
  }
  switch (image.kind) {
    case GRAYSCALE_1BPP: {
      const rowBytes = (width + 7) >> 3
      return (col, row) => ((data[row * rowBytes + (col >> 3)] >> (7 - (col & 7))) & 1 ? WHITE : 0)
    }
    case RGB_24BPP:
      return (col, row) => {
        const i = (row * width + col) * 3
        return luminance(data[i], data[i + 1], data[i + 2])
      }
    case RGBA_32BPP:
      return (col, row) => {
        const i = (row * width + col) * 4
        return data[i + 3] < 128 ? -1 : luminance(data[i], data[i + 1], data[i + 2])
      }
    default:
      return undefined
  }
}

/** Draws one image or mask into `raster` by sampling it at each covered pixel's centre. */
function draw(raster, deviceMatrix, paint, image) {
  const sample = samplerOf(paint, image)
  const matrix = multiply(deviceMatrix, paint.matrix)
  const inverse = invert(matrix)
  if (sample === undefined || inverse === undefined) return
  const crop = paint.crop ?? { x: 0, y: 0, width: image.width, height: image.height }
  const [x0, y0, x1, y1] = boxThrough(matrix, [0, 0, 1, 1])
  const left = Math.max(0, Math.floor(x0))
  const right = Math.min(raster.width, Math.ceil(x1))
  const top = Math.max(0, Math.floor(y0))
  const bottom = Math.min(raster.height, Math.ceil(y1))
  const [du, dv] = [inverse[0], inverse[1]]
  for (let y = top; y < bottom; y++) {
    let [u, v] = applyToPoint(inverse, left + 0.5, y + 0.5)
    for (let x = left; x < right; x++, u += du, v += dv) {
      if (u < 0 || u >= 1 || v <= 0 || v > 1) continue
      const grey = sample(crop.x + Math.floor(u * crop.width), crop.y + Math.floor((1 - v) * crop.height))
      if (grey >= 0) raster.data[y * raster.width + x] = grey
    }
  }
}

/**
 * The page's images composed as a greyscale picture at SCAN_DPI (less when that would exceed
 * MAX_SCAN_PIXELS), ruled lines removed: `{ width, height, data }`, one byte per pixel, rows top to
 * bottom; undefined when the page paints no image large enough to hold text. Call before
 * page.cleanup(), which frees the decoded images.
 */
export async function rasterizeScan(page, paints) {
  const pictures = paints.filter((paint) => paint.type === 'image' || paint.type === 'mask')
  if (pictures.length === 0) return undefined
  const natural = page.getViewport({ scale: SCAN_DPI / 72 })
  const shrink = Math.min(1, Math.sqrt(MAX_SCAN_PIXELS / (natural.width * natural.height)))
  const viewport = page.getViewport({ scale: (SCAN_DPI / 72) * shrink })
  const width = Math.max(1, Math.floor(viewport.width))
  const height = Math.max(1, Math.floor(viewport.height))
  const raster = { width, height, data: new Uint8Array(width * height).fill(WHITE) }
  let largest = 0
  for (const paint of pictures) {
    const image = await resolveImage(paint.object, page)
    if (image === undefined) continue
    draw(raster, viewport.transform, paint, image)
    largest = Math.max(largest, image.width * image.height)
  }
  if (largest < MIN_SCAN_IMAGE_PIXELS) return undefined
  removeRules(raster, Math.round(RULE_INCHES * SCAN_DPI * shrink))
  return raster
}

/** Darker than this (of 255) is ink. */
const INK = 160

/** Marks in `mask` the pixels of horizontal runs of ink at least `minLength` long. */
function markRowRuns({ width, height, data }, mask, minLength) {
  for (let y = 0; y < height; y++) {
    const row = y * width
    let run = 0
    for (let x = 0; x <= width; x++) {
      if (x < width && data[row + x] < INK) {
        run++
        continue
      }
      if (run >= minLength) mask.fill(1, row + x - run, row + x)
      run = 0
    }
  }
}

/** Marks in `mask` the pixels of vertical runs of ink at least `minLength` long (read row by row). */
function markColumnRuns({ width, height, data }, mask, minLength) {
  const runs = new Uint32Array(width)
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x < width; x++) {
      if (y < height && data[y * width + x] < INK) {
        runs[x]++
        continue
      }
      const run = runs[x] ?? 0
      if (run >= minLength) for (let j = y - run; j < y; j++) mask[j * width + x] = 1
      runs[x] = 0
    }
  }
}

/**
 * Whitens ruled lines (table borders, boxes) at least `minLength` pixels long, and the pixel on
 * each side of them. Tesseract's page layout takes a column between two rules for a picture and
 * leaves it out, which loses the amounts column of a ruled quote; without the rules it reads each
 * row with its amount.
 */
export function removeRules(raster, minLength) {
  const { width, height, data } = raster
  const mask = new Uint8Array(width * height)
  markColumnRuns(raster, mask, minLength)
  markRowRuns(raster, mask, minLength)
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] !== 1) continue
    data[i] = WHITE
    for (const j of [i - 1, i + 1, i - width, i + width]) if (j >= 0 && j < data.length && mask[j] === 0) data[j] = WHITE
  }
}

/** A binary PGM (P5) file of `raster`: a format Leptonica reads with no decoder to configure. */
export function encodePgm({ width, height, data }) {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`)
  const file = new Uint8Array(header.length + data.length)
  file.set(header)
  file.set(data, header.length)
  return file
}
