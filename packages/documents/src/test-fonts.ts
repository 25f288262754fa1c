// The typeface the OCR tests' scans are drawn in, embedded in the PDF that pdftoppm renders, so a
// scan is the same picture on every machine: without it poppler draws Helvetica with whatever the
// machine's fontconfig substitutes (DejaVu Sans here, Nimbus Sans or Liberation Sans elsewhere), and
// recognition varies with it. Source Sans 3 (SIL Open Font License 1.1) from the npm package the
// proposal PDF uses; its widths for the PDF are read from the font's own tables.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const FONT_FILE = '@expo-google-fonts/source-sans-3/400Regular/SourceSans3_400Regular.ttf'

/** A TrueType font as a simple PDF font with WinAnsiEncoding: codes FIRST_CODE to LAST_CODE. */
export interface EmbeddedFont {
  /** The PDF name, e.g. SourceSans3-Regular. */
  name: string
  /** The .ttf file, embedded as /FontFile2. */
  file: Uint8Array
  /** Advance widths in 1/1000 em of the codes FIRST_CODE … LAST_CODE. */
  widths: number[]
  bbox: [number, number, number, number]
  ascent: number
  descent: number
}

export const FIRST_CODE = 32
export const LAST_CODE = 255

/** WinAnsiEncoding's codes 128–159 (the others are Latin-1's own code points). */
const WIN_ANSI_HIGH: Record<number, number> = {
  128: 0x20ac,
  130: 0x201a,
  131: 0x0192,
  132: 0x201e,
  133: 0x2026,
  134: 0x2020,
  135: 0x2021,
  136: 0x02c6,
  137: 0x2030,
  138: 0x0160,
  139: 0x2039,
  140: 0x0152,
  142: 0x017d,
  145: 0x2018,
  146: 0x2019,
  147: 0x201c,
  148: 0x201d,
  149: 0x2022,
  150: 0x2013,
  151: 0x2014,
  152: 0x02dc,
  153: 0x2122,
  154: 0x0161,
  155: 0x203a,
  156: 0x0153,
  158: 0x017e,
  159: 0x0178,
}

function tables(font: DataView): Map<string, number> {
  const found = new Map<string, number>()
  const count = font.getUint16(4)
  for (let index = 0; index < count; index += 1) {
    const entry = 12 + index * 16
    const tag = String.fromCharCode(font.getUint8(entry), font.getUint8(entry + 1), font.getUint8(entry + 2), font.getUint8(entry + 3))
    found.set(tag, font.getUint32(entry + 8))
  }
  return found
}

function table(offsets: Map<string, number>, tag: string): number {
  const offset = offsets.get(tag)
  if (offset === undefined) throw new Error(`the font has no ${tag} table`)
  return offset
}

/** The glyph of a code point in the Windows Unicode (3, 1) format 4 subtable; 0 when the font has none. */
function glyphLookup(font: DataView, cmap: number): (codePoint: number) => number {
  let subtable: number | undefined
  for (let index = 0; index < font.getUint16(cmap + 2); index += 1) {
    const record = cmap + 4 + index * 8
    if (font.getUint16(record) === 3 && font.getUint16(record + 2) === 1) subtable = cmap + font.getUint32(record + 4)
  }
  if (subtable === undefined || font.getUint16(subtable) !== 4) throw new Error('the font has no (3, 1) format 4 cmap')
  const segments = font.getUint16(subtable + 6) / 2
  const ends = subtable + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  return (codePoint) => {
    for (let segment = 0; segment < segments; segment += 1) {
      if (font.getUint16(ends + segment * 2) < codePoint) continue
      const start = font.getUint16(starts + segment * 2)
      if (start > codePoint) return 0
      const delta = font.getInt16(deltas + segment * 2)
      const rangeAt = rangeOffsets + segment * 2
      const rangeOffset = font.getUint16(rangeAt)
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff
      const glyph = font.getUint16(rangeAt + rangeOffset + (codePoint - start) * 2)
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff
    }
    return 0
  }
}

let loaded: EmbeddedFont | undefined

/** Source Sans 3 Regular with its WinAnsi widths, read once. */
export function scanFont(): EmbeddedFont {
  if (loaded !== undefined) return loaded
  const file = new Uint8Array(readFileSync(createRequire(import.meta.url).resolve(FONT_FILE)))
  const font = new DataView(file.buffer, file.byteOffset, file.byteLength)
  const offsets = tables(font)
  const head = table(offsets, 'head')
  const hhea = table(offsets, 'hhea')
  const hmtx = table(offsets, 'hmtx')
  const unitsPerEm = font.getUint16(head + 18)
  const scale = (value: number) => Math.round((value * 1000) / unitsPerEm)
  const metrics = font.getUint16(hhea + 34)
  const advance = (glyph: number) => font.getUint16(hmtx + Math.min(glyph, metrics - 1) * 4)
  const glyphOf = glyphLookup(font, table(offsets, 'cmap'))
  const widths: number[] = []
  for (let code = FIRST_CODE; code <= LAST_CODE; code += 1) widths.push(scale(advance(glyphOf(WIN_ANSI_HIGH[code] ?? code))))
  loaded = {
    name: 'SourceSans3-Regular',
    file,
    widths,
    bbox: [
      scale(font.getInt16(head + 36)),
      scale(font.getInt16(head + 38)),
      scale(font.getInt16(head + 40)),
      scale(font.getInt16(head + 42)),
    ],
    ascent: scale(font.getInt16(hhea + 4)),
    descent: scale(font.getInt16(hhea + 6)),
  }
  return loaded
}
