// Scanned pages for the OCR tests and benchmark, made rather than committed: a PDF page rendered to
// greyscale pixels by poppler's pdftoppm (poppler-utils, which scripts/infra.sh installs), then
// put into an image-only PDF, as a scanner or copier would give it.
import { execFileSync, spawnSync } from 'node:child_process'
import { buildPdf, type GreyImage } from './test-documents.ts'
import { scanFont } from './test-fonts.ts'

const PDFTOPPM = 'pdftoppm'
/** What a copier scans at. */
const SCAN_DPI = 300
const MAX_PICTURE_BYTES = 256 * 1024 * 1024

export function hasPdftoppm(): boolean {
  return spawnSync(PDFTOPPM, ['-v']).status === 0
}

/** Reads a binary PGM (P5) as pdftoppm -gray writes it: "P5\n<width> <height>\n255\n" and the pixels. */
function parsePgm(file: Buffer): GreyImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(file.subarray(0, 64).toString('latin1'))
  if (header === null) throw new Error('pdftoppm did not answer a binary greyscale picture')
  const [whole, width, height] = header
  return { width: Number(width), height: Number(height), data: new Uint8Array(file.subarray(whole.length)) }
}

/** Page `page` of `pdf` as greyscale pixels at `dpi`. */
export function renderPage(pdf: Uint8Array, page = 1, dpi = SCAN_DPI): GreyImage {
  const pgm = execFileSync(PDFTOPPM, ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-'], {
    input: pdf,
    maxBuffer: MAX_PICTURE_BYTES,
  })
  return parsePgm(pgm)
}

/**
 * A US Letter page with these lines (12 pt), scanned at 300 dpi. The font is embedded (Source Sans 3,
 * test-fonts.ts), so the scan is the same picture whatever fonts the machine has.
 */
export function scanOfLines(lines: string[]): GreyImage {
  return renderPage(buildPdf([{ lines }], { font: scanFont() }))
}

/** An image-only PDF with one scanned picture per page, and no text layer. */
export function buildScannedPdf(scans: GreyImage[]): Uint8Array {
  return buildPdf(scans.map((scan) => ({ scan })))
}
