// A section's rich text (the editor's JSON, issue 37) as PDF text: paragraphs of runs in the
// regular, bold, italic and bold italic faces; h3/h4 headings; bulleted and numbered lists indented
// by their depth; links as link annotations, https: and mailto: only (anything else stays text).
import { isSafeHref, type RichBlockNode, type RichInline, type RichListItem, type RichText } from '@valueproof/contracts/proposal-document'
import { COLORS, FONTS, keepTogether, LINE_GAP, printable, TEXT_SIZE, type Pdf } from './pdf-layout.ts'

/** Where the text goes: its left edge and width (lists narrow it). */
export interface TextBox {
  left: number
  width: number
}

export interface RichTextStyle {
  size: number
  color: string
}

interface Run {
  text: string
  bold: boolean
  italic: boolean
  /** A safe link's target. */
  href: string | undefined
}

const LIST_INDENT = 18
const PARAGRAPH_GAP = 6
const LIST_ITEM_GAP = 2
const HEADING_SIZES = { 3: 13.5, 4: 12 } as const

function fontOf(run: Pick<Run, 'bold' | 'italic'>): string {
  if (run.bold) return run.italic ? FONTS.boldItalic : FONTS.bold
  return run.italic ? FONTS.italic : FONTS.regular
}

/** The inline nodes as lines of runs: a hard break starts a new line. */
export function linesOf(inlines: readonly RichInline[], bold = false): Run[][] {
  const lines: Run[][] = [[]]
  for (const inline of inlines) {
    if (inline.type === 'hardBreak') {
      lines.push([])
      continue
    }
    const text = printable(inline.text)
    if (text === '') continue
    const marks = inline.marks ?? []
    const link = marks.find((mark) => mark.type === 'link')
    lines.at(-1)?.push({
      text,
      bold: bold || marks.some((mark) => mark.type === 'bold'),
      italic: marks.some((mark) => mark.type === 'italic'),
      href: link !== undefined && isSafeHref(link.attrs.href) ? link.attrs.href : undefined,
    })
  }
  // Breaks at the end show nothing in the editor either.
  while (lines.length > 1 && lines.at(-1)?.length === 0) lines.pop()
  return lines
}

/** One paragraph's runs flowing as one text, each in its face; a link blue and underlined. */
function drawRuns(doc: Pdf, runs: readonly Run[], box: TextBox, style: RichTextStyle & { gap: number }): void {
  runs.forEach((run, index) => {
    const last = index === runs.length - 1
    doc
      .font(fontOf(run))
      .fontSize(style.size)
      .fillColor(run.href === undefined ? style.color : COLORS.primary)
    const options = {
      width: box.width,
      lineGap: LINE_GAP,
      paragraphGap: last ? style.gap : 0,
      continued: !last,
      // pdfkit carries a run's options into the next: a plain run says it has no link.
      link: run.href ?? null,
      underline: run.href !== undefined,
    }
    if (index === 0) doc.text(run.text, box.left, doc.y, options)
    else doc.text(run.text, options)
  })
}

/** Each line of runs flows as one text (pdfkit drops a line break that ends a continued run); an empty line keeps its height. */
function drawLines(doc: Pdf, lines: readonly Run[][], box: TextBox, style: RichTextStyle & { gap: number }): void {
  lines.forEach((runs, index) => {
    const gap = index === lines.length - 1 ? style.gap : 0
    if (runs.length === 0) doc.y += style.size + LINE_GAP + gap
    else drawRuns(doc, runs, box, { ...style, gap })
  })
}

function drawParagraph(doc: Pdf, inlines: readonly RichInline[] | undefined, box: TextBox, style: RichTextStyle, gap: number): void {
  const lines = linesOf(inlines ?? [])
  if (lines.length === 1 && lines[0]?.length === 0) {
    doc.y += style.size / 2
    return
  }
  drawLines(doc, lines, box, { ...style, gap })
}

function drawHeading(doc: Pdf, node: Extract<RichBlockNode, { type: 'heading' }>, box: TextBox, style: RichTextStyle): void {
  const lines = linesOf(node.content ?? [], true)
  if (lines.every((line) => line.length === 0)) return
  const size = HEADING_SIZES[node.attrs.level]
  doc.y += 4
  // Not alone at a page's foot: two lines of what it heads come with it.
  keepTogether(doc, size * 1.4 + 2 * (style.size + LINE_GAP))
  drawLines(doc, lines, box, { size, color: style.color, gap: 4 })
}

function drawList(
  doc: Pdf,
  node: Extract<RichBlockNode, { type: 'bulletList' | 'orderedList' }>,
  box: TextBox,
  style: RichTextStyle,
): void {
  const start = node.type === 'orderedList' ? (node.attrs?.start ?? 1) : 1
  const inner = { left: box.left + LIST_INDENT, width: box.width - LIST_INDENT }
  node.content.forEach((item: RichListItem, index) => {
    // The marker and its item's first line on one page.
    keepTogether(doc, 2 * (style.size + LINE_GAP))
    const top = doc.y
    const marker = node.type === 'orderedList' ? `${start + index}.` : '•'
    doc.font(FONTS.regular).fontSize(style.size).fillColor(style.color)
    doc.text(marker, box.left, top, { width: LIST_INDENT - 4, lineBreak: false, link: null, underline: false })
    doc.y = top
    drawNodes(doc, item.content, inner, style, LIST_ITEM_GAP)
  })
  doc.x = box.left
  doc.y += PARAGRAPH_GAP - LIST_ITEM_GAP
}

function drawNodes(doc: Pdf, nodes: readonly RichBlockNode[], box: TextBox, style: RichTextStyle, gap: number): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'paragraph':
        drawParagraph(doc, node.content, box, style, gap)
        break
      case 'heading':
        drawHeading(doc, node, box, style)
        break
      case 'bulletList':
      case 'orderedList':
        drawList(doc, node, box, style)
    }
  }
}

/** The rich text flowing over pages in `box`. */
export function drawRichText(doc: Pdf, richText: RichText, box: TextBox, style: Partial<RichTextStyle> = {}): void {
  drawNodes(doc, richText.content, box, { size: style.size ?? TEXT_SIZE, color: style.color ?? COLORS.foreground }, PARAGRAPH_GAP)
  doc.x = box.left
}
