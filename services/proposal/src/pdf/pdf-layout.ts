// The PDF's page, type and colours (the page's light theme, web/src/styles.css), and the few
// layout moves every part uses: keeping a block on one page, text in a column, a rule.
import type {} from 'pdfkit'

/** pdfkit's document (its types declare the instance type in the global PDFKit namespace). */
export type Pdf = PDFKit.PDFDocument

/** A4 in points; the bottom margin leaves room for the share link and page number. */
export const PAGE_MARGINS = { top: 56, bottom: 76, left: 56, right: 56 } as const
/** Where the footer's line sits, from the page's bottom edge. */
export const FOOTER_FROM_BOTTOM = 52

export const COLORS = {
  foreground: '#0f172a',
  muted: '#475569',
  border: '#e2e8f0',
  panel: '#f1f5f9',
  primary: '#1d4ed8',
  /** The cost line of the payback chart: distinct from the value's blue, dashed too for grey print. */
  cost: '#b45309',
  success: '#15803d',
  destructive: '#b91c1c',
  white: '#ffffff',
} as const

/** Registered names of the embedded weights. */
export const FONTS = { regular: 'regular', semibold: 'semibold', bold: 'bold', italic: 'italic', boldItalic: 'boldItalic' } as const

export const TEXT_SIZE = 11
export const LINE_GAP = 3

/** The text column: from the left margin, the page's width less both margins. */
export function column(doc: Pdf): { left: number; width: number } {
  return { left: doc.page.margins.left, width: doc.page.width - doc.page.margins.left - doc.page.margins.right }
}

/** Starts a new page unless `height` points still fit above the bottom margin. */
export function keepTogether(doc: Pdf, height: number): void {
  const room = doc.page.height - doc.page.margins.bottom - doc.y
  if (height > room && doc.y > doc.page.margins.top) doc.addPage()
}

/** Control characters would show as boxes; line breaks and tabs stay. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the control characters are meant
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, '')
}

/** Paragraphs separated by blank lines, as the page splits them. */
export function paragraphsOf(text: string): string[] {
  return printable(text)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
}

export function rule(doc: Pdf, y: number, color: string = COLORS.border): void {
  const { left, width } = column(doc)
  doc
    .save()
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor(color)
    .stroke()
    .restore()
}

const ACCENT_WIDTH = 28
const ACCENT_HEIGHT = 2.5

/**
 * A section heading, kept on a page with room for what follows (a few lines, or the start of a
 * card); with a Pro seller's brand colour (`accent`), a short bar of it under the heading.
 */
export function heading(doc: Pdf, text: string, options: { size?: number; followedBy?: number; accent?: string | undefined } = {}): void {
  const { left, width } = column(doc)
  doc.font(FONTS.semibold).fontSize(options.size ?? 16)
  keepTogether(doc, doc.heightOfString(text, { width }) + (options.followedBy ?? 4 * (TEXT_SIZE + LINE_GAP)))
  doc.fillColor(COLORS.foreground).text(printable(text), left, doc.y, { width })
  if (options.accent !== undefined) {
    doc
      .save()
      .rect(left, doc.y + 2, ACCENT_WIDTH, ACCENT_HEIGHT)
      .fillColor(options.accent)
      .fill()
      .restore()
    doc.y += ACCENT_HEIGHT + 2
  }
  doc.moveDown(0.4)
}

/** Body text flowing over pages, paragraph by paragraph. */
export function bodyText(doc: Pdf, text: string, options: { size?: number; color?: string; paragraphGap?: number } = {}): void {
  const { left, width } = column(doc)
  doc
    .font(FONTS.regular)
    .fontSize(options.size ?? TEXT_SIZE)
    .fillColor(options.color ?? COLORS.foreground)
  for (const paragraph of paragraphsOf(text)) {
    doc.text(paragraph, left, doc.y, { width, lineGap: LINE_GAP, paragraphGap: options.paragraphGap ?? 6 })
  }
}

/** Leaves `points` of space, or starts the next page's top when they do not fit. */
export function gap(doc: Pdf, points: number): void {
  if (doc.y + points > doc.page.height - doc.page.margins.bottom) doc.addPage()
  else doc.y += points
}
