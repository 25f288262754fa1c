// fontkit (pdfkit's font engine) ships no types: the one call pdf-fonts.ts makes.
declare module 'fontkit' {
  /** A parsed font; pdfkit's registerFont takes one as it is (it checks for `layout`). */
  export interface Font {
    readonly postscriptName: string
    layout(text: string, features?: readonly string[]): unknown
  }
  export function create(bytes: Uint8Array, postscriptName?: string): Font
}
