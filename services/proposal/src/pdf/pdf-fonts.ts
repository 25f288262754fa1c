// The PDF's typeface: Source Sans 3 (SIL Open Font License 1.1) from its npm package, embedded as
// subsets of the glyphs used. It covers Latin-1, Latin Extended-A, € and the minus sign and narrow
// no-break space that Intl's Swedish numbers use ("−5 %", "1 234 kr"), which the PDF standard
// fonts cannot show. Resolved from node_modules at run time, from source and from the bundle alike.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { create, type Font } from 'fontkit'

const FONT_PACKAGE = '@expo-google-fonts/source-sans-3'

export const FONT_FILES = {
  regular: `${FONT_PACKAGE}/400Regular/SourceSans3_400Regular.ttf`,
  semibold: `${FONT_PACKAGE}/600SemiBold/SourceSans3_600SemiBold.ttf`,
  bold: `${FONT_PACKAGE}/700Bold/SourceSans3_700Bold.ttf`,
  // Rich text's italic and bold italic marks (issue 37).
  italic: `${FONT_PACKAGE}/400Regular_Italic/SourceSans3_400Regular_Italic.ttf`,
  boldItalic: `${FONT_PACKAGE}/700Bold_Italic/SourceSans3_700Bold_Italic.ttf`,
} as const

export type FontWeight = keyof typeof FONT_FILES

let loaded: Record<FontWeight, Font> | undefined

/**
 * The faces, read and parsed once per thread (about 380 KB each) and handed to every document:
 * pdfkit would parse a file's tables again for each PDF, most of a long document's time.
 */
export function fontFaces(): Record<FontWeight, Font> {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url)
    const face = (weight: FontWeight) => create(readFileSync(require.resolve(FONT_FILES[weight])))
    loaded = {
      regular: face('regular'),
      semibold: face('semibold'),
      bold: face('bold'),
      italic: face('italic'),
      boldItalic: face('boldItalic'),
    }
  }
  return loaded
}
