// Puts a generated quote in the words of the text it comes from: the model may change case,
// spacing or dashes, or name the wrong page, without any dishonesty. A quote that is not in the
// text is left as it is: the honesty checks report it and the model gets to repair it. Quotes are
// compared as the honesty checks compare them (honesty-quotes.ts). A quote from a page read by text
// recognition is marked so, as the built-in analyzer marks it (the page shows the OCR note).
import type { CalculatorData, CalculatorParameter, CalculatorPrice, ParameterSource, PriceSource } from '@valueproof/formula'
import { fold, searchablePages, searchTextsOf, type FoldedText, type SearchablePage } from '../honesty-quotes.ts'
import type { AnalysisInput } from '../types.ts'

/** The schema's limit on a quote's length (parameterSourceSchema). */
const QUOTE_MAX_LENGTH = 600

interface Found {
  readonly page: number
  /** The passage as it stands in the text, whitespace collapsed. */
  readonly passage: string
}

/** A page with its folded text and where each folded character came from. */
interface FoldedPage extends SearchablePage {
  readonly folded: FoldedText
}

function findIn(page: FoldedPage, needle: string): Found | undefined {
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

export interface QuoteLocator {
  /** The source with the quote in the text's wording and on the page it is on; unchanged when the text does not contain it. */
  locate(source: ParameterSource): ParameterSource
}

export function createQuoteLocator(input: Pick<AnalysisInput, 'kind' | 'pages'>): QuoteLocator {
  const pages: FoldedPage[] = searchablePages(input).map((page) => ({ ...page, folded: fold(page.original) }))
  const ocrPages = new Set(input.pages.flatMap((page) => (page.ocr === true ? [page.page] : [])))

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
    locate(source) {
      if (source.kind === 'assumption' || source.quote === undefined) return source
      const found = find(source.quote, source.kind === 'document' ? source.page : undefined)
      if (found === undefined) return source
      // The text's own wording is kept, unless collapsing it made it longer than a quote may be.
      const quote = found.passage.length <= QUOTE_MAX_LENGTH && found.passage !== '' ? found.passage : source.quote
      // The kind follows the input: a model may call a description passage a document quote.
      if (input.kind === 'description') return { kind: 'description', quote }
      return { kind: 'document', quote, page: found.page, ...(ocrPages.has(found.page) ? { ocr: true as const } : {}) }
    },
  }
}

/** Every quote found in the text put in the text's wording and on its page; the rest left for the honesty checks to report. */
export function withLocatedSources(calculatorData: CalculatorData, input: Pick<AnalysisInput, 'kind' | 'pages'>): CalculatorData {
  const locator = createQuoteLocator(input)
  const parameters = calculatorData.parameters.map((parameter): CalculatorParameter =>
    parameter.source === undefined ? parameter : { ...parameter, source: locator.locate(parameter.source) },
  )
  const price = calculatorData.price
  return {
    ...calculatorData,
    parameters,
    ...(price === undefined ? {} : { price: { ...price, source: locatedPriceSource(locator, price) } }),
  }
}

/** The price's quote, located like a parameter's (an entered price has none). */
function locatedPriceSource(locator: QuoteLocator, price: CalculatorPrice): PriceSource {
  const source = price.source
  if (source.kind === 'entered') return source
  const located = locator.locate(source)
  return located.kind === 'assumption' ? source : located
}
