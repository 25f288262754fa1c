// Keeps generated sources honest: a quote must occur in the text it claims to come from. A quote
// that does not becomes an assumption (the figure stays, the claim goes); a quote found on another
// page gets that page. Comparison ignores case, runs of whitespace and typographic variants of
// dashes and quotation marks, which PDF extraction and models both change.
import type { CalculatorData, CalculatorParameter, ParameterSource } from '@valueproof/formula'
import type { AnalysisInput, Language } from '../types.ts'

const ASSUMPTION_NOTES: Record<AnalysisInput['kind'], Record<Language, string>> = {
  document: { en: 'Assumption — no figure in the document', sv: 'Antagande — ingen siffra i dokumentet' },
  description: { en: 'Assumption — no figure in the description', sv: 'Antagande — ingen siffra i beskrivningen' },
}

/** The schema's limit on a quote's length (parameterSourceSchema). */
const QUOTE_MAX_LENGTH = 600

interface FoldedText {
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

function fold(original: string): FoldedText {
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
function searchTextsOf(quote: string): string[] {
  const bare = fold(quote)
    .text.replace(/^["'\s…]+|["'\s…]+$/g, '')
    .replace(/^\.{3}\s*|\s*\.{3}$/g, '')
  const withoutStop = bare.replace(/[\s.]+$/, '')
  return [...new Set([bare, withoutStop])].filter((text) => text !== '')
}

interface Found {
  readonly page: number
  /** The passage as it stands in the text, whitespace collapsed. */
  readonly passage: string
}

interface SearchablePage {
  readonly page: number
  readonly original: string
  readonly folded: FoldedText
}

function findIn(page: SearchablePage, needle: string): Found | undefined {
  const start = page.folded.text.indexOf(needle)
  if (start < 0) return undefined
  const from = page.folded.origin[start]
  const last = page.folded.origin[start + needle.length - 1]
  if (from === undefined || last === undefined) return undefined
  const lastCharacter = page.original.codePointAt(last) ?? 0
  const to = last + (lastCharacter > 0xffff ? 2 : 1)
  return {
    page: page.page,
    passage: page.original
      .slice(from, to)
      .replace(/\u00AD/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  }
}

export interface QuoteChecker {
  /** The corrected source, or an assumption when the quote is not in the text. */
  check(source: ParameterSource | undefined): ParameterSource
}

export function createQuoteChecker(input: Pick<AnalysisInput, 'kind' | 'pages' | 'language'>): QuoteChecker {
  const pages: SearchablePage[] =
    input.kind === 'document'
      ? input.pages.map((page) => ({ page: page.page, original: page.text, folded: fold(page.text) }))
      : [
          {
            page: 1,
            original: input.pages.map((page) => page.text).join('\n\n'),
            folded: fold(input.pages.map((page) => page.text).join('\n\n')),
          },
        ]
  const assumption: ParameterSource = { kind: 'assumption', note: ASSUMPTION_NOTES[input.kind][input.language] }

  const find = (quote: string, preferredPage: number | undefined): Found | undefined => {
    const preferred = pages.find((page) => page.page === preferredPage)
    const searchOrder = preferred === undefined ? pages : [preferred, ...pages.filter((page) => page !== preferred)]
    for (const needle of searchTextsOf(quote)) {
      for (const page of searchOrder) {
        const found = findIn(page, needle)
        if (found !== undefined) return found
      }
    }
    return undefined
  }

  return {
    check(source) {
      if (source === undefined) return assumption
      if (source.kind === 'assumption') return source
      const found = find(source.quote, source.kind === 'document' ? source.page : undefined)
      if (found === undefined) return assumption
      // The text's own wording is kept, unless collapsing it made it longer than a quote may be.
      const quote = found.passage.length <= QUOTE_MAX_LENGTH && found.passage !== '' ? found.passage : source.quote
      // The kind follows the input: a model may call a description passage a document quote.
      return input.kind === 'document' ? { kind: 'document', quote, page: found.page } : { kind: 'description', quote }
    },
  }
}

/** Every parameter's source checked against the text. */
export function withCheckedSources(
  calculatorData: CalculatorData,
  input: Pick<AnalysisInput, 'kind' | 'pages' | 'language'>,
): CalculatorData {
  const checker = createQuoteChecker(input)
  const parameters = calculatorData.parameters.map((parameter): CalculatorParameter => ({
    ...parameter,
    source: checker.check(parameter.source),
  }))
  return { ...calculatorData, parameters }
}
