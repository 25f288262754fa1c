// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.
// A page's text from pdf.js text items, laid out as pdf-parse 2 lays it out (getPageText with its
// default parameters), so extraction reads the same as before the visible-text filter existed:
// a line break where the baseline moves, a tab between cells of one line.

/** Baselines further apart than this (viewport units at scale 1) are different lines. */
const LINE_THRESHOLD = 4.6
/** A gap wider than this on one line separates two cells. */
const CELL_THRESHOLD = 7
const CELL_SEPARATOR = '\t'

/** `viewport` is the page's viewport at scale 1 (page.getViewport({ scale: 1 })). */
export function layoutPageText(items, viewport) {
  const parts = []
  let lastX
  let lastY
  let lineHeight = 0
  for (const item of items) {
    if (typeof item.str !== 'string') continue
    let text = item.str
    const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5])
    if (lastY !== undefined && Math.abs(lastY - y) > LINE_THRESHOLD) {
      const startsLine = text.startsWith('\n') || (text.trim() === '' && item.hasEOL)
      const previous = parts.at(-1)
      if (previous !== undefined && !previous.endsWith('\n') && !startsLine && Math.abs(lastY - y) - 1 > lineHeight) {
        parts.push('\n')
        lineHeight = 0
      }
    }
    if (lastY !== undefined && Math.abs(lastY - y) < LINE_THRESHOLD && lastX !== undefined && Math.abs(lastX - x) > CELL_THRESHOLD) {
      text = `${CELL_SEPARATOR}${text}`
    }
    parts.push(text)
    lastX = x + item.width
    lastY = y
    lineHeight = Math.max(lineHeight, item.height)
    if (item.hasEOL) parts.push('\n')
    if (item.hasEOL || text.endsWith('\n')) lineHeight = 0
  }
  return parts.join('')
}
