// Finding a quote in the text it claims to come from. Comparison ignores case, runs of whitespace,
// soft hyphens and typographic variants of dashes and quotation marks, which PDF extraction and
// models both change; wrapping quotation marks, ellipses and a final full stop do not count.
import type { AnalysisInput } from './types.ts'

export interface FoldedText {
  readonly text: string
  /** origin[i]: the index in the original text of folded character i. */
  readonly origin: readonly number[]
}

function foldCharacter(character: string): string {
  if (/\s/.test(character)) return ' '
  if (character === '\u00AD') return ''
  if (/[\u2010-\u2015\u2212]/.test(character)) return '-'
  if (/[\u2018\u2019\u201A\u201B\u2032]/.test(character)) return "'"
  if (/[\u201C-\u201F\u2033\u00AB\u00BB]/.test(character)) return '"'
  return character.toLowerCase()
}

/** The text as compared: what `fold` gives, built with whole-string replacements (fast on long pages). */
export function foldedText(original: string): string {
  return original
    .replace(/\u00AD/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/[\u201C-\u201F\u2033\u00AB\u00BB]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

/** The text as compared, with where each of its characters came from. */
export function fold(original: string): FoldedText {
  let text = ''
  const origin: number[] = []
  let index = 0
  for (const character of original) {
    const folded = foldCharacter(character)
    const isSpace = folded === ' '
    if (!(isSpace && (text === '' || text.endsWith(' ')))) {
      for (const unit of folded) {
        text += unit
        origin.push(index)
      }
    }
    index += character.length
  }
  if (text.endsWith(' ')) {
    text = text.slice(0, -1)
    origin.pop()
  }
  return { text, origin }
}

/** The quote as searched for: folded, without wrapping quotation marks or ellipses; then also without a final full stop. */
export function searchTextsOf(quote: string): string[] {
  const bare = fold(quote)
    .text.replace(/^["'\s…]+|["'\s…]+$/g, '')
    .replace(/^\.{3}\s*|\s*\.{3}$/g, '')
  const withoutStop = bare.replace(/[\s.]+$/, '')
  return [...new Set([bare, withoutStop])].filter((text) => text !== '')
}

export interface SearchablePage {
  readonly page: number
  readonly original: string
}

/** A document's pages as they are; a description as one page (its parts are one text to the user). */
export function searchablePages(input: Pick<AnalysisInput, 'kind' | 'pages'>): SearchablePage[] {
  if (input.kind === 'document') return input.pages.map((page) => ({ page: page.page, original: page.text }))
  return [{ page: 1, original: input.pages.map((page) => page.text).join('\n\n') }]
}

/** Finds quotes in the pages, folding each page once. */
export function createQuoteFinder(pages: readonly SearchablePage[]): (quote: string) => number[] {
  const folded = pages.map((page) => ({ page: page.page, text: foldedText(page.original) }))
  /** The pages a quote is on, in page order; empty when it is in none. */
  return (quote) => {
    const needles = searchTextsOf(quote)
    return folded.filter((page) => needles.some((needle) => page.text.includes(needle))).map((page) => page.page)
  }
}
