// Template and placeholder text: a price in "Title $10,000 / 8-10 weeks" under "Some intro text."
// is not a price anyone quoted, but an example figure: it is kept, and marked as an example
// wherever it is used (issue 14). The rule (see the report of issue 5):
//  1. A line is *template text* when it matches a placeholder marker: lorem ipsum, "Some … text",
//     a lone "A Subhead", "[Client Name]"-style brackets, {{fields}}, <insert …>, a lone
//     "Company Name"/"Client Name", "XX"/"XXX", "Your company/name/logo", "insert … here".
//     Unfilled form prompts ("Klicka eller tryck här för att ange text", "Click or tap here to
//     enter text") are counted apart: they mark an empty field, not fake content.
//  2. A document is *dominated by placeholders* when at least 3 lines, and at least a fifth of its
//     non-empty lines, are template text: then every one of its figures is an example figure.
//  3. Otherwise a figure is a placeholder when its own line is template text, or when the rest of
//     its line is nothing but template labels ("Title", "Name", "Price", …) on a page that has
//     template text.

const TEMPLATE_MARKERS: readonly RegExp[] = [
  /lorem ipsum/i,
  /(?:^|[^\p{L}])some\s+(?:\p{L}+\s+){0,3}(?:sub)?text(?![\p{L}])/iu,
  /^\s*(?:an?\s+)?sub-?head(?:ing|line)?s?\s*$/i,
  /\[(?![•·\s]{0,5}\])[^\]\n]{1,60}\]/u,
  /\{\{[^}\n]{0,60}\}\}/,
  /<(?:insert|your|client|company|name|date|amount|price)[^>\n]{0,40}>/i,
  /^\s*(?:company|client|customer|your|project|product|contact)\s+name\s*:?\s*$/i,
  /(?:^|[^\p{L}])X{2,}(?![\p{L}])/u,
  /(?:^|[^\p{L}])your\s+(?:company|name|logo|client)(?![\p{L}])/iu,
  /(?:^|[^\p{L}])insert\s+(?:\p{L}+\s+){0,4}here(?![\p{L}])/iu,
]

const PROMPT_MARKERS: readonly RegExp[] = [/klicka eller tryck här/i, /click or tap here/i, /click here to enter/i]

/** Words that only label a field in a template row ("Title", "Price"). */
const TEMPLATE_LABELS = new Set([
  'title',
  'name',
  'price',
  'cost',
  'amount',
  'item',
  'total',
  'description',
  'fee',
  'rate',
  'timeline',
  'service',
  'package',
  'titel',
  'namn',
  'pris',
  'kostnad',
  'belopp',
  'summa',
  'tjänst',
  'paket',
  'beskrivning',
])

export type LineMarker = 'template' | 'prompt'

export function lineMarker(line: string): LineMarker | undefined {
  if (TEMPLATE_MARKERS.some((pattern) => pattern.test(line))) return 'template'
  if (PROMPT_MARKERS.some((pattern) => pattern.test(line))) return 'prompt'
  return undefined
}

export interface TemplateReading {
  /** Rule 2: so much placeholder text that no figure in it can be trusted. */
  readonly dominated: boolean
  readonly templateLines: number
  readonly promptLines: number
  readonly contentLines: number
  /** Pages with at least one line of template text. */
  readonly pagesWithTemplateText: ReadonlySet<number>
}

export function readTemplate(pages: ReadonlyArray<{ readonly page: number; readonly text: string }>): TemplateReading {
  let templateLines = 0
  let promptLines = 0
  let contentLines = 0
  const pagesWithTemplateText = new Set<number>()
  for (const { page, text } of pages) {
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue
      contentLines += 1
      const marker = lineMarker(line)
      if (marker === 'template') {
        templateLines += 1
        pagesWithTemplateText.add(page)
      } else if (marker === 'prompt') {
        promptLines += 1
      }
    }
  }
  const dominated = templateLines >= 3 && templateLines >= contentLines / 5
  return { dominated, templateLines, promptLines, contentLines, pagesWithTemplateText }
}

/**
 * Rule 3 for one figure: `line` is the figure's whole line, `figureTexts` the texts of every figure
 * on it (removed before looking at what is left).
 */
export function isPlaceholderLine(line: string, figureTexts: readonly string[], pageHasTemplateText: boolean): boolean {
  if (lineMarker(line) === 'template') return true
  // A template row is short ("Title  $10,000 / 8-10 weeks").
  if (!pageHasTemplateText || line.length > 200) return false
  let rest = line
  for (const text of figureTexts) rest = rest.replace(text, ' ')
  const words = rest.toLowerCase().match(/\p{L}+/gu) ?? []
  return words.length > 0 && words.length <= 3 && words.every((word) => TEMPLATE_LABELS.has(word))
}
