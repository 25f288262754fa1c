// A proposal's PDF from its content (pdf-content.ts): the page's order and look on A4 — company
// header, title and date, the headline, the payback chart, the agreed figures, the document's
// blocks (sections, images, the calculator card, pricing, quotes, buttons), the contact block — and on every page the share link and "Page n of m".
// All text is real text in an embedded font; the chart and the product mark are vector drawing.
// Runs in the PDF worker thread (pdf-worker-thread.ts); tests call it directly.
import { calculatorTexts, proposalTexts } from '@valueproof/formula'
import PDFDocument from 'pdfkit'
import { drawPaybackChart } from './pdf-chart.ts'
import type { PdfBlock, ProposalPdfContent } from './pdf-content.ts'
import { drawButton, drawImage, drawQuote, drawSection } from './pdf-blocks.ts'
import { drawAgreement, drawCalculator, drawHeadline } from './pdf-figures.ts'
import { fontFaces, type FontWeight } from './pdf-fonts.ts'
import {
  bodyText,
  column,
  COLORS,
  FONTS,
  FOOTER_FROM_BOTTOM,
  gap,
  heading,
  keepTogether,
  PAGE_MARGINS,
  printable,
  rule,
  type Pdf,
} from './pdf-layout.ts'
import { drawPricingTable } from './pdf-pricing-table.ts'
import { transparentImageOf, type TransparentImage } from './pdf-transparent-images.ts'

const PRODUCT_NAME = 'ValueProof'
const MARK_SIZE = 22
const CALCULATOR_START_HEIGHT = 150

/** ValueProof's mark (web/public/favicon.svg: a blue rounded square with a white tick) as vector drawing. */
function drawProductMark(doc: Pdf, x: number, y: number): void {
  const scale = MARK_SIZE / 32
  doc
    .save()
    .roundedRect(x, y, MARK_SIZE, MARK_SIZE, 7 * scale)
    .fillColor(COLORS.primary)
    .fill()
  doc
    .moveTo(x + 8 * scale, y + 17 * scale)
    .lineTo(x + 13 * scale, y + 22 * scale)
    .lineTo(x + 24 * scale, y + 10 * scale)
    .lineWidth(3.5 * scale)
    .lineCap('round')
    .lineJoin('round')
    .strokeColor(COLORS.white)
    .stroke()
    .restore()
}

/** SPEC §2's company header: the product's mark and name, or the Pro seller's company name (its logo is not embedded). */
function drawHeader(doc: Pdf, content: ProposalPdfContent): void {
  const { left, width } = column(doc)
  const top = doc.y
  const product = content.header.kind === 'product'
  const name = product ? (content.header.name ?? PRODUCT_NAME) : content.header.name
  if (name === undefined) return
  const textLeft = product ? left + MARK_SIZE + 10 : left
  if (product) drawProductMark(doc, left, top)
  doc
    .font(FONTS.bold)
    .fontSize(product ? 15 : 17)
    .fillColor(COLORS.foreground)
    .text(printable(name), textLeft, top + (product ? 2 : 0), { width: width - (textLeft - left) })
  const bottom = Math.max(doc.y, top + MARK_SIZE) + 12
  rule(doc, bottom)
  doc.x = left
  doc.y = bottom + 22
}

function drawTitle(doc: Pdf, content: ProposalPdfContent): void {
  const { left, width } = column(doc)
  doc.font(FONTS.bold).fontSize(24).fillColor(COLORS.foreground).text(printable(content.title), left, doc.y, { width, lineGap: 2 })
  if (content.date !== undefined) {
    doc.moveDown(0.2)
    doc.font(FONTS.regular).fontSize(11).fillColor(COLORS.muted).text(content.date, left, doc.y, { width })
  }
  gap(doc, 18)
}

function drawContact(doc: Pdf, content: ProposalPdfContent, footer: boolean): void {
  const { left, width } = column(doc)
  const { contact } = content
  if (footer) {
    gap(doc, 8)
    rule(doc, doc.y)
    gap(doc, 12)
  }
  const color = footer ? COLORS.muted : COLORS.foreground
  if (contact.heading !== undefined) {
    doc.font(FONTS.semibold).fontSize(10.5).fillColor(COLORS.foreground).text(printable(contact.heading), left, doc.y, { width })
  }
  for (const line of contact.lines) bodyText(doc, line, { size: 10.5, color, paragraphGap: 1 })
  if (contact.website !== undefined) {
    const website = printable(contact.website)
    const href = /^https?:\/\//i.test(website) ? website : undefined
    doc
      .font(FONTS.regular)
      .fontSize(10.5)
      .fillColor(COLORS.primary)
      .text(website, left, doc.y, { width, ...(href ? { link: href } : {}) })
  }
}

