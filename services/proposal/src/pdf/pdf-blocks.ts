// The document's own blocks in the PDF (issue 37): a section's heading and rich text, an image at
// the text's width with its alt text as the PDF's alternative text, a quote, and a button as a link.
import type { PdfBlock } from './pdf-content.ts'
import { column, COLORS, FONTS, gap, heading, keepTogether, printable, TEXT_SIZE, type Pdf } from './pdf-layout.ts'
import { drawRichText } from './pdf-rich-text.ts'
import { pdfImageOf, type TransparentImage } from './pdf-transparent-images.ts'

type Block<Kind extends PdfBlock['kind']> = Extract<PdfBlock, { kind: Kind }>

const CAPTION_SIZE = 9.5
const QUOTE_BAR = 3

export function drawSection(doc: Pdf, block: Block<'section'>, accent: string | undefined): void {
  const box = column(doc)
  if (block.lead) {
    drawRichText(doc, block.content, box, { size: 13, color: COLORS.muted })
    gap(doc, 14)
    return
  }
  if (block.heading !== undefined) heading(doc, block.heading, { accent })
  drawRichText(doc, block.content, box)
  gap(doc, 16)
}

/**
 * The image at the text's width (smaller when taller than a page), kept on one page with its
 * caption; `transparent`: its planes already split (pdf-transparent-images.ts).
 */
export function drawImage(doc: Pdf, block: Block<'image'>, transparent: TransparentImage | undefined): void {
  const { left, width: columnWidth } = column(doc)
  const caption = block.caption?.trim() ? printable(block.caption) : undefined
  doc.font(FONTS.italic).fontSize(CAPTION_SIZE)
  const captionHeight = caption === undefined ? 0 : doc.heightOfString(caption, { width: columnWidth }) + 6
  const pageRoom = doc.page.height - doc.page.margins.top - doc.page.margins.bottom - captionHeight
  const scale = Math.min(columnWidth / block.width, pageRoom / block.height)
  const width = block.width * scale
  const height = block.height * scale
  keepTogether(doc, height + captionHeight)
  const top = doc.y
  // A Buffer (pdfkit takes any other value for a file name; the worker receives a plain Uint8Array),
  // or pdfkit's own image shape, which it takes though its types say a Buffer.
  const picture =
    transparent === undefined
      ? Buffer.from(block.bytes.buffer, block.bytes.byteOffset, block.bytes.byteLength)
      : (pdfImageOf(transparent) as unknown as Buffer)
  doc.addStructure(doc.struct('Figure', { alt: printable(block.alt) }, () => doc.image(picture, left, top, { width, height })))
  doc.y = top + height
  if (caption !== undefined) {
    doc.y += 6
    doc.font(FONTS.italic).fontSize(CAPTION_SIZE).fillColor(COLORS.muted).text(caption, left, doc.y, { width: columnWidth })
  }
  doc.x = left
  gap(doc, 16)
}

/** The quote in italics beside a bar (the brand colour's, else a border's), its author under it. */
export function drawQuote(doc: Pdf, block: Block<'quote'>, accent: string | undefined): void {
  const { left, width } = column(doc)
  const inner = { left: left + 16, width: width - 16 }
  const text = printable(block.text)
  const author = block.author?.trim() ? `— ${printable(block.author)}` : undefined
  doc.font(FONTS.italic).fontSize(12.5)
  keepTogether(doc, Math.min(doc.heightOfString(text, { width: inner.width }), 4 * TEXT_SIZE) + 2 * TEXT_SIZE)
  const top = doc.y
  doc.fillColor(COLORS.foreground).text(text, inner.left, top, { width: inner.width, lineGap: 3 })
  if (author !== undefined) {
    doc.moveDown(0.3)
    doc.font(FONTS.regular).fontSize(10).fillColor(COLORS.muted).text(author, inner.left, doc.y, { width: inner.width })
  }
  // The bar beside what landed on this page (a long quote may have moved on).
  const barTop = doc.y > top ? top : doc.page.margins.top
  doc
    .save()
    .rect(left, barTop, QUOTE_BAR, doc.y - barTop)
    .fillColor(accent ?? COLORS.border)
    .fill()
    .restore()
  doc.x = left
  gap(doc, 16)
}

/** A call to action: its label as a link (and the address printed, for paper); an unsafe address stays unlinked and unprinted. */
export function drawButton(doc: Pdf, block: Block<'button'>, accent: string | undefined): void {
  const { left, width } = column(doc)
  const label = printable(block.label)
  keepTogether(doc, 3 * TEXT_SIZE)
  doc
    .font(FONTS.semibold)
    .fontSize(12.5)
    .fillColor(block.href === undefined ? COLORS.foreground : (accent ?? COLORS.primary))
    .text(label, left, doc.y, { width, link: block.href ?? null, underline: block.href !== undefined })
  if (block.href !== undefined) {
    const shown = block.href.replace(/^mailto:/i, '')
    doc
      .font(FONTS.regular)
      .fontSize(9.5)
      .fillColor(COLORS.muted)
      .text(printable(shown), left, doc.y, { width, link: block.href, underline: false })
  }
  doc.x = left
  gap(doc, 16)
}
