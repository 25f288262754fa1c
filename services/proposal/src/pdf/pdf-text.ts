// For tests: the text of each page of a PDF as a reader's PDF library extracts it (pdf.js), with
// runs of white space (Intl's no-break and narrow no-break spaces included) as one space. Compare
// expected strings through `sameSpaces` too.
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  // A copy: pdf.js takes over (detaches) the buffer it is given.
  const document = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false }).promise
  try {
    const pages: string[] = []
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number)
      const content = await page.getTextContent()
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ')
      pages.push(sameSpaces(text))
    }
    return pages
  } finally {
    await document.destroy()
  }
}

/** White space of any kind as single spaces, so "1 234 kr" matches however its spaces were written. */
export function sameSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