function drawBlock(doc: Pdf, content: ProposalPdfContent, block: PdfBlock, transparent: TransparentImages): void {
  const { accent } = content
  switch (block.kind) {
    case 'section':
      drawSection(doc, block, accent)
      return
    case 'image':
      drawImage(doc, block, transparent.get(block))
      return
    case 'calculator':
      drawCalculatorBlock(doc, content, block.heading)
      return
    case 'pricing':
      drawPricingTable(doc, block.table, accent)
      return
    case 'quote':
      drawQuote(doc, block, accent)
      return
    case 'button':
      drawButton(doc, block, accent)
      return
    case 'contact':
      drawContact(doc, content, block.footer)
  }
}

function drawCalculatorBlock(doc: Pdf, content: ProposalPdfContent, title: string | undefined): void {
  // Not alone at a page's foot: the card's name and first inputs come with it.
  if (title !== undefined) heading(doc, title, { followedBy: CALCULATOR_START_HEIGHT, accent: content.accent })
  else keepTogether(doc, CALCULATOR_START_HEIGHT)
  if (content.calculator === undefined) {
    bodyText(doc, proposalTexts(content.language).calculatorCannotBeShown, { color: COLORS.muted })
    gap(doc, 16)
  } else drawCalculator(doc, content.calculator, calculatorTexts(content.language).estimate)
}

/** The share link at the left and "Page n of m" at the right of every page, under a hairline. */
function drawFooters(doc: Pdf, content: ProposalPdfContent): void {
  const texts = proposalTexts(content.language)
  const { start, count } = doc.bufferedPageRange()
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index)
    // Below the bottom margin text would start a new page; the footer sits there by design.
    const margins = doc.page.margins
    doc.page.margins = { ...margins, bottom: 0 }
    const { left, width } = column(doc)
    const y = doc.page.height - FOOTER_FROM_BOTTOM
    rule(doc, y)
    const pageLabel = texts.pageOf(index - start + 1, count)
    doc.font(FONTS.regular).fontSize(8.5)
    const labelWidth = doc.widthOfString(pageLabel)
    doc
      .fillColor(COLORS.muted)
      .text(pageLabel, left + width - labelWidth, y + 8, { lineBreak: false })
      .fillColor(COLORS.primary)
      .text(content.shareUrl, left, y + 8, { width: width - labelWidth - 16, lineBreak: false, ellipsis: true, link: content.shareUrl })
    doc.page.margins = margins
  }
}

type TransparentImages = ReadonlyMap<PdfBlock, TransparentImage>

/** The image blocks that are PNGs with transparency, split before drawing (pdf-transparent-images.ts). */
async function transparentImagesOf(blocks: readonly PdfBlock[]): Promise<TransparentImages> {
  const split = await Promise.all(
    blocks.map(async (block) => [block, block.kind === 'image' ? await transparentImageOf(block.bytes) : undefined] as const),
  )
  return new Map(split.flatMap(([block, image]) => (image === undefined ? [] : [[block, image] as const])))
}

/** The PDF's bytes. */
export async function renderProposalPdf(content: ProposalPdfContent): Promise<Uint8Array<ArrayBuffer>> {
  const transparent = await transparentImagesOf(content.blocks)
  const fonts = fontFaces()
  const doc: Pdf = new PDFDocument({
    size: 'A4',
    margins: PAGE_MARGINS,
    bufferPages: true,
    // The first font pdfkit opens; a parsed font is accepted, though its types say a name (else Helvetica would be added unused).
    font: fonts.regular as unknown as string,
    lang: content.language === 'sv' ? 'sv-SE' : 'en-US',
    displayTitle: true,
    info: { Title: printable(content.title), Creator: PRODUCT_NAME, Producer: PRODUCT_NAME },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })
  // Awaited only after drawing: should drawing throw first, the stream's error is not left unhandled.
  void ended.catch(() => undefined)
  // pdfkit takes a parsed font where its types say a file's bytes.
  for (const weight of Object.keys(FONTS) as FontWeight[]) doc.registerFont(FONTS[weight], fonts[weight] as unknown as Buffer)

  drawHeader(doc, content)
  drawTitle(doc, content)
  const estimate = calculatorTexts(content.language).estimate
  if (content.headline !== undefined) drawHeadline(doc, content.headline)
  if (content.chart !== undefined) {
    drawPaybackChart(doc, content.chart)
    gap(doc, 16)
  }
  if (content.agreement !== undefined) drawAgreement(doc, content.agreement, estimate)
  for (const block of content.blocks) drawBlock(doc, content, block, transparent)
  drawFooters(doc, content)
  doc.end()
  await ended
  // One buffer of its own, so the worker can transfer it rather than copy it.
  const bytes = new Uint8Array(new ArrayBuffer(chunks.reduce((sum, chunk) => sum + chunk.length, 0)))
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return bytes
}
