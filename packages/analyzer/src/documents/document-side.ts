// The documents stage (docs/decisions/126): a document's pages → the pages the read stage reads
// (tables rebuilt as rows, repeated pages left out), the lines of its price and the price they add
// up to, and the domain whose value a document that claims none is shown with.
import type { Currency } from '@valueproof/formula'
import type { Language, TextPage } from '../types.ts'
import { detectSwedish, scanOptionsFor, wordsIn } from './document-reading.ts'
import type { PriceLines } from './lines.ts'
import { pagesForReading } from './pages.ts'
import { readTemplate } from './placeholders.ts'
import { readPriceLines } from './price-lines.ts'
import { priceSide, type DocumentPrice } from './price-side.ts'
import { valueDomainOf, type ValueDomain } from './value-domains.ts'

export interface DocumentSideOptions {
  readonly language: Language
  readonly currency: Currency
  /** The uploaded file's name: a hint to the document's domain. */
  readonly fileName?: string
}

export interface DocumentSide {
  /** The pages for the read stage: tables rebuilt as rows, repeats of earlier pages left out. */
  readonly pages: readonly TextPage[]
  /** Pages left out as repeats of an earlier page. */
  readonly repeated: ReadonlySet<number>
  readonly lines: PriceLines
  /** The engagement's price as the document states it, or undefined when it states none. */
  readonly price?: DocumentPrice
  /** The document is mostly placeholder text ("Some intro text.", "Title $10,000"): its figures are examples. */
  readonly template: boolean
  readonly domain: ValueDomain
}

export function readDocumentSide(pages: readonly TextPage[], options: DocumentSideOptions): DocumentSide {
  const reading = pagesForReading(pages)
  const text = reading.pages.map((page) => page.text).join('\n')
  const scan = scanOptionsFor(text, detectSwedish(wordsIn(text)))
  const lines = readPriceLines(reading.pages, scan)
  const price = priceSide(lines, { currency: options.currency, language: options.language, text })
  const fileName = options.fileName?.replace(/[-_.]+/g, ' ') ?? ''
  const domain = valueDomainOf(text, `${fileName}\n${text.slice(0, 400)}`)
  const template = readTemplate(reading.pages).dominated
  return { pages: reading.pages, repeated: reading.repeated, lines, ...(price === undefined ? {} : { price }), domain, template }
}
